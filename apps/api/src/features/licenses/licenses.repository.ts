import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenseLedger } from '../../db/schema/index';

/** Ledger reasons that record work paid for (negative) or its refund (positive). */
const USAGE_REASONS = ['consume', 'refund'] as const;

/** A new ledger row; the quantity is signed (+ grant/refund, − consumption). */
export interface LedgerEntryInput {
  productId: number;
  quantity: number;
  reason: string;
}

/** Inserts ledger rows for one account in one multi-row insert. */
export async function insertLedgerRows(
  db: Db,
  input: { accountId: number; rows: readonly LedgerEntryInput[]; userId: number | null; reference: string | null; at: Date },
): Promise<void> {
  if (input.rows.length === 0) return;
  await db.insert(licenseLedger).values(
    input.rows.map((row) => ({
      accountId: input.accountId,
      productId: row.productId,
      quantity: row.quantity,
      reason: row.reason,
      userId: input.userId,
      reference: input.reference,
      createdAt: input.at,
    })),
  );
}

/** Grants licences: one ledger row per product id, in one multi-row insert. */
export async function insertLicenseGrants(
  db: Db,
  input: { accountId: number; productIds: readonly number[]; quantity: number; reason: string; userId: number | null; reference: string | null; at: Date },
): Promise<void> {
  await insertLedgerRows(db, {
    accountId: input.accountId,
    rows: input.productIds.map((productId) => ({ productId, quantity: input.quantity, reason: input.reason })),
    userId: input.userId,
    reference: input.reference,
    at: input.at,
  });
}

/**
 * Takes the transaction-scoped advisory lock of each (account, product) pair, in ascending product
 * order so two transactions locking overlapping sets cannot deadlock. Held until the transaction
 * ends; must run inside one (see docs/decisions/0006-licence-ledger.md).
 */
export async function lockAccountProducts(tx: Db, accountId: number, productIds: readonly number[]): Promise<void> {
  const ordered = [...new Set(productIds)].sort((a, b) => a - b);
  for (const productId of ordered) {
    await tx.execute(sql`select pg_advisory_xact_lock(${accountId}::int4, ${productId}::int4)`);
  }
}

/** Remaining licences of one account per product id (only products with ledger rows). */
export async function remainingLicenses(db: Db, accountId: number, productIds?: readonly number[]): Promise<Record<string, number>> {
  const rows = await db
    .select({ productId: licenseLedger.productId, quantity: sql<number>`sum(${licenseLedger.quantity})`.mapWith(Number) })
    .from(licenseLedger)
    .where(and(eq(licenseLedger.accountId, accountId), productIds ? inArray(licenseLedger.productId, [...productIds]) : undefined))
    .groupBy(licenseLedger.productId)
    .orderBy(asc(licenseLedger.productId));
  return Object.fromEntries(rows.map((r) => [String(r.productId), r.quantity]));
}

/** Per product id: granted (every non-usage row) and used (usage rows, consumption net of refunds). */
export async function ledgerTotals(db: Db, accountId: number): Promise<{ productId: number; granted: number; used: number }[]> {
  const usage = sql`${licenseLedger.reason} in ('consume', 'refund')`;
  return db
    .select({
      productId: licenseLedger.productId,
      granted: sql<number>`coalesce(sum(${licenseLedger.quantity}) filter (where not (${usage})), 0)`.mapWith(Number),
      used: sql<number>`coalesce(-sum(${licenseLedger.quantity}) filter (where ${usage}), 0)`.mapWith(Number),
    })
    .from(licenseLedger)
    .where(eq(licenseLedger.accountId, accountId))
    .groupBy(licenseLedger.productId)
    .orderBy(asc(licenseLedger.productId));
}

/** Net licences consumed per product id under one reference (consumption minus refunds). */
export async function netConsumedByReference(db: Db, accountId: number, reference: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ productId: licenseLedger.productId, used: sql<number>`-sum(${licenseLedger.quantity})`.mapWith(Number) })
    .from(licenseLedger)
    .where(and(eq(licenseLedger.accountId, accountId), eq(licenseLedger.reference, reference), inArray(licenseLedger.reason, [...USAGE_REASONS])))
    .groupBy(licenseLedger.productId);
  return Object.fromEntries(rows.map((r) => [String(r.productId), r.used]));
}

/** The account's ledger rows, newest first, optionally for one product. */
export async function listLedgerRows(db: Db, accountId: number, options: { productId?: number; limit: number }) {
  return db
    .select()
    .from(licenseLedger)
    .where(and(eq(licenseLedger.accountId, accountId), options.productId === undefined ? undefined : eq(licenseLedger.productId, options.productId)))
    .orderBy(desc(licenseLedger.createdAt), desc(licenseLedger.id))
    .limit(options.limit);
}
