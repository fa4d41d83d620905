import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, Messages } from '@riskatlas/domain';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { digestsEqual, hashToken } from '../lib/tokens';
import { findSessionWithUser, touchSession } from './sessions.repository';
import { isAdmin, isReadOnly, toAuthContext, type AuthContext } from './caller';
import { recordAudit } from '../platform/audit/audit.repository';

export const SESSION_COOKIE = 'ra_session';
const CSRF_HEADER = 'x-csrf-token';

/** Activity renews the session at most this often, so reads don't each write a row. */
const TOUCH_EVERY_MS = 30_000;
/** Grace on top of the account inactivity timeout before the server refuses a session. */
const INACTIVITY_GRACE_MS = 120_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or null on public routes without a session. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, docs). */
    public?: boolean;
    /** Changes data: refused for read-only users and read-only accounts. */
    write?: boolean;
    /** Administrators (or staff, or impersonators) only. */
    admin?: boolean;
    /** Does not count as user activity (the session check itself). */
    passive?: boolean;
  }
}

/** The caller of an authenticated route (the preHandler guarantees it is set). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

/**
 * Public: routes marked config.public, everything outside /api (the web app's files), the API
 * documentation, and the not-found handler.
 */
function isPublicRoute(request: FastifyRequest): boolean {
  if (request.routeOptions.config.public) return true;
  // No matched route: the not-found handler answers 404 and reveals nothing.
  if (request.routeOptions.url === undefined) return true;
  const url = request.routeOptions.url.toLowerCase();
  return !url.startsWith('/api/') || url.startsWith('/api/docs');
}

/** Why a session row cannot be used now, or null when it can. */
export function sessionProblem(found: NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>, now: Date): 'expired' | 'disabled' | null {
  if (found.session.expiresAt.getTime() <= now.getTime()) return 'expired';
  const idleLimit = found.account.inactivityTimeoutMinutes * 60_000 + INACTIVITY_GRACE_MS;
  if (found.account.inactivityTimeoutMinutes > 0 && now.getTime() - found.session.lastActivityAt.getTime() > idleLimit) return 'expired';
  if (!found.user.isEnabled) return 'disabled';
  return null;
}

/**
 * Resolves the session cookie into request.auth, enforces authentication (routes are private
 * unless config.public), CSRF on cookie-authenticated writes, read-only and admin rules, renews
 * the session on activity, and audits every write made while impersonating.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Database; sessionTtlMinutes: number; now?: () => Date }) => {
  const now = options.now ?? (() => new Date());
  app.decorateRequest('auth', null);

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const sessionId = hashToken(token);
      const found = await findSessionWithUser(options.db, sessionId);
      const at = now();
      if (found && sessionProblem(found, at) === null) {
        request.auth = toAuthContext(found);
        if (!config.passive && at.getTime() - found.session.lastActivityAt.getTime() > TOUCH_EVERY_MS) {
          const expiresAt = new Date(at.getTime() + options.sessionTtlMinutes * 60_000);
          await touchSession(options.db, sessionId, at, expiresAt);
          found.session.lastActivityAt = at;
          found.session.expiresAt = expiresAt;
        }
      }
    }
    if (isPublicRoute(request)) return;
    const auth = request.auth;
    if (!auth) throw AppError.unauthenticated();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!sent || !digestsEqual(hashToken(sent), auth.session.csrfHash)) {
        throw new AppError(ErrorCode.CsrfFailed, Messages.csrfFailed);
      }
    }
    if (config.write && isReadOnly(auth)) {
      throw new AppError(ErrorCode.ReadOnly, auth.account.readOnly ? Messages.readOnlyAccount : Messages.readOnlyUser);
    }
    if (config.admin && !isAdmin(auth)) throw AppError.forbidden();
  });

  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.impersonating || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    await recordAudit(options.db, {
      accountId: auth.accountId,
      actorUserId: auth.userId,
      impersonatorUserId: auth.userId,
      action: 'impersonated.request',
      targetType: 'route',
      targetId: `${request.method} ${request.routeOptions.url ?? request.url}`,
      detail: { statusCode: reply.statusCode },
      ip: request.ip,
    });
  });
});
