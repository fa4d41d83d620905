import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ImportMessages, parseImportSubmitDetail } from '@riskatlas/domain';
import { testDatabaseKinds } from '../../../test/databases';
import { startWorker, withCrashWorkspace, type CrashWorkspace, type WorkerEvent } from '../../../test/worker-process';
import { batches, importQueue, jobRuns, sites } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { IMPORT_PROCESS_JOB } from './process/process.job';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '../../../test/import-crash-worker.fixture.ts');
/** As the fixture makes them: 5 existing sites, each named by one row; 10 chunks a file. */
const EXISTING_SITES = 5;
/** Rows of the submit tests' file. */
const SUBMIT_ROWS = 400;

/** The queue rows of a user's run, in file order, with what the check decided. */
async function runRows(db: Db, owner: { accountId: number; userId: number }, runId: number) {
  return db
    .select({ rowNumber: importQueue.rowNumber, siteName: importQueue.siteName, siteId: importQueue.siteId, statusFlags: importQueue.statusFlags, errorFlags: importQueue.errorFlags, warningFlags: importQueue.warningFlags, statusDescription: importQueue.statusDescription })
    .from(importQueue)
    .where(and(eq(importQueue.accountId, owner.accountId), eq(importQueue.userId, owner.userId), eq(importQueue.runId, runId)))
    .orderBy(asc(importQueue.rowNumber));
}

const ofEvent = (name: string) => (e: WorkerEvent) => e.event === name;
const chunkOf = (job: string, index?: number) => (e: WorkerEvent) => e.event === 'chunk' && e.job === job && (index === undefined || e.index === index);

/**
 * SIGKILLs a worker in the middle of an import job (a chunk written, not committed), starts another
 * on the same database, and checks the import finished exactly once.
 */
