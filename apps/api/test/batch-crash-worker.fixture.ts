/**
 * A job worker process for the batch crash test (batch-crash.test.ts), run as `node --import tsx`
 * on a real database: CRASH_DATA_DIR (a PGlite data directory) or CRASH_DATABASE_URL. It runs the
 * app's jobs with the report-batch job writing small, slow chunks; with CRASH_ENQUEUE=1 it also
 * creates an account with sites and licences and starts a batch through the batch service. It
 * reports chunks as JSON lines, and the batch's task once it finishes (CRASH_WATCH_TASK). Not
 * part of the app: nothing imports it.
 */
import { ProductId } from '@riskatlas/domain';
import { accounts, users } from '../src/db/schema/index';
import { jobDefinitions } from '../src/app/job-registry';
import { emit, runCrashWorker, sleep, startCrashWorker, watchTask } from './crash-worker-runtime';
import { loadJobCaller } from '../src/access/job-caller';
import { grantLicenses } from '../src/features/licenses/licenses.service';
import { insertSites } from '../src/features/sites/sites.repository';
import { BATCH_JOB, createBatchJob } from '../src/features/reports/batch.job';
import { startBatch } from '../src/features/reports/batch.service';

/** Sites of the batch, and reports per chunk: 6 chunks. */
export const CRASH_BATCH_SITES = 120;
const CHUNK_REPORTS = 20;

async function main(): Promise<void> {
  // Slow chunks on purpose: the test kills the process while one is in flight (its writes done, not committed).
  const slowBatchJob = createBatchJob({
    chunkReports: CHUNK_REPORTS,
    afterChunk: async (index) => {
      emit({ event: 'chunk', index });
      await sleep(400);
    },
  });
  const { deps, queue } = await startCrashWorker([...jobDefinitions.filter((definition) => definition.name !== BATCH_JOB), slowBatchJob]);
  const { db } = deps.database;
  if (process.env.CRASH_ENQUEUE === '1') {
    const [account] = await db.insert(accounts).values({ company: 'Batch Crash Co' }).returning();
    const [user] = await db.insert(users).values({ accountId: account!.id, email: `batch-crash-${process.pid}-${Date.now()}@example.test`, userType: 3, allowCreateReports: true }).returning();
    await grantLicenses(db, { accountId: account!.id, productId: ProductId.Basic, quantity: CRASH_BATCH_SITES + 30, now: new Date() });
    // Points across Chicago's North Side, a little apart.
    const sites = await insertSites(
      db,
      Array.from({ length: CRASH_BATCH_SITES }, (_, i) => ({ accountId: account!.id, siteName: `Site ${i}`, nameKey: `site ${i}`, countryId: 1, latitude: 41.85 + (i % 12) * 0.01, longitude: -87.75 + Math.floor(i / 12) * 0.01 })),
    );
    const caller = await loadJobCaller(db, { accountId: account!.id, userId: user!.id, impersonating: false });
    const started = await startBatch({ ...deps, jobs: queue }, caller, { siteIds: sites.map((site) => site.siteId), reportType: 0 }, {});
    emit({ event: 'enqueued', accountId: account!.id, ...started });
  }
  const watched = Number(process.env.CRASH_WATCH_TASK ?? 0);
  if (watched > 0) await watchTask(db, Number(process.env.CRASH_ACCOUNT ?? 0), watched);
  emit({ event: 'ready' });
}

runCrashWorker(main);
