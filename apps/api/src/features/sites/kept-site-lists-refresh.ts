import type { FastifyInstance } from 'fastify';
import type { KeptSiteLists } from './kept-site-lists';

/**
 * After every successful write request (any module: sites, reports, tags, …) the caller's account's
 * kept site lists are brought up to date in the background, starting at once (KeptSiteLists.refreshAccount),
 * so a reload or another user's visit right after a change finds the list rebuilt or being rebuilt.
 * onResponse runs after the write's transaction committed, so the rebuild reads the new stamp.
 * Added on the root instance, so it sees every route.
 */
export function refreshSiteListsAfterWrites(app: FastifyInstance, cache: KeptSiteLists): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (reply.statusCode >= 400 || !request.auth) return;
    cache.refreshAccount(request.auth.accountId);
  });
}
