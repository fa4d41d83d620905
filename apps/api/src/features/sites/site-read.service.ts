import {
  CURRENT_RELEASE,
  DEFAULT_SITES_AT_LOCATION_RADIUS_M,
  isCurrentReleaseRequest,
  MAX_SITES_AT_LOCATION,
  roundCoordinate,
  SiteMessages,
  type TSite,
  type TSiteCount,
  type TSiteFull,
  type TSitesAtLocationRequest,
  type TSitesAtLocationResponse,
} from '@riskatlas/domain';
import type { Database, DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../access/caller';
import { presentSiteRow } from './site-presenter';
import { sitePermissions } from '../../access/site-policy';
import { countScopedSites, countSiteComments, findReportSiteId, findScopedSiteIdByExternalId, findScopedSiteIdByName, listSiteReportSummaries } from './site-queries.repository';
import { readSiteRows, SiteCol, type SiteRowArray } from './site-rows.repository';
import { siteScope, type SiteScope } from '../../access/site-scope';
import { siteNameKey } from './site-fields';
import type { KeptSiteLists } from './kept-site-lists';
import { buildSharedSiteList } from './kept-site-list-rebuild';
import { encodeSiteRows, packedBody, type PackedBody } from './sites-packed';
import { readDataStamp } from './sites.repository';

/** What the site reads need. */
export interface SiteReadDeps {
  database: DatabaseHandle;
  /** Packed lists kept for callers who share them (GET m/sites); without one every request reads the rows. */
  listCache?: KeptSiteLists;
}

/** The caller's scope. */
export function scopeOf(deps: SiteReadDeps, auth: AuthContext): Promise<SiteScope> {
  return siteScope(deps.database.db, auth);
}

/** Every site row the caller may see, by site id, with the summary of `release` (GET sites and m/sites encode these). */
export async function listSiteRows(deps: SiteReadDeps, auth: AuthContext, release: number): Promise<SiteRowArray[]> {
  return readSiteRows(deps.database, await scopeOf(deps, auth), { release, expected: 'many' });
}

/**
 * GET m/sites: the caller's list in the packed format, compressed as the client accepts. A list
 * several callers share (SiteScope.sharedListKey) comes from the list cache while the account's
 * data stamp is unchanged, and is rebuilt from the rows that changed when it moves
 * (kept-site-list-rebuild.ts); the stamp is read before the rows (kept-site-lists.ts says why).
 */
export async function packedSiteList(deps: SiteReadDeps, auth: AuthContext, release: number, acceptEncoding: string | undefined): Promise<PackedBody> {
  const scope = await scopeOf(deps, auth);
  if (!deps.listCache || scope.sharedListKey === null) {
    return packedBody(encodeSiteRows(await readSiteRows(deps.database, scope, { release, expected: 'many' }), release), acceptEncoding);
  }
  const cache = deps.listCache;
  const releaseKey = isCurrentReleaseRequest(release) ? 'current' : String(release);
  const key = `${auth.accountId}:${scope.sharedListKey}:${releaseKey}`;
  // Everyone who shares the key shares the scope, so this caller's scope serves later refreshes too.
  const refresh = async () =>
    cache.list(key, await readDataStamp(deps.database.db, auth.accountId), (previous) => buildSharedSiteList(deps.database, scope, release, previous));
  const list = await refresh();
  // A refresh ahead also compresses the list as this client takes it, so the next request finds it ready.
  cache.watch(key, async () => (await refresh()).body(acceptEncoding));
  return list.body(acceptEncoding);
}

/** One site the caller may see, or 404 (another account's id too). */
export async function getSite(deps: SiteReadDeps, auth: AuthContext, siteId: number, release: number = CURRENT_RELEASE, known?: SiteScope): Promise<TSite> {
  const scope = known ?? (await scopeOf(deps, auth));
  const [row] = await readSiteRows(deps.database, scope, { release, siteIds: [siteId], limit: 1 });
  if (!row) throw AppError.notFound(SiteMessages.siteNotFound);
  return presentSiteRow(row, release);
}

/** GET sites/full/{id}: the site (current release), its reports the caller may see, its comment count, what the caller may do. */
export async function getFullSite(deps: SiteReadDeps, auth: AuthContext, siteId: number): Promise<TSiteFull> {
  const scope = await scopeOf(deps, auth);
  const [row] = await readSiteRows(deps.database, scope, { release: CURRENT_RELEASE, siteIds: [siteId], limit: 1 });
  if (!row) throw AppError.notFound(SiteMessages.siteNotFound);
  const db: Database = deps.database.db;
  const [reports, commentsCount] = await Promise.all([listSiteReportSummaries(db, scope, siteId), countSiteComments(db, auth.accountId, siteId)]);
  return {
    site: presentSiteRow(row, CURRENT_RELEASE),
    county: row[SiteCol.county] as string | null,
    reports,
    commentsCount,
    externalIDName: auth.account.externalIdName,
    permissions: sitePermissions(auth),
  };
}

/** GET sites/byaprid/{id}: the site of a report the caller may see, or 404. */
export async function getSiteOfReport(deps: SiteReadDeps, auth: AuthContext, accountProductReportId: number): Promise<TSite> {
  const scope = await scopeOf(deps, auth);
  const siteId = await findReportSiteId(deps.database.db, scope, accountProductReportId);
  if (siteId === undefined) throw AppError.notFound(SiteMessages.siteNotFound);
  return getSite(deps, auth, siteId, CURRENT_RELEASE, scope);
}

/** GET sites/count. */
export async function countSites(deps: SiteReadDeps, auth: AuthContext): Promise<TSiteCount> {
  return countScopedSites(deps.database.db, await scopeOf(deps, auth));
}

/**
 * POST sites/atlocation/{id}: the caller's sites within `radius` metres of a point, nearest first,
 * leaving out the site `excludeSiteId` (the one being placed).
 */
export async function sitesAtLocation(deps: SiteReadDeps, auth: AuthContext, excludeSiteId: number, request: TSitesAtLocationRequest): Promise<TSitesAtLocationResponse> {
  // The point is kept to the precision sites are stored at, and the radius to centimetres: that
  // also turns values too small for the database's floating point (subnormals) into zero.
  const latitude = roundCoordinate(request.latitude);
  const longitude = roundCoordinate(request.longitude);
  const radiusMeters = Math.round((request.radius ?? DEFAULT_SITES_AT_LOCATION_RADIUS_M) * 100) / 100;
  const scope = await scopeOf(deps, auth);
  const rows = await readSiteRows(deps.database, scope, {
    release: CURRENT_RELEASE,
    near: { latitude, longitude, radiusMeters, excludeSiteId },
    limit: MAX_SITES_AT_LOCATION,
  });
  return rows.map((row) => ({ ...presentSiteRow(row, CURRENT_RELEASE), distance: Math.round((row[SiteCol.extra] as number) * 10) / 10 }));
}

/** POST sites/withname: the id of a site the caller may see with this name (trimmed, ignoring case), else 0. */
export async function siteIdWithName(deps: SiteReadDeps, auth: AuthContext, name: string): Promise<number> {
  const key = siteNameKey(name);
  if (!key) return 0;
  return (await findScopedSiteIdByName(deps.database.db, await scopeOf(deps, auth), key)) ?? 0;
}

/** POST sites/withexternalid: the id of a site the caller may see with this external id (trimmed, exact), else 0. */
export async function siteIdWithExternalId(deps: SiteReadDeps, auth: AuthContext, externalId: string): Promise<number> {
  const value = externalId.trim();
  if (!value) return 0;
  return (await findScopedSiteIdByExternalId(deps.database.db, await scopeOf(deps, auth), value)) ?? 0;
}
