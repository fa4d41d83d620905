import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, sessions, users } from '../db/schema/index';

/** Inserts a session row. */
export async function insertSession(
  db: Db,
  row: {
    id: string;
    accountId: number;
    userId: number;
    actingAccountId: number;
    csrfHash: string;
    createdAt: Date;
    lastActivityAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(row);
}

function buildSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users, account: accounts })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, sessions.actingAccountId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('find_session_with_user');
}

/**
 * Every authenticated request runs this lookup, so it is prepared once per database handle:
 * the query is not rebuilt and the server does not re-plan the three-table join each time.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

/** A live session row with its user and the account it acts in. */
export type SessionWithUser = Awaited<ReturnType<ReturnType<typeof buildSessionLookup>['execute']>>[number];

/** The live session with its user and acting account, or undefined. */
export async function findSessionWithUser(db: Db, sessionId: string): Promise<SessionWithUser | undefined> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ sessionId });
  return rows[0];
}

/** Renews a session's activity clock and sliding expiry. */
export async function touchSession(db: Db, sessionId: string, lastActivityAt: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastActivityAt, expiresAt }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (password reset, disable). */
export async function revokeUserSessions(db: Db, accountId: number, userId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Switches the account a session acts in (impersonation start and end). */
export async function setActingAccount(db: Db, sessionId: string, actingAccountId: number): Promise<void> {
  await db.update(sessions).set({ actingAccountId }).where(eq(sessions.id, sessionId));
}

/**
 * Revokes a session by id whether or not it has expired (sign-out must always work) and returns
 * whose it was, or undefined when there was no live row.
 */
export async function revokeSessionReturning(db: Db, sessionId: string, at: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ accountId: sessions.accountId, userId: sessions.userId, actingAccountId: sessions.actingAccountId });
  return rows[0];
}
