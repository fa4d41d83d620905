import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileDownloadType, TaskState } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { filesUnder } from '../../../test/files-under';
import { waitForTask } from '../../features/sites/sites-test-fixtures';
import { defineJob, ZJobPayloadBase } from '../jobs/job-definition';
import type { JobQueue } from '../jobs/job-queue';
import { createJobQueue } from '../jobs/queue';
import { createTask } from '../tasks/tasks.service';
import { writeCsvDownload } from './csv-download';
import { spoolRootOf } from './spool';

/** What each attempt saw in the spool while it was exporting. */
const seen: { attempt: number; files: number; modes: number[] }[] = [];

const exportJob = defineJob({
  name: 'test-spooled-export',
  version: 1,
  schema: ZJobPayloadBase.extend({ userId: z.number().int().positive(), taskStatusId: z.number().int().positive() }),
  retryLimit: 1,
  async handler(context) {
    const spool = spoolRootOf(context.deps.config.dataDir);
    async function* rows() {
      yield [['Store 1', 'Main Street']];
      const files = await filesUnder(spool);
      seen.push({ attempt: context.attempt, files: files.length, modes: await Promise.all(files.map(async (file) => (await stat(file)).mode & 0o777)) });
      // The first attempt breaks half-way through the export, as a crash in a query would.
      if (context.attempt === 0) throw new Error('the database went away mid-export');
      yield [['Store 2', 'High Street']];
    }
    await writeCsvDownload(context, {
      spoolName: 'test-sites',
      header: 'name,street\r\n',
      total: 2,
      source: rows(),
      lines: (chunk) => chunk.map((row) => `${row.join(',')}\r\n`).join(''),
      storageKey: `accounts/${context.payload.accountId}/downloads/test-${context.payload.taskStatusId}.csv`,
      filename: () => 'Test Sites.csv',
      fileDownloadType: FileDownloadType.ExcelSummary,
      doneMessage: 'Your test export is ready.',
    });
  },
});

describe.each(await testDatabaseKinds())('spooled CSV exports on %s', (kind) => {
  let ctx: TestContext;
  let queue: JobQueue;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const { jobs: _appQueue, ...deps } = ctx.deps;
    queue = createJobQueue(deps, [exportJob]);
    await queue.start({ work: true });
  });
  afterAll(async () => {
    await queue?.stop();
    await ctx?.close();
  });

  it('spools owner-only under DATA_DIR and leaves nothing behind, neither after the attempt that threw nor after the one that finished', async () => {
    seen.length = 0;
    const admin = await createTestUser(ctx, { userType: 3 });
    const task = await createTask(ctx.deps.database.db, { accountId: admin.account.id, userId: admin.user.id, message: 'Test export' }, ctx.clock.now());
    await queue.enqueue(exportJob.name, { accountId: admin.account.id, userId: admin.user.id, taskStatusId: task.id });

    const done = await waitForTask(admin, task.id);
    expect(done.currentStatus).toBe(TaskState.Complete);
    expect(seen).toEqual([
      { attempt: 0, files: 1, modes: [0o600] },
      { attempt: 1, files: 1, modes: [0o600] },
    ]);
    expect(await filesUnder(spoolRootOf(ctx.deps.config.dataDir))).toEqual([]);

    const file = await admin.request({ method: 'GET', url: `/api/users/files/${done.objectID}` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('\uFEFFname,street\r\nStore 1,Main Street\r\nStore 2,High Street\r\n');
  });
});
