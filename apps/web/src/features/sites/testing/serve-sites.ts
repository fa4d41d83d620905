import { encodePackedSites, type TSite } from '@riskatlas/domain';
import { mockApi, type Handler, type MockApi, type MockReply } from '../../../test/mock-api';

/**
 * Serves GET m/sites in component tests: the sites packed with packages/domain's encoder, or an
 * error reply. The mock API records the calls, so `api.callsTo('GET m/sites')` works.
 */
export function serveSites(api: MockApi, sites: () => TSite[] | MockReply): void {
  api.on('GET m/sites', () => {
    const answer = sites();
    return Array.isArray(answer) ? { bytes: encodePackedSites(answer) } : answer;
  });
}

/** A mock API with these routes that also serves GET m/sites (a list, or a function for lists that change). */
export function mockSitesApi(routes: Record<string, Handler>, sites: TSite[] | (() => TSite[] | MockReply)): MockApi {
  const api = mockApi(routes);
  serveSites(api, typeof sites === 'function' ? sites : () => sites);
  return api;
}