describe.each(await testDatabaseKinds())('an import survives its worker being killed, on %s', (kind) => {
  it('processing resumes at the uncommitted chunk: every file row queued once, with the statuses of an uninterrupted run', { timeout: 120_000 }, async () => {
    const ROWS = 2000;
    await withCrashWorkspace(kind, async ({ env, read }) => {
      const first = startWorker(FIXTURE, { ...env, CRASH_ROWS: String(ROWS), CRASH_SLOW: 'process', CRASH_STEPS: 'setup,process' });
      const setup = await first.next(ofEvent('setup'), 60_000);
      const { accountId, userId } = setup as unknown as { accountId: number; userId: number };
      const enqueued = await first.next(ofEvent('enqueued'), 30_000);
      const taskStatusId = enqueued.taskStatusId as number;
      await first.next(chunkOf('process', 3), 60_000);
      first.child.kill('SIGKILL');
      await first.exited;

      // The second worker finishes the run, then processes the same file for another user without a kill.
      const second = startWorker(FIXTURE, { ...env, CRASH_ROWS: String(ROWS), CRASH_SLOW: 'process', CRASH_ACCOUNT: String(accountId), CRASH_USER: String(userId), CRASH_TASK: String(taskStatusId), CRASH_STEPS: 'wait,reference,wait', CRASH_PAUSE_MS: '0' });
      await second.next(ofEvent('ready'), 90_000);
      second.child.kill('SIGTERM');
      await second.next(ofEvent('stopped'), 20_000);
      await second.exited;

      const [finished, referenceFinished] = second.events.filter(ofEvent('task-finished'));
      const [counts, referenceCounts] = second.events.filter(ofEvent('counts'));
      const reference = second.events.find(ofEvent('enqueued'))!;
      expect(finished).toMatchObject({ taskStatusId, currentStatus: 2, countCompleted: ROWS, countTotal: ROWS });
      expect(referenceFinished).toMatchObject({ taskStatusId: reference.taskStatusId, currentStatus: 2, countCompleted: ROWS, countTotal: ROWS });
      // The resumed run redid the chunk in flight at the kill and the ones after it, not the three committed before.
      const resumedChunks = second.events.slice(0, second.events.indexOf(finished!)).filter(chunkOf('process'));
      expect(resumedChunks.map((e) => e.index)).toEqual([3, 4, 5, 6, 7, 8, 9]);
      expect(first.events.filter(chunkOf('process')).map((e) => e.index)).toEqual([0, 1, 2, 3]);

      await read(async (db) => {
        const rows = await runRows(db, { accountId, userId }, taskStatusId);
        expect(rows.map((row) => row.rowNumber)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
        const referenceRows = await runRows(db, { accountId, userId: reference.userId as number }, reference.taskStatusId as number);
        expect(rows).toEqual(referenceRows);
        // The file has rows of every kind: ready, with errors, matched to an existing site.
        expect(rows.filter((row) => row.errorFlags !== 0).length).toBeGreaterThan(ROWS / 100);
        expect(rows.filter((row) => row.errorFlags === 0).length).toBeGreaterThan(ROWS * 0.8);
        expect(rows.filter((row) => row.siteId !== null)).toHaveLength(EXISTING_SITES);
        // Each run committed each of its 10 chunks once (job keys are import-process:<job id>#<chunk>).
        const chunkRuns = (await db.select().from(jobRuns).where(eq(jobRuns.accountId, accountId))).filter((run) => run.jobKey.startsWith(`${IMPORT_PROCESS_JOB}:`) && run.jobKey.includes('#')).map((run) => run.jobKey.split(':')[1]!.split('#'));
        const chunksByJob = new Map<string, number[]>();
        for (const [job, chunk] of chunkRuns) chunksByJob.set(job!, [...(chunksByJob.get(job!) ?? []), Number(chunk)]);
        expect([...chunksByJob.values()].map((chunks) => chunks.sort((x, y) => x - y))).toEqual([0, 1].map(() => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
        // The task's detail and the counts endpoint's service (run in the worker) tell the same numbers, and the same as the uninterrupted run's.
        const issues = rows.filter((row) => row.errorFlags !== 0).length;
        const warnings = rows.filter((row) => row.errorFlags === 0 && row.warningFlags !== 0).length;
        expect(finished!.detail).toBe(ImportMessages.processingComplete({ total: ROWS, ready: ROWS - issues - warnings, warnings, issues }));
        expect(referenceFinished!.detail).toBe(finished!.detail);
        expect(counts!.counts).toMatchObject({ total: ROWS, pending: 0, exceptions: issues, warnings });
        expect(referenceCounts!.counts).toEqual(counts!.counts);
      });
    });
  });

  /**
   * A file of SUBMIT_ROWS rows processed quickly, then submitted in batch mode in slow chunks by a
   * worker killed at `killAt` (a chunk written, or the batch step committed); a second worker
   * finishes the submit. Answers both workers and what the queue held before the submit.
   */
  async function killedSubmit(env: Record<string, string>, killAt: 'chunk' | 'batch') {
    const common = { ...env, CRASH_ROWS: String(SUBMIT_ROWS), CRASH_SLOW: 'submit' };
    const first = startWorker(FIXTURE, { ...common, CRASH_STEPS: 'setup,process,wait,submit', ...(killAt === 'batch' ? { CRASH_PAUSE_BATCH: '1' } : {}) });
    const { accountId, userId } = (await first.next(ofEvent('setup'), 60_000)) as unknown as { accountId: number; userId: number };
    const processed = await first.next(ofEvent('counts'), 60_000);
    const submitted = await first.next((e) => e.event === 'enqueued' && e.step === 'submit', 30_000);
    await first.next(killAt === 'chunk' ? chunkOf('submit', 2) : ofEvent('batch-step'), 60_000);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startWorker(FIXTURE, { ...common, CRASH_ACCOUNT: String(accountId), CRASH_USER: String(userId), CRASH_TASK: String(submitted.taskStatusId), CRASH_STEPS: 'wait', CRASH_PAUSE_MS: '0' });
    const finished = await second.next(ofEvent('task-finished'), 60_000);
    const counts = await second.next(ofEvent('counts'), 10_000);
    second.child.kill('SIGTERM');
    await second.next(ofEvent('stopped'), 30_000);
    await second.exited;
    return { first, second, finished, counts, accountId, userId, ready: (processed.counts as { complete: number }).complete };
  }

  /** The submit finished once: one site per ready row (the matched ones updated once), the rows with errors left queued, one batch. */
  async function expectSubmittedOnce(read: CrashWorkspace['read'], run: Awaited<ReturnType<typeof killedSubmit>>) {
    const { finished, counts, accountId, userId, ready } = run;
    expect(finished).toMatchObject({ currentStatus: 2, countCompleted: ready });
    const detail = parseImportSubmitDetail(finished.detail as string);
    expect(detail).toMatchObject({ message: ImportMessages.importComplete, created: ready - EXISTING_SITES, updated: EXISTING_SITES, skipped: SUBMIT_ROWS - ready, batchMessage: null });
    expect(counts.counts).toMatchObject({ total: SUBMIT_ROWS - ready, complete: 0 });
    await read(async (db) => {
      const accountSites = await db.select().from(sites).where(eq(sites.accountId, accountId));
      expect(accountSites).toHaveLength(ready);
      expect(new Set(accountSites.map((site) => site.nameKey)).size).toBe(ready);
      // An update applied twice would append its note twice.
      const updated = accountSites.filter((site) => site.siteName.startsWith('Existing'));
      expect(updated.map((site) => site.notes)).toEqual(Array.from({ length: EXISTING_SITES }, () => expect.stringMatching(/^Seeded\W+Imported note$/)));
      const remaining = await db.select().from(importQueue).where(and(eq(importQueue.accountId, accountId), eq(importQueue.userId, userId)));
      expect(remaining).toHaveLength(SUBMIT_ROWS - ready);
      expect(remaining.every((row) => row.errorFlags !== 0)).toBe(true);
      const made = await db.select().from(batches).where(eq(batches.accountId, accountId));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ id: detail!.batchId, reportsTotal: ready });
    });
  }

  it('submitting resumes at the uncommitted chunk: each row imported once, one batch', { timeout: 120_000 }, async () => {
    await withCrashWorkspace(kind, async ({ env, read }) => {
      const run = await killedSubmit(env, 'chunk');
      // Chunks of SUBMIT_ROWS / 10 rows: the two committed before the kill are not submitted again, the one in flight is.
      expect(run.first.events.filter(chunkOf('submit')).map((e) => e.index)).toEqual([0, 1, 2]);
      expect(run.second.events.filter(chunkOf('submit'))).toHaveLength(Math.ceil(run.ready / (SUBMIT_ROWS / 10)) - 2);
      await expectSubmittedOnce(read, run);
    });
  });

  it('submitting killed after its batch was made finishes without a second batch', { timeout: 120_000 }, async () => {
    await withCrashWorkspace(kind, async ({ env, read }) => {
      const run = await killedSubmit(env, 'batch');
      // Every chunk had committed: the restart submits none again and finds the batch step done.
      expect(run.second.events.filter(chunkOf('submit'))).toEqual([]);
      expect(run.second.events.filter(ofEvent('batch-step'))).toHaveLength(1);
      await expectSubmittedOnce(read, run);
    });
  });
});
