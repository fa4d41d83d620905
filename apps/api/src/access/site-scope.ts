import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sites } from '../db/schema/index';
import { isAdmin, type Caller } from './caller';
import { visibleReports } from './report-scope';

/**
 * The ONE permission hook every site query goes through (ARCHITECTURE "Tenancy"). It answers, for
 * the caller, which sites they may see and which of those sites' reports:
 * - sites: the caller's account, narrowed by the account's permission filters (spec 2
 *   "objectFilter") through a SiteObjectFilterSource;
 * - reports: the caller's report visibility (spec 2 §3 allowViewAllReports / allowViewOwnReports,
 *   the reports module's visibleReports). A site stays visible when its reports are not: only its
 *   score summary (s, l, lrr) is then computed from the reports the caller may see.
 */
export interface SiteScope {
  /** Condition on the `sites` table (unaliased) selecting the sites the caller may see. */
  sites: SQL;
  /** Condition on the `reports` table (unaliased) selecting the reports the caller may see. */
  reports: SQL;
  /**
   * True when the caller sees every report of the account: the site rows' stored summary (the
   * account-wide latest report) is then theirs too, and the fast list path reads it directly.
   */
  allReports: boolean;
  /**
   * Names the list this scope sees when every caller with the same key sees the same rows: 'all'
   * for callers who see every site and report of the account. Null when the list is the caller's
   * own (report visibility, permission filters): such lists are not shared (site-list-cache.ts).
   */
  sharedListKey: string | null;
}

/**
 * Where the account's permission filters come from: a condition on `sites` for the caller, or null
 * when no filter applies to them. Administrators are given one too, so a source may decide whether
 * filters bind them.
 */
export type SiteObjectFilterSource = (db: Db, caller: Caller) => Promise<SQL | null>;

/**
 * The source used until permission filters exist (spec 2 "objectFilter", ROADMAP 6): accounts have
 * none, so every site of the account is visible. The administration feature supplies a source that
 * reads the filters of the caller's user groups and passes it to siteScope.
 */
export const noObjectFilters: SiteObjectFilterSource = async () => null;

/** The caller's site scope (see SiteScope). */
export async function siteScope(db: Db, caller: Caller, filters: SiteObjectFilterSource = noObjectFilters): Promise<SiteScope> {
  const account = eq(sites.accountId, caller.accountId);
  const filter = await filters(db, caller);
  // The same rule as visibleReports': these callers get the bare account condition.
  const allReports = isAdmin(caller) || caller.user.allowViewAllReports;
  return {
    sites: filter ? and(account, filter)! : account,
    reports: visibleReports(caller),
    allReports,
    sharedListKey: allReports && !filter ? 'all' : null,
  };
}
