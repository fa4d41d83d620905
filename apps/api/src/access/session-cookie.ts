import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './request-auth';

/**
 * Sets the session cookie: HttpOnly (scripts never see the token), SameSite=Lax (no cross-site
 * writes), Secure whenever the request arrived over https (directly or via a trusted proxy).
 * No expiry: the server-side row decides how long the session lives.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}

/** Removes the session cookie in the browser. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}
