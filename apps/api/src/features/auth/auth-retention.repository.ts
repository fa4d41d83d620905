import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions } from '../../db/schema/index';

/*
 * Deleting sign-in rows past their retention. Not per tenant: the purge is one pass over the
 * whole table, by time alone.
 */

/** Deletes sessions that expired, or were revoked, before `cutoff`. */
export async function purgeEndedSessions(db: Db, cutoff: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))));
}

/** Deletes password reset tokens that expired, or were used, before `cutoff`. */
export async function purgeSpentResetTokens(db: Db, cutoff: Date): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, cutoff), and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, cutoff))));
}
