import { vi } from 'vitest';
import { encodePackedSites, type TSite } from '@riskatlas/domain';
import { mockApi, type Handler, type MockApi, type MockReply } from '../../../test/mock-api';

/**
 * Serves GET m/sites in component tests: the sites packed with packages/domain's encoder (binary,
 * which the JSON mock cannot carry), or an error reply. Other requests go to the mock API; the
 * m/sites calls are recorded with them, so `api.callsTo('GET m/sites')` works.
 */
export function serveSites(api: MockApi, sites: () => TSite[] | MockReply): void {
  const next = api.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/m/sites') return next(input, init);
    api.calls.push({ method: 'GET', path: 'm/sites', query: url.searchParams, headers: {}, body: undefined });
    const answer = sites();
    if (Array.isArray(answer)) return new Response(encodePackedSites(answer) as BodyInit, { status: 200, headers: { 'content-type': 'application/octet-stream' } });
    return new Response(JSON.stringify(answer.body ?? null), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
}

/** A mock API with these routes that also serves GET m/sites (a list, or a function for lists that change). */
export function mockSitesApi(routes: Record<string, Handler>, sites: TSite[] | (() => TSite[] | MockReply)): MockApi {
  const api = mockApi(routes);
  serveSites(api, typeof sites === 'function' ? sites : () => sites);
  return api;
}
