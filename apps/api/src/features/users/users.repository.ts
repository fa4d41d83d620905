import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index';

/** E-mails are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The user with this e-mail, in any account. Not led by account_id on purpose: sign-in and
 * password reset start from the e-mail alone, and e-mails are unique across accounts.
 */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return rows[0];
}

/** One user of an account. */
export async function findUser(db: Db, accountId: number, userId: number): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
    .limit(1);
  return rows[0];
}

/** Inserts a user (e-mail normalised) and returns the row. */
export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db
    .insert(users)
    .values({ ...row, email: normalizeEmail(row.email) })
    .returning();
  return inserted!;
}

/** Records a successful sign-in. */
export async function setLastLogin(db: Db, accountId: number, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: at })
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
}

/** Replaces a user's password hash. */
export async function setPasswordHash(db: Db, accountId: number, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
}

/** How many users exist at all (seeding runs only on an empty database). */
export async function countAllUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}
