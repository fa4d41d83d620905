import { ErrorCode, Messages } from '@riskatlas/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit } from '../../platform/audit/audit.repository';
import type { Mailer } from '../../platform/mail/mailer';
import { passwordResetMail } from '../../platform/mail/templates';
import { findUser, findUserByEmail, normalizeEmail, setPasswordHash } from '../users/index';
import { clearLoginFailures } from './login-throttle.repository';
import { hashPassword } from '../../lib/passwords';
import { consumeResetToken, countResetTokensSince, insertResetToken, invalidateUserResetTokens } from './password-reset.repository';
import { revokeUserSessions } from '../../access/sessions.repository';
import { announceAuthChange } from '../../access/session-cache';

/** How long a reset link works. */
const RESET_TOKEN_MINUTES = 60;
/** At most this many reset mails per user per RESET_TOKEN_MINUTES, so nobody can flood an inbox. */
const MAX_RESET_MAILS_PER_HOUR = 3;

/** What the reset services need. */
export interface PasswordResetDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  publicUrl: string;
  /** Where a failed background send is reported (the answer to the visitor never changes). */
  logError: (error: unknown) => void;
}

/** The link the e-mail carries: the web app's Reset Password page with the one-time token. */
function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/?currentPage=Reset%20Password&token=${encodeURIComponent(token)}`;
}

/**
 * Forgot password: when an enabled user has this e-mail (and has not been sent three links in the
 * last hour), stores a one-time token (its hash) and mails the link. The caller answers the same sentence either way; the mail goes out in the
 * background so the response time does not reveal whether the e-mail exists.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, emailTyped: string, ip: string | null): Promise<void> {
  const email = normalizeEmail(emailTyped);
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.isEnabled) return;
  const now = deps.now();
  const since = new Date(now.getTime() - RESET_TOKEN_MINUTES * 60_000);
  if ((await countResetTokensSince(deps.db, user.accountId, user.id, since)) >= MAX_RESET_MAILS_PER_HOUR) return;
  const token = newToken();
  await insertResetToken(deps.db, {
    tokenHash: hashToken(token),
    accountId: user.accountId,
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    createdAt: now,
  });
  await recordAudit(deps.db, { accountId: user.accountId, actorUserId: null, action: 'auth.password_reset_requested', targetType: 'user', targetId: String(user.id), ip });
  const message = passwordResetMail({ to: user.email, firstName: user.firstName, link: resetLink(deps.publicUrl, token), validMinutes: RESET_TOKEN_MINUTES });
  deps.mailer.send(message).catch(deps.logError);
}

/**
 * Sets a new password from a reset link: the token is spent, every session of the user is
 * revoked, the sign-in lock-out is lifted, and the change is audited — all or nothing.
 */
export async function resetPassword(deps: Pick<PasswordResetDeps, 'db' | 'now'>, input: { token: string; password: string }, ip: string | null): Promise<void> {
  // Hash first: a 30–50 ms hash must not hold a transaction (PGlite has one connection).
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const invalid = () => new AppError(ErrorCode.BadRequest, Messages.resetTokenInvalid, { field: 'token' });
  await deps.db.transaction(async (tx) => {
    const owner = await consumeResetToken(tx, hashToken(input.token), now);
    if (!owner) throw invalid();
    const user = await findUser(tx, owner.accountId, owner.userId);
    if (!user || !user.isEnabled) throw invalid();
    await setPasswordHash(tx, user.accountId, user.id, passwordHash, now);
    await invalidateUserResetTokens(tx, user.accountId, user.id, now);
    await revokeUserSessions(tx, user.accountId, user.id, now);
    await announceAuthChange(tx, { userId: user.id });
    await clearLoginFailures(tx, user.email);
    await recordAudit(tx, { accountId: user.accountId, actorUserId: user.id, action: 'auth.password_reset', targetType: 'user', targetId: String(user.id), ip });
  });
}
