import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileDownloadType, Messages, TaskObjectType, type TFileDownload, type TTaskStatus } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { auditLog } from '../../db/schema/index';
import { recordAudit } from '../../platform/audit/audit.repository';
import { ACTIVITY_EXPORT_DONE } from './activity-export.job';

/** Fast job timing for tests: poll twice a second, retry at once. */
const FAST_JOBS = { JOB_POLL_SECONDS: '0.5', JOB_RETRY_DELAY_SECONDS: '0' };

describe.each(await testDatabaseKinds())('account/activity/export on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, FAST_JOBS);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const startExport = (user: TestUser) => user.request({ method: 'POST', url: '/api/account/activity/export?v=1' });

  /** Polls the task as the client does until it finishes (or 20 s pass). */
  async function waitForTask(user: TestUser, id: number): Promise<TTaskStatus> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const task = (await user.request({ method: 'GET', url: `/api/users/taskstatuses/${id}` })).json() as TTaskStatus;
      if (task.currentStatus === 2 || task.currentStatus === -1 || Date.now() > deadline) return task;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('exports the account’s activity log as CSV into File Downloads, through the job queue', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const { db } = ctx.deps.database;
    await recordAudit(db, { accountId: admin.account.id, actorUserId: admin.user.id, action: 'site.create', targetType: 'site', targetId: '17', detail: { name: 'Main St' }, ip: '10.0.0.8' });
    await recordAudit(db, { accountId: admin.account.id, actorUserId: admin.user.id, impersonatorUserId: 5, action: '=cmd|\' /C calc\'!A0', targetType: 'site', targetId: '@18', detail: { note: '+SUM(1,2)' } });
    await recordAudit(db, { accountId: stranger.account.id, actorUserId: stranger.user.id, action: 'secret.stranger.action' });

    const started = await startExport(admin);
    expect(started.statusCode).toBe(200);
    const { taskStatusId } = started.json() as { taskStatusId: number };
    expect(taskStatusId).toBeGreaterThan(0);

    const task = await waitForTask(admin, taskStatusId);
    expect(task).toMatchObject({
      currentStatus: 2,
      message: 'Activity log export',
      detail: ACTIVITY_EXPORT_DONE,
      objectType: TaskObjectType.FileDownload,
      countTotal: 3, // two entries above plus the export request itself
      countCompleted: 3,
    });

    const files = (await admin.request({ method: 'GET', url: '/api/users/files' })).json() as TFileDownload[];
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ fileDownloadID: task.objectID, fileDownloadType: FileDownloadType.ActivityLog, userId: admin.user.id });
    expect(files[0]!.filename).toMatch(/^Activity Log \d{4}-\d{2}-\d{2}\.csv$/);

    const download = await admin.request({ method: 'GET', url: `/api/users/files/${task.objectID}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toContain('attachment; filename="Activity Log ');
    expect(files[0]!.size).toBe(download.rawPayload.length);
    const csv = download.body.replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Time (UTC),User ID,Impersonated By,Action,Target,Details');
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},${admin.user.id},,site.create,site:17,"\\{""name"":""Main St"",""ip"":""10.0.0.8""\\}"$`));
    // The formula cell is defused with a leading quote; so is a target that starts with @.
    expect(lines[2]).toContain(`,${admin.user.id},5,'=cmd|' /C calc'!A0,site:@18,`);
    expect(lines[2]).toContain(`"{""note"":""+SUM(1,2)""}"`);
    expect(lines[3]).toContain('activity.export,task:');
    expect(lines[4]).toBe('');
    expect(csv).not.toContain('secret.stranger.action');
  });

  it('reads a large log in chunks, in order, and counts progress to the total', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    // 1,999 entries plus the export request itself: exactly two full chunks of 1,000.
    const entries = Array.from({ length: 1999 }, (_, i) => ({ accountId: admin.account.id, actorUserId: admin.user.id, action: `bulk.${i}` }));
    await ctx.deps.database.db.insert(auditLog).values(entries);
    const { taskStatusId } = (await startExport(admin)).json() as { taskStatusId: number };
    const task = await waitForTask(admin, taskStatusId);
    expect(task).toMatchObject({ currentStatus: 2, countTotal: 2000, countCompleted: 2000 });
    const csv = (await admin.request({ method: 'GET', url: `/api/users/files/${task.objectID}` })).body;
    const actions = csv.trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[3]);
    expect(actions).toHaveLength(2000);
    expect(actions.slice(0, 3)).toEqual(['bulk.0', 'bulk.1', 'bulk.2']);
    expect(actions[1998]).toBe('bulk.1998');
    expect(actions[1999]).toBe('activity.export');
  });

  it('is for administrators only', async () => {
    const standard = await createTestUser(ctx, { userType: 2 });
    const response = await startExport(standard);
    expect(response.statusCode).toBe(403);
    expect((await standard.request({ method: 'GET', url: '/api/users/taskstatuses' })).json()).toEqual([]);
  });

  it('reports a file-storage error through the task (failed, with the plain message) after its retries', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    // A plain file where the account's folder should be: every write under it fails.
    await mkdir(join(ctx.deps.config.fileStore, 'accounts'), { recursive: true });
    await writeFile(join(ctx.deps.config.fileStore, 'accounts', String(admin.account.id)), 'in the way');
    const { taskStatusId } = (await startExport(admin)).json() as { taskStatusId: number };
    const task = await waitForTask(admin, taskStatusId);
    expect(task).toMatchObject({ currentStatus: -1, detail: Messages.fileStorageError, objectID: null });
    expect((await admin.request({ method: 'GET', url: '/api/users/files' })).json()).toEqual([]);
  });
});
