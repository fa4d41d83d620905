import { CSRF_COOKIE } from '@riskatlas/domain';
import { readStored, writeStored } from './storage';

/**
 * The CSRF token of the browser's session. The server sets it at sign-in in a cookie every tab of
 * this site can read (and no other site receives), so a second tab or a link opened in a new tab
 * writes with the same session; sign-out clears it. The sign-in response's copy is also kept in
 * this tab's sessionStorage, for a session started before the cookie existed.
 */
const KEY = 'riskatlas.csrfToken';

function readCookie(name: string): string | null {
  let cookies: string;
  try {
    cookies = document.cookie;
  } catch {
    return null;
  }
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return value === '' ? null : decodeURIComponent(value);
  }
  return null;
}

/** The current token, or null when none is held (not signed in). */
export function getCsrfToken(): string | null {
  return readCookie(CSRF_COOKIE) ?? readStored('session', KEY);
}

/** Remembers the token of a new session in this tab. */
export function setCsrfToken(token: string): void {
  writeStored('session', KEY, token);
}

/** Forgets the token (sign-out), also when the server could not be told. */
export function clearCsrfToken(): void {
  writeStored('session', KEY, null);
  try {
    document.cookie = `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  } catch {
    // No cookie access (sandboxed document): nothing to clear.
  }
}
