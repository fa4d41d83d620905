import { TaskObjectType } from '@riskatlas/domain';
import { auditActor } from '../../access/audit-actor';
import { recordAudit } from '../../platform/audit/audit.repository';
import type { AuthContext } from '../../access/caller';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createTask } from '../../platform/tasks/tasks.service';
import { ACTIVITY_EXPORT_JOB, type ActivityExportPayload } from './activity-export.job';

/** The task title of an activity log export. */
const ACTIVITY_EXPORT_MESSAGE = 'Activity log export';

/**
 * Starts an export of the acting account's activity log for the caller: a waiting task, an audit
 * entry saying who asked, and the job — all in one transaction, so a failed request leaves none
 * of them. Returns the task to poll.
 */
export async function requestActivityExport(jobs: JobQueue, auth: AuthContext, request: { ip: string | null; now: Date }): Promise<number> {
  return jobs.transaction(async (tx, enqueue) => {
    const task = await createTask(
      tx,
      { accountId: auth.accountId, userId: auth.userId, message: ACTIVITY_EXPORT_MESSAGE, objectType: TaskObjectType.FileDownload, jobName: ACTIVITY_EXPORT_JOB },
      request.now,
    );
    await recordAudit(tx, { ...auditActor(auth, request.ip), action: 'activity.export', targetType: 'task', targetId: String(task.id) });
    const payload: ActivityExportPayload = { accountId: auth.accountId, userId: auth.userId, taskStatusId: task.id };
    await enqueue(ACTIVITY_EXPORT_JOB, payload, { key: `task-${task.id}` });
    return task.id;
  });
}
