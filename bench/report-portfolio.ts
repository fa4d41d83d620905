// Reports on a realistic portfolio for the document benchmarks: US store sites from the real
// store directory (bench/real-portfolio.ts), a few cities' worth so that many sites share their
// counties as a chain's do, with reports made the way a customer makes them — one POST
// reports/batch, its job running in this process — and the caller's AuthContext for calling
// services directly (not over HTTP).
import { eq } from 'drizzle-orm';
import type { TBatchStarted } from '../packages/domain/src/index';
import type { TestContext, TestUser } from '../apps/api/test/context';
import { reports } from '../apps/api/src/db/schema/index';
import { grantLicenses } from '../apps/api/src/features/licenses/index';
import { insertSites } from '../apps/api/src/features/sites/sites.repository';
import { toAuthContext, type AuthContext } from '../apps/api/src/access/caller';
import { findSessionWithUser } from '../apps/api/src/access/sessions.repository';
import { hashToken } from '../apps/api/src/lib/tokens';
import { waitForTask } from './lib';
import { realPortfolio } from './real-portfolio';

/** The cities the sites are taken from, in turn: a handful of counties in four states. */
const CITIES = ['Chicago', 'Seattle', 'Houston', 'Denver', 'Phoenix'];

/**
 * `count` US store sites of the real directory, taken from CITIES in turn (so consecutive sites lie
 * in different counties, as an archive's order by id does not group them); null without
 * ../shared/data.
 */
function citySites(count: number): { siteName: string; street: string | null; city: string | null; state: string | null; zipCode: string | null; latitude: number; longitude: number }[] | null {
  const portfolio = realPortfolio(30_000);
  if (!portfolio) return null;
  const byCity = CITIES.map((city) => portfolio.filter((site) => site.countryCode === 'USA' && site.city === city));
  const picked: NonNullable<ReturnType<typeof citySites>> = [];
  for (let index = 0; picked.length < count; index += 1) {
    const before = picked.length;
    for (const sites of byCity) {
      const site = sites[index];
      if (site && picked.length < count) picked.push({ siteName: site.siteName, street: site.street, city: site.city, state: site.state, zipCode: site.zipCode, latitude: site.latitude, longitude: site.longitude });
    }
    if (picked.length === before) throw new Error(`only ${picked.length} sites in ${CITIES.join(', ')}`);
  }
  return picked;
}

/** The caller's AuthContext, as a request of theirs would resolve it. */
export async function authOfUser(ctx: TestContext, user: TestUser): Promise<AuthContext> {
  const found = await findSessionWithUser(ctx.deps.database.db, hashToken(user.cookie.split('=')[1]!));
  if (!found) throw new Error('no session for the bench user');
  return toAuthContext(found);
}

/**
 * About `count` Premium Plus reports (four methodologies, the demographics add-on) on as many
 * distinct sites in the user's account, as one batch makes them (it may leave out a site it cannot
 * report on); their ids in the order made. Null without ../shared/data.
 */
export async function premiumPlusPortfolio(ctx: TestContext, user: TestUser, count: number): Promise<number[] | null> {
  const points = citySites(count);
  if (!points) return null;
  const { db } = ctx.deps.database;
  for (const productId of [6, 105]) await grantLicenses(db, { accountId: user.account.id, productId, quantity: count, now: new Date() });
  const rows = points.map((point, index) => ({ ...point, accountId: user.account.id, siteName: `${point.siteName} #${index + 1}`, nameKey: null, countryId: 1 }));
  const siteIds = (await insertSites(db, rows)).map((site) => site.siteId);
  const posted = await user.request({ method: 'POST', url: '/api/reports/batch?v=bench', payload: { siteIds, reportType: 6, addOnProducts: [105] } });
  if (posted.statusCode !== 200) throw new Error(`POST /api/reports/batch: ${posted.statusCode} ${posted.body.slice(0, 300)}`);
  const task = await waitForTask(user, (posted.json() as TBatchStarted).taskStatusId);
  if (task.currentStatus !== 2) throw new Error(`the batch failed: ${task.detail}`);
  const ids = (await db.select({ id: reports.accountProductReportId }).from(reports).where(eq(reports.accountId, user.account.id)).orderBy(reports.accountProductReportId)).map((row) => row.id);
  // The batch leaves out a site it cannot report on (one of the store directory's points may lie off the covered land).
  if (ids.length < count * 0.95) throw new Error(`${ids.length} reports made, ${count} wanted`);
  return ids;
}
