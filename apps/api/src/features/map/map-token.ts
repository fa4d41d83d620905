import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAP_TOKEN_LIFETIME_MS } from '@riskatlas/domain';
import { AppError } from '../../lib/app-error';

/** The sentence a refused map token answers with (403: the session itself is fine). */
export const MAP_TOKEN_REFUSED = 'The map token is not valid or has expired.';

/** Who a token was issued to and for which layer. */
export interface MapTokenClaims {
  layerId: number;
  accountId: number;
  userId: number;
}

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(`map-token:${payload}`).digest('base64url');

/**
 * A signed token for one layer's data requests: layer, account, user and expiry, HMAC-signed with
 * the server's secret, so any API process with the same secret checks it without a database read.
 */
export function signMapToken(secret: string, claims: MapTokenClaims, now: Date): { token: string; expires: Date } {
  const expires = new Date(now.getTime() + MAP_TOKEN_LIFETIME_MS);
  const payload = `${claims.layerId}.${claims.accountId}.${claims.userId}.${expires.getTime()}`;
  return { token: `${payload}.${signature(secret, payload)}`, expires };
}

/**
 * Checks a token against the request: signed by this server, for this layer, issued to the caller,
 * not expired. Anything else is refused with MAP_TOKEN_REFUSED (a forged or altered token, another
 * layer's or another user's token, an expired one).
 */
export function verifyMapToken(secret: string, token: string, expected: MapTokenClaims, now: Date): void {
  const parts = token.split('.');
  if (parts.length !== 5) throw AppError.forbidden(MAP_TOKEN_REFUSED);
  const payload = parts.slice(0, 4).join('.');
  const given = Buffer.from(parts[4]!);
  const wanted = Buffer.from(signature(secret, payload));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw AppError.forbidden(MAP_TOKEN_REFUSED);
  const [layerId, accountId, userId, expires] = parts.slice(0, 4).map(Number);
  const matches = layerId === expected.layerId && accountId === expected.accountId && userId === expected.userId;
  if (!matches || !(expires! > now.getTime())) throw AppError.forbidden(MAP_TOKEN_REFUSED);
}
