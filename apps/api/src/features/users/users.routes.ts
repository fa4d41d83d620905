import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCurrentUser, ZSessionInfo, ZSessionQuery } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { hashToken } from '../../lib/tokens';
import { authOf, SESSION_COOKIE } from '../../access/request-auth';
import { findSessionWithUser } from '../../access/sessions.repository';
import { NO_SESSION_INFO, sessionInfoOf } from '../../access/sessions.service';
import { currentUserOf, serialiseCurrentUser } from './current-user.presenter';
import { prefsRoutes } from './prefs.routes';

/** GET users/session (the client's session check), GET users/current and users/prefs…. */
export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.database.db;
    const tags = ['users'];
    await app.register(prefsRoutes(deps));

    // Public and passive: it answers 200 with status 0 or -1 rather than 401, and checking does
    // not count as activity. The auth plugin drops disabled users' sessions, so when it found
    // none this route looks the cookie up itself to tell "disabled" from "signed out".
    app.get(
      '/users/session',
      { config: { public: true, passive: true, freshSession: true }, schema: { tags, summary: 'Session status and minutes left', querystring: ZSessionQuery, response: { 200: ZSessionInfo } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const now = deps.now();
        const uid = request.query.uid;
        if (request.auth) return sessionInfoOf(request.auth, now, uid);
        const token = request.cookies[SESSION_COOKIE];
        if (!token) return NO_SESSION_INFO;
        return sessionInfoOf(await findSessionWithUser(db, hashToken(token)), now, uid);
      },
    );

    app.get(
      '/users/current',
      {
        schema: { tags, summary: 'The signed-in user, the acting account and what the user may do', response: { 200: ZCurrentUser } },
        // Every page load and session switch reads this: the body comes presented and serialised
        // once per cached caller (current-user.presenter.ts), skipping zod's re-serialisation
        // (2–2.5× the cost, docs/PERFORMANCE.md); the schema stays for the OpenAPI document, and
        // current-user.test.ts checks the shape with zod.
        serializerCompiler: () => serialiseCurrentUser,
      },
      (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return currentUserOf(authOf(request));
      },
    );
  };
}
