import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../platform/audit/audit.repository';
import { findAccount } from '../../access/identity.repository';
import { isStaff, type AuthContext } from '../../access/caller';
import { setActingAccount } from '../../access/sessions.repository';
import { announceAuthChange } from '../../access/session-cache';

/**
 * Provider staff (user type 4 in a provider account) start acting in a customer account. The
 * session's acting account changes; the start is audited in the staff member's own account and
 * in the customer's, in one transaction.
 */
export async function startImpersonation(db: Database, auth: AuthContext, targetAccountId: number, ip: string | null): Promise<void> {
  const home = await findAccount(db, auth.user.accountId);
  if (!isStaff(auth) || !home?.isProvider) throw AppError.forbidden('Only provider staff may act in another account.');
  if (targetAccountId === home.id) {
    await endImpersonation(db, auth, ip);
    return;
  }
  const target = await findAccount(db, targetAccountId);
  if (!target) throw AppError.notFound('The account was not found.');
  if (target.isProvider) throw AppError.forbidden('Provider accounts cannot be impersonated.');
  await db.transaction(async (tx) => {
    await setActingAccount(tx, auth.session.id, target.id);
    await announceAuthChange(tx, { sessionId: auth.session.id });
    const detail = { homeAccountId: home.id, targetAccountId: target.id, company: target.company, previousAccountId: auth.accountId };
    await recordAudit(tx, { accountId: home.id, actorUserId: auth.userId, action: 'impersonation.start', targetType: 'account', targetId: String(target.id), detail, ip });
    await recordAudit(tx, { accountId: target.id, actorUserId: auth.userId, impersonatorUserId: auth.userId, action: 'impersonation.start', targetType: 'account', targetId: String(target.id), detail, ip });
  });
}

/** Returns the session to the staff member's home account; audited in both accounts. */
export async function endImpersonation(db: Database, auth: AuthContext, ip: string | null): Promise<void> {
  if (!auth.impersonating) return;
  const homeId = auth.user.accountId;
  const detail = { homeAccountId: homeId, targetAccountId: auth.accountId };
  await db.transaction(async (tx) => {
    await setActingAccount(tx, auth.session.id, homeId);
    await announceAuthChange(tx, { sessionId: auth.session.id });
    await recordAudit(tx, { accountId: homeId, actorUserId: auth.userId, action: 'impersonation.end', targetType: 'account', targetId: String(auth.accountId), detail, ip });
    await recordAudit(tx, { accountId: auth.accountId, actorUserId: auth.userId, impersonatorUserId: auth.userId, action: 'impersonation.end', targetType: 'account', targetId: String(auth.accountId), detail, ip });
  });
}
