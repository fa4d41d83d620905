import { z } from 'zod';
import type { ProductId } from '../ids';
import { ZVersionQuery } from './common';
import { zIdParam, zWholeNumberParam } from './fields';

/** What each product id is called in messages and the licence pages. */
export const PRODUCT_NAMES: Record<ProductId, string> = {
  0: 'Basic',
  1: 'Premium',
  3: 'Citywide Map',
  5: 'Scores',
  6: 'Premium Plus',
  100: 'Heat Map add-on',
  101: 'Supplemental Scores add-on (Basic)',
  102: 'Supplemental Scores add-on (Premium)',
  103: 'Citywide Maps add-on',
  104: 'Demographics add-on (Basic)',
  105: 'Demographics add-on (Premium)',
  106: 'Proximity add-on',
  150: 'Backdate fee',
  200: 'Upgrade Basic to Premium',
  201: 'Upgrade Basic to Premium Plus',
  202: 'Upgrade Premium to Premium Plus',
};

/** A product's display name; unknown ids read "product {id}" rather than failing. */
export function productName(productId: number): string {
  return (PRODUCT_NAMES as Record<number, string>)[productId] ?? `product ${productId}`;
}

/**
 * The message when an account holds too few licences of a product: names the product, what the
 * work needs, what remains and the shortfall.
 */
export function insufficientLicensesMessage(productId: number, needed: number, remaining: number): string {
  const left = Math.max(0, remaining);
  return `Not enough ${productName(productId)} licences: ${needed} needed, ${left} remaining (short by ${needed - left}).`;
}

/** Kinds of licence summary entry in GET account/licenses. */
export const LicenseEntryType = { Remaining: 'Remaining', Granted: 'Granted', Used: 'Used' } as const;
export type LicenseEntryType = (typeof LicenseEntryType)[keyof typeof LicenseEntryType];

/** Licence counts keyed by product id (as a string, the JSON key). */
export const ZLicenseCounts = z.record(z.string(), z.number().int()).describe('Count per product id; every product id is present');
export type TLicenseCounts = z.infer<typeof ZLicenseCounts>;

/** One entry of GET account/licenses; the entry of type Remaining carries licenseCounts. */
export const ZLicenseEntry = z.object({
  type: z.enum(['Remaining', 'Granted', 'Used']).describe('Remaining = granted − used; Granted = grants, purchases and adjustments; Used = consumed net of refunds'),
  licenseCounts: ZLicenseCounts,
});
export type TLicenseEntry = z.infer<typeof ZLicenseEntry>;

/** Answer of GET account/licenses: the Remaining, Granted and Used entries, in that order. */
export const ZLicenseList = z.array(ZLicenseEntry);
export type TLicenseList = z.infer<typeof ZLicenseList>;

/** One product of GET account/licenses/ratesummary. */
export const ZLicenseRate = z.object({
  productId: z.number().int().describe('Product id'),
  name: z.string().describe('Product name for display'),
  remaining: z.number().int().describe('Licences left to use'),
  used: z.number().int().describe('Licences consumed, net of refunds'),
  allowed: z
    .number()
    .int()
    .describe("What the caller may do with it, the user's allowProduct value: 0 no, 1 use (only while licences remain), 3 use and buy"),
});
export type TLicenseRate = z.infer<typeof ZLicenseRate>;

/** Answer of GET account/licenses/ratesummary: one row per product id, in ALL_PRODUCT_IDS order. */
export const ZLicenseRateSummary = z.array(ZLicenseRate);
export type TLicenseRateSummary = z.infer<typeof ZLicenseRateSummary>;

/** Query of GET account/licenses/history (non-strict so the client's `v` passes). */
export const ZLicenseHistoryQuery = z.object({
  productId: zIdParam('Product id', { min: 0 }).optional().describe('Only this product id'),
  limit: zWholeNumberParam('Limit', 1, 1000).default(100).describe('At most this many rows (1–1000, default 100)'),
  ...ZVersionQuery.shape,
});
export type TLicenseHistoryQuery = z.infer<typeof ZLicenseHistoryQuery>;

/** One ledger row of GET account/licenses/history. */
export const ZLicenseHistoryRow = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string().describe('Product name'),
  quantity: z.number().int().describe('+ grant, purchase or refund; − consumption'),
  reason: z.string().describe('grant, purchase, consume, refund or adjust'),
  userId: z.number().int().nullable().describe('Who caused it; null for operator and seeding'),
  reference: z.string().nullable().describe('What it paid for, e.g. report:123'),
  createdAt: z.string().describe('ISO timestamp'),
});
export type TLicenseHistoryRow = z.infer<typeof ZLicenseHistoryRow>;

/** Answer of GET account/licenses/history: ledger rows, newest first. */
export const ZLicenseHistory = z.array(ZLicenseHistoryRow);
export type TLicenseHistory = z.infer<typeof ZLicenseHistory>;
