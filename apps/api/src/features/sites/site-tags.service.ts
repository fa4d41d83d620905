import { ErrorCode, SiteMessages, sitesNotFoundMessage, splitTags, tagsAfterEdit, type TSiteTagsRequest, type TSiteTagsResponse } from '@riskatlas/domain';
import { AppError } from '../../lib/app-error';
import { auditActor } from '../../access/audit-actor';
import { recordAudit } from '../../platform/audit/audit.repository';
import type { AuthContext } from '../../access/caller';
import { sameTags } from './site-fields';
import { lockScopedSiteTags } from './site-queries.repository';
import { scopeOf, type SiteReadDeps } from './site-read.service';
import { assertMayEditSites } from '../../access/site-policy';
import { touchAccountData, writeSiteTags } from './sites.repository';

/**
 * POST sites/tags (the bulk "edit tags" action): one tag change for every selected site, in one
 * transaction. The selected sites are read and locked through the caller's scope, each one's new
 * tags are computed by the domain's tag rules (in JavaScript, so case is folded exactly as the web
 * app folds it — PostgreSQL's lower() depends on the database locale), and the sites that change
 * are written in one statement. An id the caller may not see refuses the whole request (404,
 * naming the ids) and nothing changes. Answers how many sites changed; when any did, the account's
 * data is marked changed so cached site lists reload.
 */
export async function editSiteTags(deps: SiteReadDeps & { now: () => Date }, auth: AuthContext, body: TSiteTagsRequest, ip: string | null): Promise<TSiteTagsResponse> {
  assertMayEditSites(auth);
  // Ascending, so concurrent edits lock shared sites in the same order (no deadlock).
  const siteIds = [...new Set(body.siteIds)].sort((a, b) => a - b);
  if (siteIds.length === 0) throw AppError.badRequest(SiteMessages.noSitesSelected, 'siteIds');
  const tags = splitTags(body.tags);
  if (body.mode !== 'replace' && tags.length === 0) throw AppError.badRequest(SiteMessages.tagRequired, 'tags');
  const scope = await scopeOf(deps, auth);

  const count = await deps.database.db.transaction(async (tx) => {
    const current = await lockScopedSiteTags(tx, scope, siteIds);
    if (current.length < siteIds.length) {
      const found = new Set(current.map((site) => site.siteId));
      const missing = siteIds.filter((id) => !found.has(id));
      throw new AppError(ErrorCode.NotFound, sitesNotFoundMessage(missing), { details: { siteIds: missing.slice(0, 1000) } });
    }
    const changes = current.flatMap((site) => {
      const next = tagsAfterEdit(site.tags, tags, body.mode);
      return sameTags(site.tags, next) ? [] : [{ siteId: site.siteId, tags: next }];
    });
    if (changes.length === 0) return 0;
    const written = await writeSiteTags(tx, auth.accountId, changes);
    await touchAccountData(tx, auth.accountId, deps.now());
    await recordAudit(tx, {
      ...auditActor(auth, ip),
      action: 'sites.tagged',
      targetType: 'account',
      targetId: String(auth.accountId),
      detail: { mode: body.mode, tags, count: written, siteIds: changes.slice(0, 1000).map((change) => change.siteId) },
    });
    return written;
  });
  return { count };
}
