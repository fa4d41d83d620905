import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { auditLog, fileDownloads, jobRuns, taskStatuses } from '../../db/schema/index';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(here, '../../../test/crash-worker.fixture.ts');
const REPO_ROOT = resolve(here, '../../../../..');

type WorkerEvent = { event: string } & Record<string, unknown>;

/** A worker child process whose JSON-line events can be awaited. */
function startWorker(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; events: WorkerEvent[]; next(match: (e: WorkerEvent) => boolean, timeoutMs: number): Promise<WorkerEvent>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const events: WorkerEvent[] = [];
  const waiters: { match: (e: WorkerEvent) => boolean; resolve: (e: WorkerEvent) => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let event: WorkerEvent;
    try {
      event = JSON.parse(line) as WorkerEvent;
    } catch {
      return;
    }
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    child,
    events,
    exited,
    next: (match, timeoutMs) =>
      new Promise((resolvePromise, reject) => {
        const seen = events.find(match);
        if (seen) return resolvePromise(seen);
        const timer = setTimeout(() => reject(new Error(`worker event not seen in ${timeoutMs} ms; events ${JSON.stringify(events)}; stderr ${stderr.slice(-2000)}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolvePromise(event);
          },
        });
        void exited.then((code) => reject(new Error(`worker exited (${code}) before the event; events ${JSON.stringify(events)}; stderr ${stderr.slice(-2000)}`)));
      }),
  };
}

/**
 * SIGKILLs a worker in the middle of a job, starts another on the same database, and checks the
 * job finished exactly once: the chunks the dead process committed are not redone, the one it was
 * in the middle of is, and the final effects (file, task) exist once.
 */
describe.each(await testDatabaseKinds())('a job survives its worker being killed, on %s', (kind) => {
  it('is retried after restart and completes exactly once', { timeout: 90_000 }, async () => {
    const work = await mkdtemp(join(tmpdir(), 'riskatlas-crash-'));
    const filesDir = join(work, 'files');
    let server: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    const env: Record<string, string> = { CRASH_FILES_DIR: filesDir };
    if (kind === 'pglite') env.CRASH_DATA_DIR = join(work, 'data');
    else {
      server = await createTestDatabase('postgres');
      env.CRASH_DATABASE_URL = server.connectionString!;
    }
    try {
      const first = startWorker({ ...env, CRASH_ENQUEUE: '1' });
      const enqueued = await first.next((e) => e.event === 'enqueued', 40_000);
      const accountId = enqueued.accountId as number;
      const taskStatusId = enqueued.taskStatusId as number;
      // Chunks 0 and 1 have committed once chunk 2 starts; kill it while chunk 2 is in flight.
      await first.next((e) => e.event === 'chunk-start' && e.index === 2, 20_000);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(first.events.some((e) => e.event === 'completed')).toBe(false);

      const second = startWorker(env);
      const completed = await second.next((e) => e.event === 'completed', 60_000);
      second.child.kill('SIGTERM');
      await second.next((e) => e.event === 'stopped', 20_000);
      await second.exited;

      expect(completed.attempt).toBeGreaterThanOrEqual(1);
      const redone = second.events.filter((e) => e.event === 'chunk-start').map((e) => e.index);
      expect(redone).toEqual([2, 3, 4, 5]);

      const database: DatabaseHandle = server ?? (await openDatabase({ dataDir: env.CRASH_DATA_DIR! }));
      try {
        const { db } = database;
        const runs = await db.select().from(jobRuns).where(eq(jobRuns.accountId, accountId));
        const finalRuns = runs.filter((run) => !run.jobKey.includes('#'));
        expect(finalRuns).toHaveLength(1);
        expect(finalRuns[0]!.jobKey).toMatch(/^crash-test:/);
        expect(runs.filter((run) => run.jobKey.includes('#')).map((run) => run.jobKey.split('#')[1]).sort()).toEqual(['0', '1', '2', '3', '4', '5']);

        const chunkRows = await db.select().from(auditLog).where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, 'crash.chunk')));
        expect(chunkRows.map((row) => row.targetId).sort()).toEqual(['0', '1', '2', '3', '4', '5']);

        const files = await db.select().from(fileDownloads).where(eq(fileDownloads.accountId, accountId));
        expect(files).toHaveLength(1);
        expect(await readFile(join(filesDir, files[0]!.storageKey), 'utf8')).toBe(`task ${taskStatusId}\n`);

        const [task] = await db.select().from(taskStatuses).where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, taskStatusId)));
        expect(task).toMatchObject({ currentStatus: 2, objectId: files[0]!.id, countCompleted: 12, countTotal: 12 });
      } finally {
        if (!server) await database.close();
      }
    } finally {
      await server?.drop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
