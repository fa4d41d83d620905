import type {} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Messages,
  ZCurrentUser,
  ZForgotRequest,
  ZImpersonateRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZOk,
  ZResetRequest,
  ZSessionInfo,
} from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { SIGN_IN_BODY_LIMIT } from '../../platform/request-limits';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { authOf, SESSION_COOKIE } from '../../access/request-auth';
import { presentCurrentUser } from '../users/index';
import { toAuthContext } from '../../access/caller';
import { login, logout, type RequestOrigin } from './auth.service';
import { endImpersonation, startImpersonation } from './impersonation.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { clearSessionCookies, setSessionCookies } from '../../access/session-cookie';
import { findSessionWithUser } from '../../access/sessions.repository';
import { extendSession, sessionInfoOf } from '../../access/sessions.service';

function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Sign-in and session routes: login, logout, keepalive, forgot/reset password, impersonation.
 * The public ones are rate-limited per IP (AUTH_RATE_LIMIT a minute).
 */
export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.database.db;
    const rateLimit = { max: deps.config.authRateLimit, timeWindow: '1 minute' };
    const service = { db, now: deps.now, sessionTtlMinutes: deps.config.sessionTtlMinutes };
    const tags = ['auth'];

    app.post(
      '/auth/login',
      { bodyLimit: SIGN_IN_BODY_LIMIT, config: { public: true, rateLimit }, schema: { tags, summary: 'Sign in with e-mail and password', security: [], body: ZLoginRequest, response: { 200: ZLoginResponse } } },
      async (request, reply) => {
        const result = await login(service, request.body, originOf(request));
        setSessionCookies(request, reply, { token: result.token, csrfToken: result.response.csrfToken });
        void reply.header('cache-control', 'no-store');
        return result.response;
      },
    );

    // Public so that signing out works with an expired session too; SameSite=Lax keeps other
    // sites from posting here with the cookie.
    app.post(
      '/auth/logout',
      { config: { public: true, rateLimit }, schema: { tags, summary: 'Sign out (revokes the session, clears the cookie)', security: [], response: { 200: ZOk } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await logout(service, hashToken(token), originOf(request));
        clearSessionCookies(request, reply);
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/keepalive',
      { config: { readOnlyAllowed: "keeps the caller's own session alive" }, schema: { tags, summary: "Extend the session (the inactivity dialog's Extend)", response: { 200: ZSessionInfo } } },
      async (request, reply) => {
        const auth = authOf(request);
        const now = deps.now();
        auth.session.expiresAt = await extendSession(db, auth.session.id, now, deps.config.sessionTtlMinutes);
        auth.session.lastActivityAt = now;
        void reply.header('cache-control', 'no-store');
        return sessionInfoOf(auth, now);
      },
    );

    app.post(
      '/auth/forgot',
      { bodyLimit: SIGN_IN_BODY_LIMIT, config: { public: true, rateLimit }, schema: { tags, summary: 'Mail a one-time password reset link', security: [], body: ZForgotRequest, response: { 200: ZMessageResponse } } },
      async (request) => {
        await requestPasswordReset(
          { db, now: deps.now, mailer: deps.mailer, publicUrl: deps.config.publicUrl, logError: (error) => request.log.error({ err: error }, 'password reset mail failed') },
          request.body.email,
          request.ip,
        );
        return { message: Messages.resetRequested };
      },
    );

    app.post(
      '/auth/reset',
      { bodyLimit: SIGN_IN_BODY_LIMIT, config: { public: true, rateLimit }, schema: { tags, summary: 'Set a new password with a reset link', security: [], body: ZResetRequest, response: { 200: ZMessageResponse } } },
      async (request) => {
        await resetPassword({ db, now: deps.now }, request.body, request.ip);
        return { message: Messages.passwordChanged };
      },
    );

    /** The caller's context re-read after the session's acting account changed. */
    const reloadCurrentUser = async (request: FastifyRequest) => {
      const found = await findSessionWithUser(db, authOf(request).session.id);
      if (!found) throw AppError.unauthenticated();
      return presentCurrentUser(toAuthContext(found));
    };

    app.post(
      '/auth/impersonate',
      { config: { readOnlyAllowed: 'provider staff, who are never read-only, switch accounts; the service refuses everyone else' }, schema: { tags, summary: 'Provider staff: act in a customer account', body: ZImpersonateRequest, response: { 200: ZCurrentUser } } },
      async (request) => {
        await startImpersonation(db, authOf(request), request.body.accountId, request.ip);
        return reloadCurrentUser(request);
      },
    );

    app.post(
      '/auth/impersonate/end',
      { config: { readOnlyAllowed: 'returns provider staff to their own account' }, schema: { tags, summary: 'Provider staff: return to the home account', response: { 200: ZCurrentUser } } },
      async (request) => {
        await endImpersonation(db, authOf(request), request.ip);
        return reloadCurrentUser(request);
      },
    );
  };
}
