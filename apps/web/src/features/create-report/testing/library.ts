import { encodePackedSites, ZSite, type TSite } from '@riskatlas/domain';
import { mockApi, type Handler } from '../../../test/mock-api';

/** A library site for these tests: a scored-nowhere store in Springfield, IL unless told otherwise. Test input only. */
export function librarySite(overrides: Partial<TSite> & { siteId: number }): TSite {
  const base = { siteName: `Store ${overrides.siteId}`, notes: null, tags: [], street: '1 Main St', street2: null, city: 'Springfield', state: 'IL', zipCode: '62701' };
  const place = { countryCode: 'USA', countryDisplay: 'United States', latitude: 39.7817, longitude: -89.6501, ct: 2, geocodeType: 'ADDRESS' };
  const reports = { created: '2026-01-02T00:00:00.000Z', lrr: null, eid: null, s: {}, l: null, i: null, classes: [], classificationView: null };
  return ZSite.parse({ ...base, ...place, ...reports, ...overrides });
}

/** A mock API with these routes whose GET m/sites serves the library the function returns at each call. */
export function mockLibrary(routes: Record<string, Handler>, sites: () => TSite[]) {
  const api = mockApi(routes);
  api.on('GET m/sites', () => ({ bytes: encodePackedSites(sites()) }));
  return api;
}
