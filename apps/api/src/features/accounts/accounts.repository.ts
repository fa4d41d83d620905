import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, licenseLedger, users, type AccountRow, type NewAccountRow } from '../../db/schema/index';
import { announceAuthChange } from '../../access/session-cache';

/** The first account with exactly this company name (seeding finds its demo accounts by name). */
export async function findAccountByCompany(db: Db, company: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(eq(accounts.company, company)).orderBy(asc(accounts.id)).limit(1);
  return rows[0];
}

/** Inserts an account and returns the row. */
export async function insertAccount(db: Db, row: NewAccountRow): Promise<AccountRow> {
  const [inserted] = await db.insert(accounts).values(row).returning();
  return inserted!;
}

/**
 * Customer accounts (not the provider's own) by company name, optionally filtered by part of the
 * name: what provider staff choose from to impersonate. A cross-tenant read, for staff only.
 */
export async function listCustomerAccounts(db: Db, nameContains?: string): Promise<{ id: number; company: string }[]> {
  const filter = nameContains ? ilike(accounts.company, `%${nameContains.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  return db
    .select({ id: accounts.id, company: accounts.company })
    .from(accounts)
    .where(and(eq(accounts.isProvider, false), filter))
    .orderBy(asc(accounts.company), asc(accounts.id));
}

/** Every account with its user count and remaining licences per product (operator listing). */
export async function listAccountsWithTotals(db: Db) {
  const rows = await db
    .select({
      id: accounts.id,
      company: accounts.company,
      isProvider: accounts.isProvider,
      readOnly: accounts.readOnly,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .orderBy(asc(accounts.id));
  const userCounts = await db.select({ accountId: users.accountId, n: count() }).from(users).groupBy(users.accountId);
  const usersByAccount = new Map(userCounts.map((r) => [r.accountId, Number(r.n)]));
  const remaining = await db
    .select({ accountId: licenseLedger.accountId, productId: licenseLedger.productId, quantity: sql<number>`sum(${licenseLedger.quantity})`.mapWith(Number) })
    .from(licenseLedger)
    .groupBy(licenseLedger.accountId, licenseLedger.productId)
    .orderBy(asc(licenseLedger.accountId), asc(licenseLedger.productId));
  const byAccount = new Map<number, Record<string, number>>();
  for (const r of remaining) {
    const entry = byAccount.get(r.accountId) ?? {};
    entry[String(r.productId)] = r.quantity;
    byAccount.set(r.accountId, entry);
  }
  return rows.map((row) => ({ ...row, users: usersByAccount.get(row.id) ?? 0, remainingLicenses: byAccount.get(row.id) ?? {} }));
}

/** How many users an account has. */
export async function countAccountUsers(db: Db, accountId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
  return Number(row?.n ?? 0);
}

/** Operator settings the CLI may change on an account. */
export type AccountOperatorSettings = Partial<Pick<NewAccountRow, 'readOnly' | 'underMaintenance' | 'inactivityTimeoutMinutes' | 'warningBanner' | 'licensedCountryIds'>>;

/**
 * Updates operator settings and stamps updatedAt; returns the row, or undefined when missing.
 * Read-only, maintenance and the inactivity timeout decide what signed-in users may do, so every
 * API process drops the account's cached sessions.
 */
export async function updateAccountSettings(db: Db, accountId: number, settings: AccountOperatorSettings, now: Date): Promise<AccountRow | undefined> {
  const [row] = await db.update(accounts).set({ ...settings, updatedAt: now }).where(eq(accounts.id, accountId)).returning();
  if (row) await announceAuthChange(db, { accountId });
  return row;
}
