import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteComments, type NewSiteCommentRow, type SiteCommentRow } from '../../db/schema/index';

/** A site's comments, newest first. */
export async function listComments(db: Db, accountId: number, siteId: number): Promise<SiteCommentRow[]> {
  return db
    .select()
    .from(siteComments)
    .where(and(eq(siteComments.accountId, accountId), eq(siteComments.siteId, siteId)))
    .orderBy(desc(siteComments.created), desc(siteComments.commentId));
}

/** Inserts one comment and returns it. */
export async function insertComment(db: Db, values: NewSiteCommentRow): Promise<SiteCommentRow> {
  const [row] = await db.insert(siteComments).values(values).returning();
  return row!;
}
