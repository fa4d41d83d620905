import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, Messages, type TLoginResponse } from '@riskatlas/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../platform/audit/audit.repository';
import { findUserByEmail, normalizeEmail, setLastLogin } from '../users/index';
import { clearClientLoginFailures, readLoginThrottle, recordLoginFailure } from './login-throttle.repository';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, loginClientKey, loginSlowdownMs } from './login-throttle-rules';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { revokeSessionReturning } from '../../access/sessions.repository';
import { startSession } from '../../access/sessions.service';
import { findAccount } from '../../access/identity.repository';
import { isHeldOutByMaintenance, maintenanceRefusal } from '../../access/request-policy';
import { announceAuthChange } from '../../access/session-cache';

/** What a sign-in service call needs. */
export interface AuthServiceDeps {
  db: Database;
  now: () => Date;
  sessionTtlMinutes: number;
}

/** Where a request came from, for the session row and the audit log. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** A successful sign-in: the response body plus the cookie token (never in the body). */
export interface LoginResult {
  token: string;
  response: TLoginResponse;
}

/**
 * Signs a user in. Every wrong combination (unknown e-mail, wrong password, no password) gets the
 * same answer in about the same time; a disabled user, and a user of an account under
 * maintenance (provider staff excepted), is told so only when the password was right. Five
 * failures from one client within 15 minutes lock that client (and only that client) out of the
 * typed e-mail for 15 minutes; failures on the e-mail from all clients together slow its attempts
 * down (loginSlowdownMs), so nobody can lock the real user out from elsewhere.
 */
export async function login(deps: AuthServiceDeps, input: { email: string; password: string }, origin: RequestOrigin): Promise<LoginResult> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  const client = loginClientKey(origin.ip);
  const now = deps.now();
  const throttle = await readLoginThrottle(db, { email, client, now, windowMs: LOGIN_WINDOW_MS });
  if (throttle.clientLockedUntil) throw new AppError(ErrorCode.AccountLocked, Messages.accountLocked);
  const slowdown = loginSlowdownMs(throttle.emailFailures);
  if (slowdown > 0) await sleep(slowdown);

  const user = await findUserByEmail(db, email);
  const passwordOk = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    await recordLoginFailure(db, { email, client, now, windowMs: LOGIN_WINDOW_MS, maxFailures: LOGIN_MAX_FAILURES, lockMs: LOGIN_LOCK_MS });
    if (user) {
      // The actor is whoever typed the e-mail, so no actor; the user is the target.
      await recordAudit(db, { accountId: user.accountId, actorUserId: null, action: 'auth.login_failed', targetType: 'user', targetId: String(user.id), ip: origin.ip });
    }
    throw new AppError(ErrorCode.InvalidCredentials, Messages.invalidCredentials);
  }
  if (!user.isEnabled) throw new AppError(ErrorCode.Unauthenticated, Messages.userDisabled);
  const account = await findAccount(db, user.accountId);
  if (account && isHeldOutByMaintenance({ user, account })) throw maintenanceRefusal();

  const session = await db.transaction(async (tx) => {
    await clearClientLoginFailures(tx, email, client);
    const started = await startSession(tx, { accountId: user.accountId, userId: user.id, ttlMinutes: deps.sessionTtlMinutes, now, ip: origin.ip, userAgent: origin.userAgent });
    await setLastLogin(tx, user.accountId, user.id, now);
    await recordAudit(tx, { accountId: user.accountId, actorUserId: user.id, action: 'auth.login', targetType: 'user', targetId: String(user.id), ip: origin.ip });
    return started;
  });
  return {
    token: session.token,
    response: {
      csrfToken: session.csrfToken,
      userId: user.id,
      accountId: user.accountId,
      sessionExpiration: Math.round((session.expiresAt.getTime() - now.getTime()) / 60_000),
    },
  };
}

/** Signs out: revokes the session behind the cookie, even one that has already expired. */
export async function logout(deps: AuthServiceDeps, sessionId: string, origin: RequestOrigin): Promise<void> {
  const revoked = await revokeSessionReturning(deps.db, sessionId, deps.now());
  if (!revoked) return;
  await announceAuthChange(deps.db, { sessionId });
  await recordAudit(deps.db, {
    accountId: revoked.accountId,
    actorUserId: revoked.userId,
    action: 'auth.logout',
    targetType: 'user',
    targetId: String(revoked.userId),
    ip: origin.ip,
  });
}
