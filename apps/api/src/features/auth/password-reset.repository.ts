import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/index';

/** Stores a reset token by its hash (the token itself only travels in the e-mail). */
export async function insertResetToken(db: Db, row: { tokenHash: string; accountId: number; userId: number; expiresAt: Date; createdAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/**
 * Marks a live token used and returns whose it was, in one statement, so two concurrent resets
 * with the same link cannot both succeed. Undefined when unknown, expired or already used.
 */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ accountId: passwordResetTokens.accountId, userId: passwordResetTokens.userId });
  return rows[0];
}

/** Spends every other outstanding link of a user once the password has changed. */
export async function invalidateUserResetTokens(db: Db, accountId: number, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.accountId, accountId), eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** How many reset links a user was sent since a time (limits mail to one inbox). */
export async function countResetTokensSince(db: Db, accountId: number, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.accountId, accountId), eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return Number(row?.n ?? 0);
}
