import { encodePackedSites, ZSite, type TSite } from '@riskatlas/domain';
import { makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes, type Handler } from '../../../test/mock-api';

/** A site of the user's portfolio for the map tests: a name at a point, in the USA, without a report unless told. Test input only. */
export function mapSite(siteId: number, siteName: string, at: { latitude: number; longitude: number }, more: Partial<TSite> = {}): TSite {
  return ZSite.parse({
    siteId, siteName, notes: null, tags: [], street: null, street2: null, city: null, state: null, zipCode: null,
    countryCode: 'USA', countryDisplay: 'United States', ...at, ct: 3, created: '2026-01-05T09:00:00.000Z',
    lrr: null, eid: null, s: {}, l: null, i: null, classes: [], classificationView: null, geocodeType: 'MANUAL', ...more,
  });
}

/** A signed-in user's mock API whose site list (GET m/sites) holds these sites. */
export function mockMapApi(sites: readonly TSite[], routes: Record<string, Handler> = {}) {
  return mockApi({ ...signedInRoutes(makeUser()), 'GET m/sites': { bytes: encodePackedSites([...sites]) }, ...routes });
}
