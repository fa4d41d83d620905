import { readStored, writeStored } from './storage';

/**
 * The CSRF token from the sign-in response. Kept in sessionStorage so a reload of the tab keeps
 * it (the cookie session survives a reload too); it is never readable by other origins.
 */
const KEY = 'riskatlas.csrfToken';

/** The current token, or null when none is held (not signed in, or a new tab). */
export function getCsrfToken(): string | null {
  return readStored('session', KEY);
}

/** Remembers the token of a new session. */
export function setCsrfToken(token: string): void {
  writeStored('session', KEY, token);
}

/** Forgets the token (sign-out). */
export function clearCsrfToken(): void {
  writeStored('session', KEY, null);
}
