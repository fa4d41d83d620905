import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token for cookies and one-time links (256 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a token, hex: what the database stores instead of the token. Every authenticated
 * request hashes its cookie, so the one-shot hash (a third of createHash's cost) is used.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Constant-time equality of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
