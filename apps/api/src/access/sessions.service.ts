import { SessionStatus, UserType, type TSessionInfo } from '@riskatlas/domain';
import type { Db } from '../db/client';
import { hashToken, newToken } from '../lib/tokens';
import { sessionProblem } from './request-auth';
import { insertSession, touchSession, type SessionWithUser } from './sessions.repository';


/** A session just started: the cookie token and CSRF token are returned once and never stored. */
export interface StartedSession {
  token: string;
  csrfToken: string;
  sessionId: string;
  expiresAt: Date;
}

/** Starts a server-side session for a user in their own account. */
export async function startSession(
  db: Db,
  input: { accountId: number; userId: number; ttlMinutes: number; now: Date; ip?: string | null; userAgent?: string | null },
): Promise<StartedSession> {
  const token = newToken();
  const csrfToken = newToken();
  const sessionId = hashToken(token);
  const expiresAt = new Date(input.now.getTime() + input.ttlMinutes * 60_000);
  await insertSession(db, {
    id: sessionId,
    accountId: input.accountId,
    userId: input.userId,
    actingAccountId: input.accountId,
    csrfHash: hashToken(csrfToken),
    // The caller's clock, not the database's: activity and expiry are judged against it.
    createdAt: input.now,
    lastActivityAt: input.now,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
  });
  return { token, csrfToken, sessionId, expiresAt };
}

/** GET users/session when there is no usable session. */
export const NO_SESSION_INFO: TSessionInfo = {
  status: SessionStatus.Inactive,
  sessionExpiration: 0,
  accountUnderMaintenance: false,
  accountReadOnly: false,
  inactivityTimeout: 0,
};

/**
 * Session info for a session row found by its cookie: 1 usable, 0 missing,
 * revoked, expired or for another user than `uid` (0 or absent: not checked), -1 when the user
 * has been disabled.
 * sessionExpiration is the minutes to the sliding expiry, rounded; inactivity is the client's clock
 * (inactivityTimeout). accountUnderMaintenance is the operator's lock-out switch (the client signs
 * out); accountReadOnly keeps users in with the Account Maintenance alert. Staff are never held by
 * either, so they can work in a customer account under maintenance.
 */
export function sessionInfoOf(found: SessionWithUser | undefined, now: Date, uid?: number): TSessionInfo {
  if (!found) return NO_SESSION_INFO;
  if (uid !== undefined && uid > 0 && uid !== found.user.id) return NO_SESSION_INFO;
  const problem = sessionProblem(found, now);
  if (problem === 'expired') return NO_SESSION_INFO;
  if (problem === 'disabled') return { ...NO_SESSION_INFO, status: SessionStatus.Disabled };
  const staff = found.user.userType === UserType.CapAdmin;
  return {
    status: SessionStatus.Active,
    sessionExpiration: Math.max(Math.round((found.session.expiresAt.getTime() - now.getTime()) / 60_000), 0),
    accountUnderMaintenance: found.account.underMaintenance && !staff,
    accountReadOnly: found.account.readOnly && !staff,
    inactivityTimeout: found.account.inactivityTimeoutMinutes,
  };
}

/** Extends a session now (the inactivity dialog's Extend): fresh activity time and expiry. */
export async function extendSession(db: Db, sessionId: string, now: Date, ttlMinutes: number): Promise<Date> {
  const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
  await touchSession(db, sessionId, now, expiresAt);
  return expiresAt;
}
