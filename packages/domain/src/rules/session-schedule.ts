/**
 * Client session rules. Pure decisions; the web app owns the timers.
 */
import type { TSessionInfo } from '../schemas/session';

const MINUTE = 60_000;

/** Log out when the reported expiration is this many minutes or fewer. */
export const LOGOUT_WHEN_MINUTES_LEFT = 10;
/** The inactivity warning shows about this long before the time-out. */
export const INACTIVITY_WARNING_MS = 60_000;

/** Why the client must sign the user out, or null to stay. */
export type SessionVerdict =
  | { action: 'stay' }
  | { action: 'disable' }
  | { action: 'logout'; reason: 'expiring' | 'maintenance' | 'readOnlyChanged' | 'checkFailed' | 'signedOut' };

/**
 * Judges one session check. `previousReadOnly` is the account's read-only flag from the check
 * before (undefined on the first check).
 */
export function judgeSessionCheck(
  info: TSessionInfo | null,
  previousReadOnly: boolean | undefined,
): SessionVerdict {
  if (!info) return { action: 'logout', reason: 'checkFailed' };
  if (info.status === -1) return { action: 'disable' };
  if (info.status !== 1) return { action: 'logout', reason: 'signedOut' };
  if (info.sessionExpiration <= LOGOUT_WHEN_MINUTES_LEFT) return { action: 'logout', reason: 'expiring' };
  if (info.accountUnderMaintenance) return { action: 'logout', reason: 'maintenance' };
  if (previousReadOnly !== undefined && previousReadOnly !== info.accountReadOnly) {
    return { action: 'logout', reason: 'readOnlyChanged' };
  }
  return { action: 'stay' };
}

/**
 * Milliseconds until the next session check, from the minutes left: after 115
 * minutes when more than 120 remain; every 10 minutes when more than 60 remain, otherwise every
 * 3 minutes; never later than the moment the session reaches the logout threshold.
 */
export function nextSessionCheckDelay(minutesLeft: number): number {
  let delayMinutes: number;
  if (minutesLeft > 120) delayMinutes = 115;
  else if (minutesLeft > 60) delayMinutes = 10;
  else delayMinutes = 3;
  const untilThreshold = Math.max(minutesLeft - LOGOUT_WHEN_MINUTES_LEFT, 0);
  return Math.max(Math.min(delayMinutes, untilThreshold), 0.5) * MINUTE;
}

/** Inactivity state for an idle time (ms) and the account timeout (minutes). */
export function inactivityState(idleMs: number, timeoutMinutes: number): 'active' | 'warn' | 'expired' {
  const timeoutMs = timeoutMinutes * MINUTE;
  if (timeoutMs <= 0) return 'active';
  if (idleMs >= timeoutMs) return 'expired';
  if (idleMs >= timeoutMs - INACTIVITY_WARNING_MS) return 'warn';
  return 'active';
}
