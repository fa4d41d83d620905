import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, Messages } from '@riskatlas/domain';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../lib/app-error';
import { digestsEqual, hashToken } from '../lib/tokens';
import { findSessionWithUser, touchSession, type SessionWithUser } from './sessions.repository';
import { toAuthContext, type AuthContext } from './caller';
import { isSafeMethod, requestRefusal, type RouteAccess } from './request-policy';
import { SessionCache } from './session-cache';
import { recordAudit } from '../platform/audit/audit.repository';

export const SESSION_COOKIE = 'ra_session';
const CSRF_HEADER = 'x-csrf-token';

/** Activity renews the session at most this often, so reads don't each write a row. */
const TOUCH_EVERY_MS = 30_000;
/** Grace on top of the account inactivity timeout before the server refuses a session. */
const INACTIVITY_GRACE_MS = 120_000;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, or null on public routes without a session. Requests of one session share the
     * cached caller (session-cache.ts): never change it, but for the session's activity clock.
     */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig extends RouteAccess {
    /** Reachable without a session (sign-in, health, docs). */
    public?: boolean;
    /** Does not count as user activity (the session check itself). */
    passive?: boolean;
    /** Reads the session from the database even when this process has it cached. */
    freshSession?: boolean;
  }
}

/** The caller of an authenticated route (the onRequest hook guarantees it is set). */
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
export function sessionProblem(found: SessionWithUser, now: Date): 'expired' | 'disabled' | null {
  if (found.session.expiresAt.getTime() <= now.getTime()) return 'expired';
  const idleLimit = found.account.inactivityTimeoutMinutes * 60_000 + INACTIVITY_GRACE_MS;
  if (found.account.inactivityTimeoutMinutes > 0 && now.getTime() - found.session.lastActivityAt.getTime() > idleLimit) return 'expired';
  if (!found.user.isEnabled) return 'disabled';
  return null;
}

/** True when the request carries a body (announced by its length or by chunked encoding). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Refuses a request before its body is read. The connection is closed after the answer when a
 * body was coming, so an unauthenticated client cannot make the server read megabytes it will
 * throw away.
 */
function refuseUnread(request: FastifyRequest, reply: FastifyReply, error: AppError): never {
  if (hasBody(request)) void reply.header('connection', 'close');
  throw error;
}

/** A route as the auth plugin saw it registered: method, path and what it declares. */
export interface RouteEntry {
  method: string;
  url: string;
  config: RouteAccess & { public?: boolean };
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route registered after the auth plugin, with its access declarations (for the route-table checks). */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? [];
}

/** Options of the auth plugin. */
export interface AuthPluginOptions {
  database: DatabaseHandle;
  sessionTtlMinutes: number;
  /** How long a resolved session is reused, milliseconds; 0 reads it on every request. */
  sessionCacheMs: number;
  now?: () => Date;
}

/**
 * Resolves the session cookie into request.auth and decides, as the request arrives and before its
 * body is read, whether it may go on: routes are private unless config.public; a private route
 * needs a usable session, the CSRF header on every change, and what request-policy.ts allows this
 * caller now (maintenance, read-only, administrators). Renews the session on activity, and audits
 * every change made while impersonating.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const now = options.now ?? (() => new Date());
  const db = options.database.db;
  const cache = await SessionCache.open(options.database, options.sessionCacheMs);
  app.addHook('onClose', async () => cache.close());
  app.decorateRequest('auth', null);
  const table: RouteEntry[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, config: route.config ?? {} });
  });

  /** The caller behind a token hash: from this process's cache, else from the database. */
  const resolveSession = async (sessionId: string, at: Date, fresh: boolean): Promise<AuthContext | undefined> => {
    if (!fresh) {
      const cached = cache.get(sessionId, at.getTime());
      if (cached) return cached;
    }
    const ticket = cache.ticket();
    const found = await findSessionWithUser(db, sessionId);
    if (!found) return undefined;
    const auth = toAuthContext(found);
    cache.store(sessionId, auth, at.getTime(), ticket);
    return auth;
  };

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    const token = request.cookies[SESSION_COOKIE];
    const at = now();
    if (token) {
      const found = await resolveSession(hashToken(token), at, config.freshSession === true);
      if (found && sessionProblem(found, at) === null) request.auth = found;
    }
    const auth = request.auth;
    if (!isPublicRoute(request)) {
      if (!auth) refuseUnread(request, reply, AppError.unauthenticated());
      if (!isSafeMethod(request.method)) {
        const header = request.headers[CSRF_HEADER];
        const sent = Array.isArray(header) ? header[0] : header;
        if (!sent || !digestsEqual(hashToken(sent), auth.session.csrfHash)) {
          refuseUnread(request, reply, new AppError(ErrorCode.CsrfFailed, Messages.csrfFailed));
        }
      }
      const refusal = requestRefusal(auth, request.method, config);
      if (refusal) refuseUnread(request, reply, refusal);
    }
    // The cached row is renewed in place, so this process touches a session at most every 30 s.
    if (auth && !config.passive && at.getTime() - auth.session.lastActivityAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(at.getTime() + options.sessionTtlMinutes * 60_000);
      await touchSession(db, auth.session.id, at, expiresAt);
      auth.session.lastActivityAt = at;
      auth.session.expiresAt = expiresAt;
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.impersonating || isSafeMethod(request.method)) return;
    await recordAudit(db, {
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
