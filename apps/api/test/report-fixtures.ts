import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { ZLicenseList, type TLicenseList } from '@riskatlas/domain';
import type { TestContext, TestUser } from './context';
import { reports, sites } from '../src/db/schema/index';
import { grantLicenses } from '../src/features/licenses/licenses.service';

/*
 * Shared by the report and scores API tests: real places, licence grants and reads, and direct
 * looks at the tables (to assert that nothing was written).
 */

/** Willis Tower, downtown Chicago (Cook County, IL): urban. */
export const CHICAGO = { latitude: 41.8789, longitude: -87.6359 } as const;
/** The White House, Washington DC: state scores hidden from release 2022. */
export const WASHINGTON_DC = { latitude: 38.8977, longitude: -77.0365 } as const;
/** Open Atlantic: in no covered country. */
export const MID_ATLANTIC = { latitude: 30.5, longitude: -40.25 } as const;
/** Farmland in Rush County, Kansas: rural. */
export const RURAL_KANSAS = { latitude: 38.52, longitude: -99.31 } as const;

/** Grants licences per product id to an account. */
export async function grant(ctx: TestContext, accountId: number, counts: Record<number, number>): Promise<void> {
  for (const [productId, quantity] of Object.entries(counts)) {
    if (quantity === 0) continue;
    await grantLicenses(ctx.deps.database.db, { accountId, productId: Number(productId), quantity, now: ctx.clock.now() });
  }
}

/** The caller's Remaining licence counts per product id, read through the API. */
export async function remaining(user: TestUser): Promise<Record<string, number>> {
  const list = ZLicenseList.parse((await user.request({ method: 'GET', url: '/api/account/licenses' })).json()) as TLicenseList;
  return list.find((entry) => entry.type === 'Remaining')!.licenseCounts;
}

/** POST reports as the user. */
export function postReport(user: TestUser, body: Record<string, unknown>, query = ''): Promise<LightMyRequestResponse> {
  return user.request({ method: 'POST', url: `/api/reports?v=1${query ? `&${query}` : ''}`, payload: body });
}

/** Every site row of an account. */
export async function siteRows(ctx: TestContext, accountId: number) {
  return ctx.deps.database.db.select().from(sites).where(eq(sites.accountId, accountId)).orderBy(sites.siteId);
}

/** Every report row of an account. */
export async function reportRows(ctx: TestContext, accountId: number) {
  return ctx.deps.database.db.select().from(reports).where(eq(reports.accountId, accountId)).orderBy(reports.accountProductReportId);
}

/** A unique-enough site name. */
let counter = 0;
export function siteName(prefix = 'Site'): string {
  counter += 1;
  return `${prefix} ${process.pid}-${counter}`;
}
