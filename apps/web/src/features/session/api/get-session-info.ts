import { ErrorCode, SessionStatus, ZSessionInfo, type TSessionInfo } from '@riskatlas/domain';
import { apiFetch, isApiError } from '../../../lib/api-client';

/**
 * GET users/session?uid: the session's status and minutes left. A 401 is the answer "no session"
 * (status 0); any other failure (network, 5xx) returns null, which the session rules treat as a
 * failed check.
 */
export async function getSessionInfo(userId: number, signal?: AbortSignal): Promise<TSessionInfo | null> {
  try {
    // Not `authenticated`: the monitor itself decides what a refused check means.
    return await apiFetch('users/session', { query: { uid: userId }, schema: ZSessionInfo, signal, authenticated: false });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isApiError(error) && (error.status === 401 || error.code === ErrorCode.Unauthenticated)) {
      return { status: SessionStatus.Inactive, sessionExpiration: 0, accountUnderMaintenance: false, accountReadOnly: false, inactivityTimeout: 0 };
    }
    return null;
  }
}
