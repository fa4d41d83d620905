import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reports, sites } from '../db/schema/index';
import { isAdmin, type Caller } from './caller';
import { objectFilterFor } from './object-filters';
import { visibleReports } from './report-scope';

/**
 * The one door to sites and their reports: every query that reads or writes a site or a report on
 * the caller's behalf is led by these conditions, so tenancy, permission filters and report
 * visibility are decided in one place. It answers which sites the caller may see and which of
 * those sites' reports:
 * - sites: the caller's account, narrowed by the account's permission filters (objectFilterFor);
 * - reports: the caller's report visibility (all of the account's, only their own, or none — see
 *   visibleReports), and only on sites the caller may see. A site stays visible when its reports
 *   are not: only its score summary (s, l, lrr) is then computed from the reports the caller may see.
 */
export interface SiteScope {
  /** The account every condition below is led by. */
  accountId: number;
  /** Condition on the `sites` table (unaliased) selecting the sites the caller may see. */
  sites: SQL;
  /** Condition on the `reports` table (unaliased) selecting the reports the caller may see, on sites they may see. */
  reports: SQL;
  /**
   * True when the caller sees every report of the account: the site rows' stored summary (the
   * account-wide latest report) is then theirs too, and the fast list path reads it directly.
   */
  allReports: boolean;
  /**
   * Names the list this scope sees when every caller with the same key sees the same rows: 'all'
   * for callers who see every site and report of the account. Null when the list is the caller's
   * own (report visibility, permission filters): such lists are not shared (kept-site-lists.ts).
   */
  sharedListKey: string | null;
}

/** The caller's site scope (see SiteScope). */
export async function siteScope(db: Db, caller: Caller): Promise<SiteScope> {
  const account = eq(sites.accountId, caller.accountId);
  const filter = await objectFilterFor(db, caller);
  // The same rule as visibleReports': these callers get the bare account condition.
  const allReports = isAdmin(caller) || caller.user.allowViewAllReports;
  const visible = visibleReports(caller);
  return {
    accountId: caller.accountId,
    sites: filter ? and(account, filter)! : account,
    // A report is seen only where its site is: under a filter, the report's site must pass it too.
    reports: filter ? and(visible, sql`exists (select 1 from ${sites} where ${sites.accountId} = ${reports.accountId} and ${sites.siteId} = ${reports.siteId} and ${filter})`)! : visible,
    allReports,
    sharedListKey: allReports && !filter ? 'all' : null,
  };
}
