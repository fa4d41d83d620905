import { ZSite, type TSite } from '@riskatlas/domain';

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
