import { ErrorCode, ReportType } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/app-deps';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../access/caller';
import type { GeocodeFn } from '../../features/geo/index';
import { createReportsForSites, type ReportServiceDeps } from '../../features/reports/index';
import { insertComment } from '../../features/sites/index';
import { insertPreparedSites, prepareNewSite, type PreparedSite } from '../../features/sites/index';
import { accountHasSites, touchAccountData } from '../../features/sites/index';
import { DEMO_COMMENTS, DEMO_PORTFOLIO, type DemoSite } from './demo-portfolio';

const DAY_MS = 86_400_000;

/** Demo sites carry coordinates, so nothing is geocoded; reaching the geocoder would be a bug in the portfolio. */
const noGeocoding: GeocodeFn = () => Promise.reject(new Error('Demo sites are placed by their coordinates; a demo site lacks them.'));

/**
 * When the site was opened in the library: spread over the past year, oldest first, so the
 * library sorts by date sensibly; a site without a report arrived two hours ago (the grid
 * highlights items under 18 hours old).
 */
function createdAt(index: number, now: Date): Date {
  if (index === NEWEST_SITE) return new Date(now.getTime() - 2 * 3_600_000);
  return new Date(now.getTime() - (400 - index * 11) * DAY_MS);
}

/** The first site without a report: the one that arrived two hours ago. */
const NEWEST_SITE = DEMO_PORTFOLIO.findIndex((site) => site.report === 'none');

/**
 * Fills the demo account's empty library (DEMO=1): the stores of DEMO_PORTFOLIO, placed and
 * checked by the same rules as POST sites, then Basic and Premium Plus reports ordered through the
 * batch service as the demo administrator (licences are debited as for any order), and a few
 * comments. A library that holds any site is left alone. Too few licences leave the sites without
 * reports, with a line in the log.
 */
export async function seedDemoLibrary(db: Db, deps: Pick<AppDeps, 'gazetteer' | 'scoring' | 'mailer' | 'config'>, admin: Caller, now: Date, log: (line: string) => void): Promise<void> {
  if (await accountHasSites(db, admin.accountId)) return;
  const prepared: PreparedSite[] = [];
  for (const [index, site] of DEMO_PORTFOLIO.entries()) {
    const at = createdAt(index, now);
    prepared.push(await prepareNewSite({ db, gazetteer: deps.gazetteer, geocode: noGeocoding, now: () => at }, admin, site, { ignoreDuplicates: true }));
  }
  const inserted = await insertPreparedSites(db, prepared);
  await touchAccountData(db, admin.accountId, now);
  const idOf = new Map(inserted.map((row) => [row.siteName, row.siteId]));
  const idsFor = (report: DemoSite['report']) => DEMO_PORTFOLIO.filter((site) => site.report === report).map((site) => idOf.get(site.siteName)!);

  const reportDeps: ReportServiceDeps = {
    db,
    gazetteer: deps.gazetteer,
    scoring: deps.scoring,
    geocode: noGeocoding,
    mailer: deps.mailer,
    now: () => new Date(now.getTime() - 14 * DAY_MS),
    publicUrl: deps.config.publicUrl,
  };
  let reports = 0;
  try {
    reports += (await createReportsForSites(reportDeps, admin, idsFor('basic'), { reportType: ReportType.Basic })).accountProductReportIds.length;
    const premiumDeps = { ...reportDeps, now: () => new Date(now.getTime() - 3 * DAY_MS) };
    reports += (await createReportsForSites(premiumDeps, admin, idsFor('premiumPlus'), { reportType: ReportType.PremiumPlus })).accountProductReportIds.length;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== ErrorCode.InsufficientLicenses) throw error;
    log(`Demo data: reports not created (${error.message}). Raise SEED_LICENSES for a demo with reports.`);
  }

  const author = `${admin.user.firstName} ${admin.user.lastName}`.trim();
  for (const [siteName, comments] of Object.entries(DEMO_COMMENTS)) {
    for (const [index, comment] of comments.entries()) {
      await insertComment(db, { accountId: admin.accountId, siteId: idOf.get(siteName)!, userId: admin.userId, author, comment, created: new Date(now.getTime() - (10 - index * 5) * DAY_MS) });
    }
  }
  log(`Demo data: ${inserted.length} sites and ${reports} reports in "${admin.account.company}".`);
}
