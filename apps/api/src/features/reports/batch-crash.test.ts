import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases';
import { startWorker, withCrashWorkspace } from '../../../test/worker-process';
import { batches, batchReports, jobRuns, reports } from '../../db/schema/index';
import { remainingLicenses } from '../licenses/index';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '../../../test/batch-crash-worker.fixture.ts');
/** As the fixture makes them: 120 sites, 150 Basic licences, 20 reports a chunk. */
const SITES = 120;
const GRANTED = 150;

/**
 * SIGKILLs a worker in the middle of a report batch (its third chunk written, not committed),
 * starts another on the same database, and checks the batch finished exactly once: one report
 * per site, one licence debit per report, the chunks committed before the kill not redone.
 */
describe.each(await testDatabaseKinds())('a report batch survives its worker being killed, on %s', (kind) => {
  it('resumes at the next chunk after restart, with one report per site and one debit per report', { timeout: 120_000 }, async () => {
    await withCrashWorkspace(kind, async ({ env, read }) => {
      const first = startWorker(FIXTURE, { ...env, CRASH_ENQUEUE: '1' });
      const enqueued = await first.next((e) => e.event === 'enqueued', 60_000);
      const accountId = enqueued.accountId as number;
      const batchId = enqueued.batchId as number;
      await first.next((e) => e.event === 'chunk' && e.index === 2, 30_000);
      first.child.kill('SIGKILL');
      await first.exited;

      const second = startWorker(FIXTURE, { ...env, CRASH_ACCOUNT: String(accountId), CRASH_WATCH_TASK: String(enqueued.taskStatusId) });
      const finished = await second.next((e) => e.event === 'task-finished', 60_000);
      second.child.kill('SIGTERM');
      await second.next((e) => e.event === 'stopped', 20_000);
      await second.exited;

      expect(finished).toMatchObject({ currentStatus: 2, countCompleted: SITES, countTotal: SITES, detail: `${SITES} reports created.` });
      expect(second.events.filter((e) => e.event === 'chunk').map((e) => e.index)).toEqual([2, 3, 4, 5]);

      await read(async (db) => {
        const rows = await db.select({ siteId: reports.siteId }).from(reports).where(eq(reports.accountId, accountId));
        expect(rows).toHaveLength(SITES);
        expect(new Set(rows.map((row) => row.siteId)).size).toBe(SITES);
        expect((await remainingLicenses(db, accountId, [0]))['0']).toBe(GRANTED - SITES);
        const [batch] = await db.select().from(batches).where(and(eq(batches.accountId, accountId), eq(batches.id, batchId)));
        expect(batch).toMatchObject({ reportsTotal: SITES, reportsCompleted: SITES, failed: false });
        expect(batch!.completedAt).not.toBeNull();
        expect(await db.select().from(batchReports).where(eq(batchReports.accountId, accountId))).toHaveLength(SITES);
        const chunkRuns = (await db.select().from(jobRuns).where(eq(jobRuns.accountId, accountId))).filter((run) => run.jobKey.includes('#'));
        expect(chunkRuns.map((run) => run.jobKey.split('#')[1]).sort()).toEqual(['0', '1', '2', '3', '4', '5']);
      });
    });
  });
});
