import { SiteMessages, type TAddSiteCommentRequest, type TSiteComment } from '@riskatlas/domain';
import type { SiteCommentRow } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../access/caller';
import { insertComment, listComments } from './site-comments.repository';
import { findScopedSite } from './site-queries.repository';
import { scopeOf, type SiteReadDeps } from './site-read.service';
import { assertMayComment } from '../../access/site-policy';

/** A comment as the contract presents it. */
function presentComment(row: SiteCommentRow): TSiteComment {
  return { commentId: row.commentId, siteId: row.siteId, comment: row.comment, author: row.author, userId: row.userId, date: row.created.toISOString() };
}

/** The site, when the caller may see it; else 404 (another account's site too). */
async function visibleSiteId(deps: SiteReadDeps, auth: AuthContext, siteId: number): Promise<number> {
  const site = await findScopedSite(deps.database.db, await scopeOf(deps, auth), siteId);
  if (!site) throw AppError.notFound(SiteMessages.siteNotFound);
  return site.siteId;
}

/** GET sites/{id}/comments: newest first. */
export async function siteComments(deps: SiteReadDeps, auth: AuthContext, siteId: number): Promise<TSiteComment[]> {
  const id = await visibleSiteId(deps, auth, siteId);
  return (await listComments(deps.database.db, auth.accountId, id)).map(presentComment);
}

/** The author's name as a comment shows it: the full name, else the e-mail address. */
function authorName(auth: AuthContext): string {
  const full = `${auth.user.firstName} ${auth.user.lastName}`.trim();
  return full || auth.user.email;
}

/**
 * POST sites/{id}/comments: read-only callers are refused ('Read Only users cannot add comments.'),
 * so are users without allowComments; the comment must have text. Author and date are the server's.
 */
export async function addSiteComment(deps: SiteReadDeps & { now: () => Date }, auth: AuthContext, siteId: number, body: TAddSiteCommentRequest): Promise<TSiteComment> {
  assertMayComment(auth);
  const comment = body.comment.trim();
  if (!comment) throw AppError.badRequest(SiteMessages.commentRequired, 'comment');
  const id = await visibleSiteId(deps, auth, siteId);
  const row = await insertComment(deps.database.db, { accountId: auth.accountId, siteId: id, userId: auth.userId, author: authorName(auth), comment, created: deps.now() });
  return presentComment(row);
}
