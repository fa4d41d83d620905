import { and, eq, gte, sql } from 'drizzle-orm';
import { currentReleaseOf, COUNTRY_IDS, type CountryId } from '@riskatlas/domain';
import type { Db } from '../../../db/client';
import { reports } from '../../../db/schema/index';
import { intArray } from '../../../db/sql-helpers';
import { readClassificationLookup, type ClassificationLookup } from '../classifications';

/** What checking a row needs to know of the account besides its sites. */
export interface ImportAccountFacts {
  /** The account's classifications, to resolve a row's classifications cell. */
  classifications: ClassificationLookup;
  /** Of these matched sites, the ids of those with a report of their country's current release. */
  sitesReportedThisRelease(sites: ReadonlyArray<{ siteId: number; countryId: number }>): Promise<Set<number>>;
}

const OLDEST_CURRENT_RELEASE = Math.min(...COUNTRY_IDS.map((id) => currentReleaseOf(id)));

/** The account's facts for one processing run or re-check (the classifications read once). */
export async function readImportAccountFacts(db: Db, accountId: number): Promise<ImportAccountFacts> {
  const classifications = await readClassificationLookup(db, accountId);
  return {
    classifications,
    async sitesReportedThisRelease(sites) {
      if (sites.length === 0) return new Set();
      const country = new Map(sites.map((site) => [site.siteId, site.countryId]));
      const rows = await db
        .selectDistinct({ siteId: reports.siteId, releaseYear: reports.releaseYear })
        .from(reports)
        .where(and(eq(reports.accountId, accountId), sql`${reports.siteId} = any(${intArray([...country.keys()])})`, gte(reports.releaseYear, OLDEST_CURRENT_RELEASE)));
      // Each site's own country says which release is current for it.
      return new Set(rows.filter((row) => row.releaseYear === currentReleaseOf(country.get(row.siteId) as CountryId)).map((row) => row.siteId));
    },
  };
}
