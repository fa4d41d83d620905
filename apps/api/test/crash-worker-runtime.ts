import { loadGazetteer } from '@riskatlas/geo';
import { lazyScoringEngine } from '@riskatlas/scoring';
import { loadConfig } from '../src/platform/config';
import { and, eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Db } from '../src/db/client';
import { taskStatuses } from '../src/db/schema/index';
import { LocalFileStore } from '../src/platform/files/local-file-store';
import type { AnyJobDefinition } from '../src/platform/jobs/job-definition';
import { createJobQueue } from '../src/platform/jobs/queue';

/*
 * The process side of the crash tests' workers (test/*crash-worker.fixture.ts): the app's job
 * runtime on the database the test names (CRASH_DATA_DIR for PGlite, CRASH_DATABASE_URL for
 * PostgreSQL), events as JSON lines on stdout, and a clean stop on SIGTERM.
 */

/** Prints one event line for the test. */
export const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

/** Opens the database, migrates it and starts a queue working `definitions`; stops cleanly on SIGTERM. */
export async function startCrashWorker(definitions: readonly AnyJobDefinition[]) {
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
  const queue = createJobQueue(deps, definitions);
  await queue.start({ work: true });
  process.on('SIGTERM', () => {
    void (async () => {
      await queue.stop();
      await database.close();
      emit({ event: 'stopped' });
      process.exit(0);
    })();
  });
  return { deps, queue };
}

/** Waits for a task of the account to finish (done or failed) and reports it as a 'task-finished' event. */
export async function watchTask(db: Db, accountId: number, taskStatusId: number): Promise<void> {
  for (;;) {
    const [task] = await db.select().from(taskStatuses).where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, taskStatusId)));
    if (task && (task.currentStatus === 2 || task.currentStatus === -1)) {
      emit({ event: 'task-finished', taskStatusId, currentStatus: task.currentStatus, countCompleted: task.countCompleted, countTotal: task.countTotal, detail: task.detail });
      return;
    }
    await sleep(200);
  }
}

/** Pauses a worker (its slow chunks). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a worker's main, reporting a failure as an event. */
export function runCrashWorker(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    emit({ event: 'error', message: error instanceof Error ? error.stack : String(error) });
    process.exit(1);
  });
}
