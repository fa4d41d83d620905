/**
 * A job worker process for the crash test (crash.test.ts), run as `node --import tsx` on a real
 * database: CRASH_DATA_DIR (a PGlite data directory) or CRASH_DATABASE_URL. It registers the app's
 * job definitions plus a slow test-only job; with CRASH_ENQUEUE=1 it also creates an account, a
 * user and a task and enqueues that job. It reports what happens as JSON lines on stdout and shuts
 * down cleanly on SIGTERM. Not part of the app: nothing imports it.
 */
import { z } from 'zod';
import { FileDownloadType, TaskObjectType } from '@riskatlas/domain';
import { accounts, users } from '../src/db/schema/index';
import { recordAudit } from '../src/platform/audit/audit.repository';
import { insertFileDownload } from '../src/platform/files/files.repository';
import { completeTask, createTask } from '../src/platform/tasks/tasks.service';
import { chunksOf } from '../src/platform/jobs/job-context';
import { defineJob, ZJobPayloadBase } from '../src/platform/jobs/job-definition';
import { jobDefinitions } from '../src/app/job-registry';
import { emit, runCrashWorker, startCrashWorker } from './crash-worker-runtime';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const CRASH_JOB = 'crash-test';
export const CRASH_CHUNKS = 6;

const crashJob = defineJob({
  name: CRASH_JOB,
  version: 1,
  schema: ZJobPayloadBase.extend({ userId: z.number().int().positive(), taskStatusId: z.number().int().positive() }),
  async handler(context) {
    const { accountId, userId, taskStatusId } = context.payload;
    emit({ event: 'attempt', attempt: context.attempt });
    if (await context.previousResult()) return;
    const items = Array.from({ length: CRASH_CHUNKS * 2 }, (_, i) => i);
    await context.chunks({
      total: items.length,
      source: chunksOf(items, 2),
      durable: true,
      handle: async (chunk, index, tx) => {
        emit({ event: 'chunk-start', index, attempt: context.attempt });
        await recordAudit(tx, { accountId, actorUserId: null, action: 'crash.chunk', targetId: String(index), detail: { items: [...chunk] } });
        // Slow on purpose: the test kills the process while a chunk is in flight.
        await sleep(400);
      },
    });
    const key = `accounts/${accountId}/downloads/crash-${taskStatusId}.txt`;
    const { size } = await context.deps.fileStore.put(key, Buffer.from(`task ${taskStatusId}\n`), 'text/plain');
    const result = await context.commit(async (tx) => {
      const file = await insertFileDownload(tx, {
        accountId,
        userId,
        filename: 'crash.txt',
        fileDownloadType: FileDownloadType.ActivityLog,
        contentType: 'text/plain',
        storageKey: key,
        size,
      });
      await completeTask(tx, accountId, taskStatusId, { detail: 'done', objectId: file.id }, context.deps.now());
      return { fileDownloadId: file.id };
    });
    emit({ event: 'completed', attempt: context.attempt, result });
  },
});

async function main(): Promise<void> {
  const { deps, queue } = await startCrashWorker([...jobDefinitions, crashJob]);
  const { database } = deps;

  if (process.env.CRASH_ENQUEUE === '1') {
    const { db } = database;
    const [account] = await db.insert(accounts).values({ company: 'Crash Test Co' }).returning();
    const [user] = await db.insert(users).values({ accountId: account!.id, email: `crash-${process.pid}-${Date.now()}@example.test` }).returning();
    const task = await createTask(db, { accountId: account!.id, userId: user!.id, message: 'Crash test', objectType: TaskObjectType.FileDownload }, new Date());
    const jobId = await queue.enqueue(CRASH_JOB, { accountId: account!.id, userId: user!.id, taskStatusId: task.id });
    emit({ event: 'enqueued', accountId: account!.id, taskStatusId: task.id, jobId });
  }
  emit({ event: 'ready' });
}

runCrashWorker(main);
