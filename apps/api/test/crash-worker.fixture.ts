/**
 * A job worker process for the crash test (crash.test.ts), run as `node --import tsx` on a real
 * database: CRASH_DATA_DIR (a PGlite data directory) or CRASH_DATABASE_URL. It registers the app's
 * job definitions plus a slow test-only job; with CRASH_ENQUEUE=1 it also creates an account, a
 * user and a task and enqueues that job. It reports what happens as JSON lines on stdout and shuts
 * down cleanly on SIGTERM. Not part of the app: nothing imports it.
 */
import { z } from 'zod';
import { FileDownloadType, TaskObjectType } from '@riskatlas/domain';
import { loadGazetteer } from '@riskatlas/geo';
import { lazyScoringEngine } from '@riskatlas/scoring';
import { loadConfig } from '../src/platform/config';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { accounts, users } from '../src/db/schema/index';
import { recordAudit } from '../src/platform/audit/audit.repository';
import { insertFileDownload } from '../src/platform/files/files.repository';
import { LocalFileStore } from '../src/platform/files/local-file-store';
import { completeTask, createTask } from '../src/platform/tasks/tasks.service';
import { chunksOf } from '../src/platform/jobs/job-context';
import { defineJob, ZJobPayloadBase } from '../src/platform/jobs/job-definition';
import { createJobQueue } from '../src/platform/jobs/queue';
import { jobDefinitions } from '../src/app/job-registry';

const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);
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
  const config = loadConfig({
    LOG_LEVEL: 'error',
    DATA_DIR: process.env.CRASH_DATA_DIR ?? '/tmp/riskatlas-crash-unused',
    FILE_STORE: process.env.CRASH_FILES_DIR,
    JOB_POLL_SECONDS: '0.5',
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_RETRY_DELAY_SECONDS: '0',
  });
  const database = await openDatabase({ databaseUrl: process.env.CRASH_DATABASE_URL, dataDir: config.dataDir });
  await migrateDatabase(database);
  const deps = { config, database, gazetteer: loadGazetteer(), scoring: lazyScoringEngine(), fileStore: new LocalFileStore(config.fileStore), mailer: { send: async () => undefined }, now: () => new Date() };
  const queue = createJobQueue(deps, [...jobDefinitions, crashJob]);
  await queue.start({ work: true });

  process.on('SIGTERM', () => {
    void (async () => {
      await queue.stop();
      await database.close();
      emit({ event: 'stopped' });
      process.exit(0);
    })();
  });

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

main().catch((error: unknown) => {
  emit({ event: 'error', message: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
});
