import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema/index';

/*
 * Failed sign-ins per typed e-mail. Not tenant data: sign-in happens before any account is known,
 * so these rows are keyed by what the visitor typed (known e-mail or not).
 */

/** When the e-mail is locked out, the time the lock ends; otherwise null. */
export async function findLockedUntil(db: Db, email: string, now: Date): Promise<Date | null> {
  const rows = await db.select({ lockedUntil: loginThrottle.lockedUntil }).from(loginThrottle).where(eq(loginThrottle.email, email)).limit(1);
  const lockedUntil = rows[0]?.lockedUntil ?? null;
  return lockedUntil && lockedUntil.getTime() > now.getTime() ? lockedUntil : null;
}

/**
 * Counts one failure in a single statement (concurrent attempts cannot lose counts): a failure
 * outside the window starts a new window at 1; reaching `maxFailures` inside it sets the lock.
 */
export async function recordLoginFailure(
  db: Db,
  input: { email: string; now: Date; windowMs: number; maxFailures: number; lockMs: number },
): Promise<{ failedCount: number; lockedUntil: Date | null }> {
  const windowStart = new Date(input.now.getTime() - input.windowMs);
  const lockUntil = new Date(input.now.getTime() + input.lockMs);
  // Raw SQL parameters are passed as ISO text with a cast: both drivers then agree on the type.
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const expired = sql`${loginThrottle.windowStartedAt} <= ${at(windowStart)}`;
  const nextCount = sql`case when ${expired} then 1 else ${loginThrottle.failedCount} + 1 end`;
  const rows = await db
    .insert(loginThrottle)
    .values({ email: input.email, failedCount: 1, windowStartedAt: input.now, lockedUntil: input.maxFailures <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.email,
      set: {
        failedCount: nextCount,
        windowStartedAt: sql`case when ${expired} then ${at(input.now)} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${nextCount} >= ${input.maxFailures}::int then ${at(lockUntil)} else null end`,
      },
    })
    .returning({ failedCount: loginThrottle.failedCount, lockedUntil: loginThrottle.lockedUntil });
  const row = rows[0]!;
  return { failedCount: row.failedCount, lockedUntil: row.lockedUntil };
}

/** Forgets the failures of an e-mail (successful sign-in, password reset). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.email, email));
}
