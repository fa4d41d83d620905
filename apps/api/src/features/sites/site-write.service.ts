import {
  ReportMessages,
  siteNameTakenMessage,
  SiteMessages,
  siteOnlyLimitMessage,
  splitTags,
  type TCreateSiteQuery,
  type TCreateSiteRequest,
  type TDeleteSiteCacheResponse,
  type TEditSiteRequest,
  type TSite,
  type TSiteOnlyLimit,
} from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { auditActor } from '../../access/audit-actor';
import { recordAudit } from '../../platform/audit/audit.repository';
import type { AuthContext } from '../../access/caller';
import { cleanText, isUniqueViolation, siteNameKey } from './site-fields';
import { findOtherSiteWithNameKey, findScopedSite } from './site-queries.repository';
import { getSite, scopeOf, type SiteReadDeps } from './site-read.service';
import { assertMayCreateSites, assertMayEditSites, assertSupport } from '../../access/site-policy';
import { countSitesWithoutReports, lockAccountSites, touchAccountData, updateSite, type SitePatch } from './sites.repository';
import { insertPreparedSites, prepareNewSite, type SiteDeps } from './sites.service';

/** What the site writes need. */
export type SiteWriteDeps = SiteReadDeps & SiteDeps;

/** The site-only limit check for one more site without a report. */
async function siteOnlyLimitOf(db: Db, auth: AuthContext): Promise<TSiteOnlyLimit> {
  const limit = auth.account.siteOnlyLimit;
  const sitesWithoutReports = await countSitesWithoutReports(db, auth.accountId);
  if (limit === null) return { limit: null, sitesWithoutReports, remaining: null, canCreate: true, message: null };
  const remaining = Math.max(0, limit - sitesWithoutReports);
  return { limit, sitesWithoutReports, remaining, canCreate: remaining > 0, message: remaining > 0 ? null : siteOnlyLimitMessage(limit) };
}

/** GET account/checkSiteOnlyAccountLimit?accountId: the acting account only (another id → 404). */
export async function checkSiteOnlyLimit(deps: Pick<SiteReadDeps, 'database'>, auth: AuthContext, accountId: number | undefined): Promise<TSiteOnlyLimit> {
  if (accountId !== undefined && accountId !== auth.accountId) throw AppError.notFound();
  return siteOnlyLimitOf(deps.database.db, auth);
}

/**
 * POST sites: a site without a report. The site is checked and placed by the same
 * service POST reports uses (name, geocode, scorability, duplicates); then, in one transaction
 * holding the account's site-creation lock, the site-only limit is counted and the site inserted,
 * so two concurrent creations cannot both pass a limit with one place left.
 */
export async function createSite(deps: SiteWriteDeps, auth: AuthContext, body: TCreateSiteRequest, query: TCreateSiteQuery, ip: string | null): Promise<TSite> {
  assertMayCreateSites(auth);
  const { db } = deps.database;
  const limit = auth.account.siteOnlyLimit;
  // Refuse before geocoding when the account is already at its limit; the transaction checks again.
  if (limit !== null && (await countSitesWithoutReports(db, auth.accountId)) >= limit) throw AppError.badRequest(siteOnlyLimitMessage(limit));
  const prepared = await prepareNewSite(deps, auth, body, query);
  const siteId = await db.transaction(async (tx) => {
    if (limit !== null) {
      await lockAccountSites(tx, auth.accountId);
      if ((await countSitesWithoutReports(tx, auth.accountId)) >= limit) throw AppError.badRequest(siteOnlyLimitMessage(limit));
    }
    const [row] = await insertPreparedSites(tx, [prepared]);
    await touchAccountData(tx, auth.accountId, deps.now());
    await recordAudit(tx, { ...auditActor(auth, ip), action: 'site.created', targetType: 'site', targetId: String(row!.siteId), detail: { siteName: row!.siteName } });
    return row!.siteId;
  });
  return getSite(deps, auth, siteId);
}

/**
 * The changes an edit asks for, checked: a name is required ('Site Name is required.') and unique
 * in the account unless the account creates sites in legacy mode; tags split and cleaned; empty
 * text cleared.
 */
async function editPatch(db: Db, auth: AuthContext, current: { siteId: number; siteName: string }, body: TEditSiteRequest): Promise<SitePatch> {
  const patch: SitePatch = {};
  if (body.siteName !== undefined) {
    const siteName = cleanText(body.siteName);
    if (!siteName) throw AppError.badRequest(ReportMessages.siteNameRequired, 'siteName');
    if (siteName !== current.siteName) {
      const legacy = auth.account.createSitesInLegacyMode;
      const nameKey = siteNameKey(siteName);
      if (!legacy && (await findOtherSiteWithNameKey(db, auth.accountId, nameKey, current.siteId)) !== undefined) {
        throw AppError.badRequest(siteNameTakenMessage(siteName), 'siteName');
      }
      patch.siteName = siteName;
      patch.nameKey = legacy ? null : nameKey;
    }
  }
  if (body.notes !== undefined) patch.notes = cleanText(body.notes);
  if (body.tags !== undefined) patch.tags = splitTags(body.tags);
  if (body.externalID !== undefined) patch.externalId = cleanText(body.externalID);
  return patch;
}

/**
 * POST sites/edit (the site dialog's edit): name, notes, tags and external id of a site the caller
 * may see (another account's id → 404). Read-only callers and users denied site editing get 403.
 * A name taken by a concurrent edit answers the duplicate-name message too (the unique name key).
 */
export async function editSite(deps: SiteWriteDeps, auth: AuthContext, body: TEditSiteRequest, ip: string | null): Promise<TSite> {
  assertMayEditSites(auth);
  const { db } = deps.database;
  const scope = await scopeOf(deps, auth);
  const current = await findScopedSite(db, scope, body.siteId);
  if (!current) throw AppError.notFound(SiteMessages.siteNotFound);
  const patch = await editPatch(db, auth, current, body);
  try {
    await db.transaction(async (tx) => {
      await updateSite(tx, auth.accountId, current.siteId, patch);
      await touchAccountData(tx, auth.accountId, deps.now());
      await recordAudit(tx, { ...auditActor(auth, ip), action: 'site.edited', targetType: 'site', targetId: String(current.siteId), detail: { fields: Object.keys(patch) } });
    });
  } catch (error) {
    if (patch.siteName && isUniqueViolation(error, 'sites_name_key_unique')) throw AppError.badRequest(siteNameTakenMessage(patch.siteName), 'siteName');
    throw error;
  }
  return getSite(deps, auth, current.siteId, undefined, scope);
}

/**
 * POST sites/deletecache ("uncache sites", a support action): the account's data is
 * marked as changed now, so every client's cached site list — valid only when not older than the
 * account's last data update — is reloaded, and this process lets go of the lists it keeps for the
 * account, so the next request reads every row again (other processes rebuild theirs from the
 * changed stamp).
 */
export async function deleteSiteCache(deps: Pick<SiteWriteDeps, 'database' | 'now' | 'listCache'>, auth: AuthContext, ip: string | null): Promise<TDeleteSiteCacheResponse> {
  assertSupport(auth);
  deps.listCache?.forgetAccount(auth.accountId);
  const at = await deps.database.db.transaction(async (tx) => {
    const stamp = await touchAccountData(tx, auth.accountId, deps.now());
    await recordAudit(tx, { ...auditActor(auth, ip), action: 'sites.uncached', targetType: 'account', targetId: String(auth.accountId) });
    return stamp;
  });
  return { dataLastUpdated: at.toISOString() };
}
