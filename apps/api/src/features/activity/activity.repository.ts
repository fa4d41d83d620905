import { and, asc, count, eq, gt, lte, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** An audit entry as the activity export reads it. */
export type ActivityEntry = Pick<
  typeof auditLog.$inferSelect,
  'id' | 'createdAt' | 'actorUserId' | 'impersonatorUserId' | 'action' | 'targetType' | 'targetId' | 'detail' | 'ip'
>;

/** How many entries an account's log has up to now, and the last id: the snapshot an export covers. */
export async function auditSnapshot(db: Db, accountId: number): Promise<{ total: number; lastId: number }> {
  const [row] = await db.select({ total: count(), lastId: max(auditLog.id) }).from(auditLog).where(eq(auditLog.accountId, accountId));
  return { total: Number(row?.total ?? 0), lastId: Number(row?.lastId ?? 0) };
}

/** Up to `limit` entries with ids in (afterId, lastId], oldest first (keyset pagination on the key). */
export async function readAuditEntries(db: Db, accountId: number, afterId: number, lastId: number, limit: number): Promise<ActivityEntry[]> {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      impersonatorUserId: auditLog.impersonatorUserId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), gt(auditLog.id, afterId), lte(auditLog.id, lastId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}
