import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases';
import { auditLog, fileDownloads, jobRuns, taskStatuses } from '../../db/schema/index';
import { startWorker, withCrashWorkspace } from '../../../test/worker-process';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(here, '../../../test/crash-worker.fixture.ts');

/**
 * SIGKILLs a worker in the middle of a job, starts another on the same database, and checks the
 * job finished exactly once: the chunks the dead process committed are not redone, the one it was
 * in the middle of is, and the final effects (file, task) exist once.
 */
describe.each(await testDatabaseKinds())('a job survives its worker being killed, on %s', (kind) => {
  it('is retried after restart and completes exactly once', { timeout: 90_000 }, async () => {
    await withCrashWorkspace(kind, async ({ env, filesDir, read }) => {
      const first = startWorker(FIXTURE, { ...env, CRASH_ENQUEUE: '1' });
      const enqueued = await first.next((e) => e.event === 'enqueued', 40_000);
      const accountId = enqueued.accountId as number;
      const taskStatusId = enqueued.taskStatusId as number;
      // Chunks 0 and 1 have committed once chunk 2 starts; kill it while chunk 2 is in flight.
      await first.next((e) => e.event === 'chunk-start' && e.index === 2, 20_000);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(first.events.some((e) => e.event === 'completed')).toBe(false);

      const second = startWorker(FIXTURE, env);
      const completed = await second.next((e) => e.event === 'completed', 60_000);
      second.child.kill('SIGTERM');
      await second.next((e) => e.event === 'stopped', 20_000);
      await second.exited;

      expect(completed.attempt).toBeGreaterThanOrEqual(1);
      const redone = second.events.filter((e) => e.event === 'chunk-start').map((e) => e.index);
      expect(redone).toEqual([2, 3, 4, 5]);

      await read(async (db) => {
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
      });
    });
  });
});
