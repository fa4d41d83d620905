import { ZSite, type TSite, type TSiteFull } from '@riskatlas/domain';

/**
 * A site as GET sites presents it, for component tests (parsed through the contract, so a field the
 * contract adds or renames fails here first). Test input only.
 */
export function makeSite(overrides: Partial<TSite> = {}): TSite {
  const siteId = overrides.siteId ?? 1;
  return ZSite.parse({
    siteId,
    siteName: `Site ${siteId}`,
    notes: null,
    tags: [],
    street: '100 Main St',
    street2: null,
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    countryCode: 'USA',
    countryDisplay: 'United States',
    latitude: 39.7817,
    longitude: -89.6501,
    ct: 2,
    created: '2025-06-01T12:00:00.000Z',
    lrr: null,
    eid: null,
    s: {},
    l: null,
    i: null,
    classes: [],
    classificationView: null,
    geocodeType: 'ADDRESS',
    ...overrides,
  });
}

/** GET sites/full/{id} of a site: county Sangamon, no reports or comments, every permission but delete (test input only). */
export function makeSiteFull(site: TSite, overrides: Partial<TSiteFull> = {}): TSiteFull {
  return {
    site,
    county: 'Sangamon',
    reports: [],
    commentsCount: 0,
    externalIDName: 'Store number',
    permissions: { canEdit: true, canComment: true, canDelete: false, deleteNeedsReason: false },
    ...overrides,
  };
}
