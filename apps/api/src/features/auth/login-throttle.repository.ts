import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema/index';

/*
 * Failed sign-ins per typed e-mail and client. Not tenant data: sign-in happens before any
 * account is known, so these rows are keyed by what the visitor typed (known e-mail or not) and
 * where the attempt came from.
 */

// Raw SQL parameters are passed as ISO text with a cast: both drivers then agree on the type.
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** What the throttle says about one attempt before the password is checked. */
export interface LoginThrottleState {
  /** When this client is locked out of this e-mail, the time the lock ends; otherwise null. */
  clientLockedUntil: Date | null;
  /** Failures on this e-mail from every client whose window is still open. */
  emailFailures: number;
}

/** Reads, in one statement, whether the client is locked out of the e-mail and how hard the e-mail is being tried. */
export async function readLoginThrottle(db: Db, input: { email: string; client: string; now: Date; windowMs: number }): Promise<LoginThrottleState> {
  const windowStart = new Date(input.now.getTime() - input.windowMs);
  const rows = await db
    .select({
      clientLockedUntil: sql<Date | null>`max(case when ${loginThrottle.client} = ${input.client} and ${loginThrottle.lockedUntil} > ${at(input.now)} then ${loginThrottle.lockedUntil} end)`.mapWith(
        loginThrottle.lockedUntil,
      ),
      emailFailures: sql<number>`coalesce(sum(case when ${loginThrottle.windowStartedAt} > ${at(windowStart)} then ${loginThrottle.failedCount} else 0 end), 0)`.mapWith(Number),
    })
    .from(loginThrottle)
    .where(eq(loginThrottle.email, input.email));
  const row = rows[0];
  return { clientLockedUntil: row?.clientLockedUntil ?? null, emailFailures: row?.emailFailures ?? 0 };
}

/**
 * Counts one failure of one client in a single statement (concurrent attempts cannot lose counts):
 * a failure outside the window starts a new window at 1; reaching `maxFailures` inside it locks
 * the client out of the e-mail.
 */
export async function recordLoginFailure(
  db: Db,
  input: { email: string; client: string; now: Date; windowMs: number; maxFailures: number; lockMs: number },
): Promise<{ failedCount: number; lockedUntil: Date | null }> {
  const windowStart = new Date(input.now.getTime() - input.windowMs);
  const lockUntil = new Date(input.now.getTime() + input.lockMs);
  const expired = sql`${loginThrottle.windowStartedAt} <= ${at(windowStart)}`;
  const nextCount = sql`case when ${expired} then 1 else ${loginThrottle.failedCount} + 1 end`;
  const rows = await db
    .insert(loginThrottle)
    .values({ email: input.email, client: input.client, failedCount: 1, windowStartedAt: input.now, lockedUntil: input.maxFailures <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: [loginThrottle.email, loginThrottle.client],
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

/** Forgets one client's failures on an e-mail (that client signed in with the right password). */
export async function clearClientLoginFailures(db: Db, email: string, client: string): Promise<void> {
  await db.delete(loginThrottle).where(and(eq(loginThrottle.email, email), eq(loginThrottle.client, client)));
}

/** Forgets every client's failures on an e-mail (the password was reset: they were guesses at the old one). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.email, email));
}

/** Deletes the rows whose window and lock both ended before `cutoff`. */
export async function purgeLoginThrottle(db: Db, cutoff: Date): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(and(lt(loginThrottle.windowStartedAt, cutoff), sql`coalesce(${loginThrottle.lockedUntil}, ${loginThrottle.windowStartedAt}) < ${at(cutoff)}`));
}
