import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** One audit entry. */
export interface AuditEntry {
  accountId: number;
  actorUserId: number | null;
  impersonatorUserId?: number | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends to the audit log. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    accountId: entry.accountId,
    actorUserId: entry.actorUserId,
    impersonatorUserId: entry.impersonatorUserId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  });
}
