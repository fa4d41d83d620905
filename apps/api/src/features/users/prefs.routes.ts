import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPrefGetQuery, ZPrefList, ZPrefQuery, ZPrefResponse, ZPrefSetForAllResponse } from '@riskatlas/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { getAllPrefs, getPref, savePref, savePrefForAll } from './prefs.service';

/** GET/POST users/prefs?type and POST users/prefs/setforall?type. */
export function prefsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.database.db;
    const tags = ['users'];

    app.get(
      '/users/prefs',
      { schema: { tags, summary: "The caller's preference of a type (or all of them)", querystring: ZPrefGetQuery, response: { 200: z.union([ZPrefResponse, ZPrefList]) } } },
      async (request) => {
        const auth = authOf(request);
        const type = request.query.type;
        return type ? getPref(db, auth, type) : getAllPrefs(db, auth);
      },
    );

    // The body is the value itself (an object, a list, …); its schema depends on ?type, so it is
    // validated in the service against PREF_VALUE_SCHEMAS.
    app.post(
      '/users/prefs',
      {
        config: { readOnlyAllowed: "the caller's own display preferences, which read-only users keep too" },
        schema: { tags, summary: "Save the caller's preference (appSettings merges)", querystring: ZPrefQuery, body: z.unknown(), response: { 200: ZPrefResponse } },
      },
      async (request) => savePref(db, authOf(request), request.query.type, request.body, deps.now()),
    );

    app.post(
      '/users/prefs/setforall',
      {
        config: { admin: true, write: true },
        schema: { tags, summary: 'Set a preference for every user of the account (admin, impersonation, staff)', querystring: ZPrefQuery, body: z.unknown(), response: { 200: ZPrefSetForAllResponse } },
      },
      async (request) => savePrefForAll(db, authOf(request), request.query.type, request.body, deps.now()),
    );
  };
}
