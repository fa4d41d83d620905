import type { DatabaseHandle } from '../../db/client';
import type { BuiltSiteList, CachedSiteList, ListVersions } from './kept-site-lists';
import { readSiteRows, readSiteVersions, SiteCol, type SiteRowArray, type SummaryRelease } from './site-rows.repository';
import type { SiteScope } from '../../access/site-scope';
import { inIdChunks } from '../../db/sql-helpers';
import { encodeSiteRows } from './sites-packed';

/**
 * Builds the packed site list of a shared scope (SiteScope.sharedListKey) for the list cache.
 *
 * With a list kept from an earlier stamp it reads only what changed: each site's row version
 * (ROW_VERSION, one text value for the whole account), then the rows of sites that are new or
 * whose version moved; the other sites' rows come from the kept list, which keeps the rows it was
 * encoded from. The rows of a shared scope depend on their own site row alone — report changes
 * rewrite the summary on the site row (reportsChanged) — so an unchanged version means an
 * unchanged site. After an edit, 100,000 sites then cost a version read and an encoding instead of
 * reading every row (docs/PERFORMANCE.md); the rows are encoded exactly as a full read's are, so
 * the list is the one a full read would make. Without a kept list, or when much changed, it reads
 * every row.
 *
 * Why rows and not site objects (decoded from the kept bytes, or presented): the first rebuild
 * after a full read then decodes nothing (100,000 sites cost 250–400 ms to decode in the server),
 * and the encoder always reads one object shape (PackedRowSource), whose score keys it is given.
 */
export async function buildSharedSiteList(database: DatabaseHandle, scope: SiteScope, release: SummaryRelease, previous: CachedSiteList | undefined): Promise<BuiltSiteList> {
  if (previous?.versions && previous.rows) {
    const refreshed = await refreshSiteList(database, scope, release, { rows: previous.rows, versions: previous.versions });
    if (refreshed) return refreshed;
  }
  const rows = await readSiteRows(database, scope, { release, withVersion: true, expected: 'many' });
  return encodedRows(rows, release);
}

/** Above this share of changed sites (and MIN_FULL_READ sites), reading every row is as quick. */
const MAX_CHANGED_SHARE = 0.3;
const MIN_FULL_READ = 2_000;

/** The row versions of site rows read with ROW_VERSION as their extra column. */
function versionsOfRows(rows: readonly SiteRowArray[]): ListVersions {
  const siteIds = new Int32Array(rows.length);
  const versions = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    siteIds[index] = row[SiteCol.siteId] as number;
    versions[index] = row[SiteCol.extra] as number;
  });
  return { siteIds, versions };
}

/** The list of site rows read with ROW_VERSION as their extra column, in site id order, with their versions and the rows themselves. */
async function encodedRows(rows: readonly SiteRowArray[], release: SummaryRelease): Promise<BuiltSiteList> {
  await yieldToRequests();
  return { raw: encodeSiteRows(rows, release), versions: versionsOfRows(rows), rows };
}

/** The kept list brought up to date from the rows that changed, or null when a full read is the better way. */
async function refreshSiteList(
  database: DatabaseHandle,
  scope: SiteScope,
  release: SummaryRelease,
  previous: { rows: readonly SiteRowArray[]; versions: ListVersions },
): Promise<BuiltSiteList | null> {
  const kept = previous.versions;
  const current = await readSiteVersions(database, scope);
  // Both id lists ascend: walk them together. keptIndex[i] is the kept position of current site i, or -1 when it must be read.
  const keptIndex = new Int32Array(current.siteIds.length);
  const changed: number[] = [];
  let k = 0;
  for (let i = 0; i < current.siteIds.length; i += 1) {
    const id = current.siteIds[i]!;
    while (k < kept.siteIds.length && kept.siteIds[k]! < id) k += 1;
    const same = k < kept.siteIds.length && kept.siteIds[k] === id && kept.versions[k] === current.versions[i];
    keptIndex[i] = same ? k : -1;
    if (!same) changed.push(id);
  }
  if (changed.length > MIN_FULL_READ && changed.length > current.siteIds.length * MAX_CHANGED_SHARE) return null;

  const fetched = new Map<number, SiteRowArray>();
  for (const row of await inIdChunks(changed, (chunk) => readSiteRows(database, scope, { release, siteIds: chunk, withVersion: true, expected: 'many' }))) {
    fetched.set(row[SiteCol.siteId] as number, row);
  }
  // The new rows in site id order: kept rows (the version is the same) and the changed rows read now.
  const rows: SiteRowArray[] = [];
  for (let i = 0; i < current.siteIds.length; i += 1) {
    const row = keptIndex[i]! >= 0 ? previous.rows[keptIndex[i]!] : fetched.get(current.siteIds[i]!);
    // Deleted between the two reads: left out (the stamp has moved, the next request sees it).
    if (row) rows.push(row);
  }
  return encodedRows(rows, release);
}

/**
 * Lets the requests that came in meanwhile run before the next long synchronous step (encoding
 * 100,000 sites holds the event loop for a few hundred milliseconds): a page loading
 * right after a write gets its user, and asks for its list, while the list is rebuilt. Two turns
 * of the loop: one setImmediate from an I/O callback would run before the loop polls again.
 */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
