import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users, type AccountRow, type UserRow } from '../db/schema/index';

/** One account by id. */
export async function findAccount(db: Db, accountId: number): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return rows[0];
}

/** One user by id, whatever account they belong to (provider staff act in customer accounts). */
export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}
