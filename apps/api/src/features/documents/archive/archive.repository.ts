import { and, asc, eq, sql } from 'drizzle-orm';
import type { SiteScope } from '../../../access/site-scope';
import type { Db } from '../../../db/client';
import { reports, sites, users } from '../../../db/schema/index';
import { intArray } from '../../../db/sql-helpers';

/** What the archive names a report by: its site, its release and its methodologies. */
export interface ArchiveReport {
  accountProductReportId: number;
  siteName: string;
  externalId: string | null;
  releaseYear: number;
  methodologyTypeIds: number[];
}

/** The reports among `ids` (a chunk) the caller can see, by report id; those deleted since are absent. */
export async function readArchiveReports(db: Db, scope: SiteScope, ids: readonly number[]): Promise<ArchiveReport[]> {
  return db
    .select({
      accountProductReportId: reports.accountProductReportId,
      siteName: sites.siteName,
      externalId: sites.externalId,
      releaseYear: reports.releaseYear,
      methodologyTypeIds: reports.methodologyTypeIds,
    })
    .from(reports)
    .innerJoin(sites, and(eq(sites.accountId, reports.accountId), eq(sites.siteId, reports.siteId)))
    .where(and(scope.reports, sql`${reports.accountProductReportId} = any(${intArray(ids)})`))
    .orderBy(asc(reports.accountProductReportId));
}

/** The account's first enabled administrator (the earliest made): who an archive made by impersonating staff is for. */
export async function findFirstAdministrator(db: Db, accountId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.userType, 3), eq(users.isEnabled, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}
