import type { QueryClient } from '@tanstack/react-query';
import { signOutNotice, type SignOutReason } from '@riskatlas/domain';
import { apiFetch } from './api-client';
import { clearCsrfToken } from './csrf';
import { CURRENT_USER_KEY } from './api/current-user';
import { currentSearch, goToPage } from './navigation';
import { PageId } from './page-ids';
import { announceSignOut } from './session-broadcast';
import { readStored, writeStored } from './storage';


const NOTICE_KEY = 'riskatlas.signInNotice';
const RETURN_KEY = 'riskatlas.returnTo';

/** A notice for the Sign In page. */
export interface SignInNotice {
  text: string;
  severity: 'info' | 'success' | 'warning';
}

/** Leaves a notice for the Sign In page (it survives the navigation, not the tab). */
export function leaveSignInNotice(notice: SignInNotice | null): void {
  writeStored('session', NOTICE_KEY, notice ? JSON.stringify(notice) : null);
}

/** Forgets the notice once the Sign In page has shown it. */
export function clearSignInNotice(): void {
  writeStored('session', NOTICE_KEY, null);
}

/** The notice left for the Sign In page, if any. */
export function peekSignInNotice(): SignInNotice | null {
  const raw = readStored('session', NOTICE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SignInNotice;
  } catch {
    return null;
  }
}

/** Remembers the page the user asked for, to land there after signing in. */
export function rememberReturnTo(search: string): void {
  writeStored('session', RETURN_KEY, search);
}

const NOT_A_RETURN_PAGE = new Set([PageId.SignIn, PageId.ForgotPassword, PageId.ResetPassword, PageId.SessionDisabled].map(pageKey));

function pageKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * Takes (reads and forgets) the remembered page as a query string, or null when none was
 * remembered or it was one of the sign-in pages themselves.
 */
export function takeReturnTo(): string | null {
  const value = readStored('session', RETURN_KEY);
  writeStored('session', RETURN_KEY, null);
  if (value === null) return null;
  const page = new URLSearchParams(value).get('currentPage');
  if (page !== null && NOT_A_RETURN_PAGE.has(pageKey(page))) return null;
  return value;
}

let signingOut: Promise<void> | null = null;

/**
 * Signs the user out cleanly: ends the server session (best effort: a session that is already
 * gone, or a tab without its CSRF token, still ends up signed out here), forgets the CSRF token
 * and every cached answer, tells the app's other tabs, and opens Sign In with a notice saying why.
 * Automatic sign-outs remember the page, so signing in again continues there. `elsewhere`: another
 * tab has already ended the session and told the others; this tab only follows.
 */
export function signOut(queryClient: QueryClient, reason: SignOutReason, options: { elsewhere?: boolean } = {}): Promise<void> {
  if (signingOut) return signingOut;
  signingOut = (async () => {
    writeStored('session', RETURN_KEY, reason === 'userRequest' ? null : currentSearch());
    if (!options.elsewhere) {
      try {
        await apiFetch('auth/logout', { method: 'POST', authenticated: false });
      } catch {
        // Already signed out on the server, or unreachable: the client still signs out.
      }
      announceSignOut(reason);
    }
    clearCsrfToken();
    const text = signOutNotice(reason);
    leaveSignInNotice(text ? { text, severity: reason === 'userRequest' ? 'info' : 'warning' } : null);
    goToPage(PageId.SignIn);
    // Forget every answer of the old session; the current user becomes "signed out" at once so
    // the app shows Sign In without another round trip.
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] || query.queryKey[1] !== CURRENT_USER_KEY[1] });
    queryClient.setQueryData(CURRENT_USER_KEY, null);
  })().finally(() => {
    signingOut = null;
  });
  return signingOut;
}
