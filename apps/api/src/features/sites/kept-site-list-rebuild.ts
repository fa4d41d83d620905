import { decodePackedSites, type PackedSiteInput } from '@riskatlas/domain';
import type { DatabaseHandle } from '../../db/client';
import type { BuiltSiteList, CachedSiteList, ListVersions } from './kept-site-lists';
import { readSiteRows, readSiteVersions, SiteCol, type SiteRowArray, type SummaryRelease } from './site-rows.repository';
import type { SiteScope } from '../../access/site-scope';
import { inIdChunks } from '../../db/sql-helpers';
import { presentSiteRow } from './site-presenter';
import { encodeSiteRows, encodeSites } from './sites-packed';

/**
 * Builds the packed site list of a shared scope (SiteScope.sharedListKey) for the list cache.
 *
 * With a list kept from an earlier stamp it reads only what changed: each site's row version
 * (ROW_VERSION, one text value for the whole account), then the rows of sites that are new or
 * whose version moved; the other sites come from the kept list (its site objects, or decoded from
 * its bytes the first time), and the new list keeps its objects for the next time. The rows of a shared
 * scope depend on their own site row alone — report changes rewrite the summary on the site row
 * (reportsChanged) — so an unchanged version means an unchanged site. After an edit, 100,000
 * sites then cost a version read and a re-encoding instead of reading every row
 * (docs/PERFORMANCE.md). Without a kept list, or when much changed, it reads every row.
 *
 * Decoding then re-encoding a site gives the bytes encoding it did: the packed form keeps whole
 * seconds and 7 decimals, and decoding yields exactly those values (packed-sites.test.ts).
 */
export async function buildSharedSiteList(database: DatabaseHandle, scope: SiteScope, release: SummaryRelease, previous: CachedSiteList | undefined): Promise<BuiltSiteList> {
  if (previous?.versions) {
    const refreshed = await refreshSiteList(database, scope, release, { raw: previous.raw, sites: previous.sites, versions: previous.versions });
    if (refreshed) return refreshed;
  }
  const rows = await readSiteRows(database, scope, { release, withVersion: true, expected: 'many' });
  return { raw: encodeSiteRows(rows, release), versions: versionsOfRows(rows) };
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

/** The kept list brought up to date from the rows that changed, or null when a full read is the better way. */
async function refreshSiteList(
  database: DatabaseHandle,
  scope: SiteScope,
  release: SummaryRelease,
  previous: Pick<CachedSiteList, 'raw' | 'sites'> & { versions: ListVersions },
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

  const rows = await inIdChunks(changed, (chunk) => readSiteRows(database, scope, { release, siteIds: chunk, withVersion: true, expected: 'many' }));
  const fetched = new Map(rows.map((row) => [row[SiteCol.siteId] as number, row]));
  const keptRaw = previous.raw;
  if (!previous.sites) await yieldToRequests();
  const keptSites = previous.sites ?? decodePackedSites(new Uint8Array(keptRaw.buffer, keptRaw.byteOffset, keptRaw.byteLength));

  // The new list in site id order: kept sites as they are, changed ones as GET sites presents them.
  const sites: PackedSiteInput[] = [];
  const siteIds: number[] = [];
  const versions: number[] = [];
  for (let i = 0; i < current.siteIds.length; i += 1) {
    const id = current.siteIds[i]!;
    if (keptIndex[i]! >= 0) {
      sites.push(keptSites[keptIndex[i]!]!);
      versions.push(current.versions[i]!);
    } else {
      const row = fetched.get(id);
      // Deleted between the two reads: left out (the stamp has moved, the next request sees it).
      if (!row) continue;
      sites.push(presentSiteRow(row, release));
      versions.push(row[SiteCol.extra] as number);
    }
    siteIds.push(id);
  }
  await yieldToRequests();
  return { raw: encodeSites(sites), versions: { siteIds: Int32Array.from(siteIds), versions: Float64Array.from(versions) }, sites };
}

/**
 * Lets the requests that came in meanwhile run before the next long synchronous step (decoding or
 * encoding 100,000 sites holds the event loop for a few hundred milliseconds): a page loading
 * right after a write gets its user, and asks for its list, while the list is rebuilt. Two turns
 * of the loop: one setImmediate from an I/O callback would run before the loop polls again.
 */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
