import { ALL_PRODUCT_IDS, ErrorCode, insufficientLicensesMessage, productName, type ProductId, type TLicenseHistory, type TLicenseList, type TLicenseRateSummary } from '@riskatlas/domain';
import type { Db, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findAccount } from '../../access/identity.repository';
import type { AuthContext } from '../../access/caller';
import { effectiveAllowProduct } from '../../access/product-policy';
import { insertLedgerRows, insertLicenseGrants, ledgerTotals, listLedgerRows, lockAccountProducts, netConsumedByReference, remainingLicenses } from './licenses.repository';

/** One product and how many licences of it a piece of work needs. */
export interface LicenseItem {
  productId: number;
  quantity: number;
}

/** What a debit or refund is for: the account, who caused it and what it paid for. */
export interface LicenseMovement {
  accountId: number;
  userId: number | null;
  items: readonly LicenseItem[];
  /** What the licences pay for, e.g. "report:123" or "scores:2026-11-22T…"; refunds match on it. */
  reference: string;
  at?: Date;
}

/** True when `value` is one of the product ids. */
function isProductId(value: number): value is ProductId {
  return (ALL_PRODUCT_IDS as readonly number[]).includes(value);
}

/** Checks the items and sums them per product id (a caller may list one product twice); drops zeros. */
function normaliseItems(items: readonly LicenseItem[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const item of items) {
    if (!isProductId(item.productId)) throw AppError.badRequest(`The product id ${item.productId} is not one of ${ALL_PRODUCT_IDS.join(', ')}.`, 'productId');
    if (!Number.isInteger(item.quantity) || item.quantity < 0) throw AppError.badRequest('The quantity must be a whole number, not negative.', 'quantity');
    if (item.quantity > 0) totals.set(item.productId, (totals.get(item.productId) ?? 0) + item.quantity);
  }
  return totals;
}

/**
 * Debits licences inside the caller's transaction, the one that creates the work they pay for, so
 * the work and its payment commit or roll back together. Serialised per account and product by a
 * transaction-scoped advisory lock taken before the balance is read, so concurrent debits can never
 * drive a count below zero. Too few of any product → INSUFFICIENT_LICENSES (402) naming the first
 * product short and the shortfall, with every shortfall in details; nothing is written then.
 * Answers the remaining count per debited product after the debit.
 */
export async function consumeLicenses(tx: Transaction, input: LicenseMovement): Promise<Record<string, number>> {
  const totals = normaliseItems(input.items);
  if (totals.size === 0) return {};
  const productIds = [...totals.keys()];
  await lockAccountProducts(tx, input.accountId, productIds);
  const remaining = await remainingLicenses(tx, input.accountId, productIds);
  const shortfalls = productIds
    .map((productId) => ({ productId, needed: totals.get(productId)!, remaining: remaining[String(productId)] ?? 0 }))
    .filter((s) => s.remaining < s.needed)
    .map((s) => ({ ...s, name: productName(s.productId), shortBy: s.needed - Math.max(0, s.remaining) }));
  if (shortfalls.length > 0) {
    const first = shortfalls[0]!;
    throw new AppError(ErrorCode.InsufficientLicenses, insufficientLicensesMessage(first.productId, first.needed, first.remaining), {
      details: { shortfalls },
    });
  }
  await insertLedgerRows(tx, {
    accountId: input.accountId,
    rows: productIds.map((productId) => ({ productId, quantity: -totals.get(productId)!, reason: 'consume' })),
    userId: input.userId,
    reference: input.reference,
    at: input.at ?? new Date(),
  });
  return Object.fromEntries(productIds.map((productId) => [String(productId), (remaining[String(productId)] ?? 0) - totals.get(productId)!]));
}

/**
 * Gives back licences consumed under `reference` for work that failed. Never refunds more than was
 * consumed (net of earlier refunds) under that reference, so a retried failure cannot mint
 * licences; serialised by the same lock as consumption.
 */
