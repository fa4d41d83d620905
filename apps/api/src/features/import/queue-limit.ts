import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_QUEUE_MAX_ROWS, ImportMessages } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { importQueue } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/**
 * Refuses (400, in words that give the limit and the count) a file whose `adding` rows would take
 * the caller's import queue past IMPORT_QUEUE_MAX_ROWS; `adding` 0 refuses only a full queue (an
 * upload, whose rows are not counted yet). Two files processed at the same moment may pass
 * together: the limit guards the queue's size, not an exact count.
 */
export async function assertQueueHasRoom(db: Db, owner: { accountId: number; userId: number }, adding: number): Promise<void> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(importQueue)
    .where(and(eq(importQueue.accountId, owner.accountId), eq(importQueue.userId, owner.userId)));
  const queued = Number(row?.n ?? 0);
  if (adding > 0 ? queued + adding > IMPORT_QUEUE_MAX_ROWS : queued >= IMPORT_QUEUE_MAX_ROWS) {
    throw AppError.badRequest(ImportMessages.queueFull(IMPORT_QUEUE_MAX_ROWS, queued, adding));
  }
}
