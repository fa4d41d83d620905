import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@riskatlas/domain';
import { SESSION_COOKIE } from './request-auth';

/**
 * The two cookies of a session. The session token is HttpOnly (scripts never see it) and
 * SameSite=Lax (no cross-site writes). The CSRF token is readable by the app's pages, so every
 * tab of the signed-in browser can send it, and SameSite=Strict, so it never travels with a
 * request another site starts. Both are Secure whenever the request arrived over https (directly
 * or via a trusted proxy) and have no expiry: the server-side row decides how long the session
 * lives.
 */
function cookieOptions(request: FastifyRequest) {
  const secure = request.protocol === 'https';
  return {
    session: { httpOnly: true, sameSite: 'lax', path: '/', secure },
    csrf: { httpOnly: false, sameSite: 'strict', path: '/', secure },
  } as const;
}

/** Sets the session cookie and the CSRF cookie of a new session. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: { token: string; csrfToken: string }): void {
  const options = cookieOptions(request);
  void reply.setCookie(SESSION_COOKIE, session.token, options.session);
  void reply.setCookie(CSRF_COOKIE, session.csrfToken, options.csrf);
}

/** Removes both cookies in the browser. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const options = cookieOptions(request);
  void reply.clearCookie(SESSION_COOKIE, options.session);
  void reply.clearCookie(CSRF_COOKIE, options.csrf);
}