export async function refundLicenses(tx: Transaction, input: LicenseMovement): Promise<void> {
  const totals = normaliseItems(input.items);
  if (totals.size === 0) return;
  const productIds = [...totals.keys()];
  await lockAccountProducts(tx, input.accountId, productIds);
  const consumed = await netConsumedByReference(tx, input.accountId, input.reference);
  for (const productId of productIds) {
    const refundable = consumed[String(productId)] ?? 0;
    if (totals.get(productId)! > refundable) {
      throw new AppError(
        ErrorCode.Conflict,
        `Cannot refund ${totals.get(productId)} ${productName(productId)} licences for ${input.reference}: only ${refundable} consumed and not yet refunded.`,
      );
    }
  }
  await insertLedgerRows(tx, {
    accountId: input.accountId,
    rows: productIds.map((productId) => ({ productId, quantity: totals.get(productId)!, reason: 'refund' })),
    userId: input.userId,
    reference: input.reference,
    at: input.at ?? new Date(),
  });
}

/** Grants `quantity` licences of one product to an account (operator CLI, tests). */
export async function grantLicenses(
  db: Db,
  input: { accountId: number; productId: number; quantity: number; now: Date; reason?: string; userId?: number | null; reference?: string | null },
): Promise<void> {
  if (!isProductId(input.productId)) {
    throw AppError.badRequest(`The product id ${input.productId} is not one of ${ALL_PRODUCT_IDS.join(', ')}.`, 'product');
  }
  if (!Number.isInteger(input.quantity) || input.quantity <= 0) throw AppError.badRequest('The quantity must be a whole number above 0.', 'quantity');
  if (!(await findAccount(db, input.accountId))) throw AppError.badRequest(`There is no account with id ${input.accountId}.`, 'accountId');
  await insertLicenseGrants(db, {
    accountId: input.accountId,
    productIds: [input.productId],
    quantity: input.quantity,
    reason: input.reason ?? 'grant',
    userId: input.userId ?? null,
    reference: input.reference === undefined ? 'cli' : input.reference,
    at: input.now,
  });
}

/** Granted, used and remaining per product id, every product id present (0 when none). */
async function countsByProduct(db: Db, accountId: number): Promise<Map<ProductId, { granted: number; used: number; remaining: number }>> {
  const totals = new Map((await ledgerTotals(db, accountId)).map((row) => [row.productId, row]));
  return new Map(
    ALL_PRODUCT_IDS.map((productId) => {
      const row = totals.get(productId);
      const granted = row?.granted ?? 0;
      const used = row?.used ?? 0;
      return [productId, { granted, used, remaining: granted - used }];
    }),
  );
}

/** GET account/licenses: the Remaining, Granted and Used entries with their licenseCounts. */
export async function licenseSummary(db: Db, accountId: number): Promise<TLicenseList> {
  const counts = await countsByProduct(db, accountId);
  const entry = (pick: (c: { granted: number; used: number; remaining: number }) => number) =>
    Object.fromEntries([...counts].map(([productId, c]) => [String(productId), pick(c)]));
  return [
    { type: 'Remaining', licenseCounts: entry((c) => c.remaining) },
    { type: 'Granted', licenseCounts: entry((c) => c.granted) },
    { type: 'Used', licenseCounts: entry((c) => c.used) },
  ];
}

/**
 * GET account/licenses/ratesummary: per product the remaining and used counts and what the caller
 * may do with it (the client reads its allowProduct rights from here): the user's allowProduct
 * value, except that "use" (1) becomes 0 while the account holds none of the product; "use and
 * buy" (3) stays, as the user can buy more. Read-only users and accounts get 0 throughout.
 */
export async function licenseRateSummary(db: Db, auth: AuthContext): Promise<TLicenseRateSummary> {
  const counts = await countsByProduct(db, auth.account.id);
  const allowProduct = effectiveAllowProduct(auth);
  return [...counts].map(([productId, c]) => {
    const permitted = allowProduct[String(productId)] ?? 0;
    const allowed = permitted === 1 && c.remaining <= 0 ? 0 : permitted;
    return { productId, name: productName(productId), remaining: c.remaining, used: c.used, allowed };
  });
}

/** GET account/licenses/history: the account's ledger rows, newest first. */
export async function licenseHistory(db: Db, accountId: number, options: { productId?: number; limit: number }): Promise<TLicenseHistory> {
  const rows = await listLedgerRows(db, accountId, options);
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    name: productName(row.productId),
    quantity: row.quantity,
    reason: row.reason,
    userId: row.userId,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  }));
}
