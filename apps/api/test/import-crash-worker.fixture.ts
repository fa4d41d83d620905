/**
 * A job worker process for the import crash tests (import-crash.test.ts), run as `node --import tsx`
 * on a real database: CRASH_DATA_DIR (a PGlite data directory) or CRASH_DATABASE_URL. It runs the
 * app's jobs, with the import jobs named in CRASH_SLOW ('process', 'submit') writing small, slow
 * chunks, and works through the steps of CRASH_STEPS in order, reporting each as JSON lines:
 * - setup: a new account with existing sites, Basic licences and an administrator (CRASH_ACCOUNT, CRASH_USER otherwise);
 * - process: the user's file of CRASH_ROWS generated rows uploaded and processed through the service;
 * - reference: the same for a new user of the account (an uninterrupted run to compare with);
 * - submit: the user's ready queue rows submitted in batch mode through the service;
 * - wait: the last task started (CRASH_TASK in a fresh worker) watched until it finishes, then the queue's counts.
 * With CRASH_PAUSE_BATCH=1 the submit pauses once its batch step has committed. The reports batch
 * job does nothing (the batch is made, its reports are not). Not part of the app: nothing imports it.
 */
import { ProductId, UpdateFlag, ZImportMapping } from '@riskatlas/domain';
import { accounts, users } from '../src/db/schema/index';
import { jobDefinitions } from '../src/app/job-registry';
import { loadJobCaller } from '../src/access/job-caller';
import type { AuthContext } from '../src/access/caller';
import { BATCH_JOB, batchJob } from '../src/features/reports/batch.job';
import { grantLicenses } from '../src/features/licenses/licenses.service';
import { insertSites } from '../src/features/sites/sites.repository';
import { createImportProcessJob, IMPORT_PROCESS_JOB } from '../src/features/import/process/process.job';
import { startImportProcessing } from '../src/features/import/process/process.service';
import { mappingOf, storeUploadedFile } from '../src/features/import/process/process-test-fixtures';
import { queueCounts } from '../src/features/import/queue/queue.service';
import { createImportSubmitJob, IMPORT_SUBMIT_JOB } from '../src/features/import/submit/submit.job';
import { startImportSubmit } from '../src/features/import/submit/submit.service';
import { emit, runCrashWorker, sleep, startCrashWorker, watchTask } from './crash-worker-runtime';

/** Sites the account has before the import; the file names each once, so each is updated by one row. */
const EXISTING_SITES = 5;
const SLOW = new Set((process.env.CRASH_SLOW ?? '').split(','));
const ROWS = Number(process.env.CRASH_ROWS ?? 2000);
/** Slow chunks on purpose: 10 chunks a file whatever its size; the test kills the process while one is in flight (its writes done, not committed). */
const CHUNK_ROWS = Math.max(1, Math.ceil(ROWS / 10));
/** The pause after each slow chunk's writes, long enough for the test's SIGKILL to land; a worker the test does not kill needs none (CRASH_PAUSE_MS=0). */
const PAUSE_MS = Number(process.env.CRASH_PAUSE_MS ?? 300);

const HEADER = ['Name', 'Street', 'City', 'State', 'Zip', 'Country', 'Latitude', 'Longitude', 'Notes'];
const MAPPING = ZImportMapping.parse(mappingOf(['siteName', 'street', 'city', 'state', 'zipCode', 'countryCode', 'latitude', 'longitude', 'notes']));
const CHICAGO_ZIPS = ['60601', '60602', '60603', '60604', '60605', '60606', '60607', '60608'];

/**
 * The file: `rows` Chicago stores, with rows every chunk boundary crosses that depend on earlier
 * rows (a name used before), rows with errors (no name, a point off the globe) and one row per
 * existing site (matched by name: updated, its notes appended).
 */
function importFile(rows: number): string[][] {
  const existingAt = new Map(Array.from({ length: EXISTING_SITES }, (_, k) => [3 + k * Math.floor(rows / EXISTING_SITES), k]));
  const file = [HEADER];
  for (let i = 1; i <= rows; i += 1) {
    const existing = existingAt.get(i);
    let name = `Store ${i}`;
    if (existing !== undefined) name = `Existing ${existing}`;
    else if (i % 250 === 0) name = '';
    else if (i % 97 === 0) name = `Store ${Math.max(1, i - Math.ceil(rows / 4))}`;
    const offGlobe = i % 401 === 0;
    file.push([name, `${i} W Test St`, 'Chicago', 'IL', CHICAGO_ZIPS[i % CHICAGO_ZIPS.length]!, 'USA', offGlobe ? '95' : '', offGlobe ? '-87.6' : '', 'Imported note']);
  }
  return file;
}

async function main(): Promise<void> {
  const processJob = createImportProcessJob(
    SLOW.has('process')
      ? {
          chunkRows: CHUNK_ROWS,
          afterChunk: async (index) => {
            emit({ event: 'chunk', job: 'process', index });
            await sleep(PAUSE_MS);
          },
        }
      : {},
  );
  const submitJob = createImportSubmitJob({
    ...(SLOW.has('submit')
      ? {
          chunkRows: CHUNK_ROWS,
          afterChunk: async (index: number) => {
            emit({ event: 'chunk', job: 'submit', index });
            await sleep(PAUSE_MS);
          },
        }
      : {}),
    afterBatch: async () => {
      emit({ event: 'batch-step' });
      if (process.env.CRASH_PAUSE_BATCH === '1') await sleep(30_000);
    },
  });
  // The reports batch a submit starts is taken off the queue and not worked: its own crash test covers it, and its scoring would only slow this one down.
  const idleBatchJob = {
    ...batchJob,
    handler: async () => {
      emit({ event: 'batch-job' });
    },
  };
  const replaced = new Set([IMPORT_PROCESS_JOB, IMPORT_SUBMIT_JOB, BATCH_JOB]);
  const { deps, queue } = await startCrashWorker([...jobDefinitions.filter((definition) => !replaced.has(definition.name)), processJob, submitJob, idleBatchJob]);
  const { db } = deps.database;
  const services = { database: deps.database, jobs: queue, now: deps.now };
  let accountId = Number(process.env.CRASH_ACCOUNT ?? 0);
  let userId = Number(process.env.CRASH_USER ?? 0);
  let taskStatusId = Number(process.env.CRASH_TASK ?? 0);
  // The services read no session: the job caller stands in for the request's.
  const auth = async (): Promise<AuthContext> => ({ ...(await loadJobCaller(db, { accountId, userId, impersonating: false })), session: undefined as never });
  const newUser = async (label: string) => {
    const [user] = await db.insert(users).values({ accountId, email: `import-crash-${label}-${process.pid}-${Date.now()}@example.test`, userType: 3, allowCreateReports: true }).returning();
    return user!.id;
  };

  for (const step of (process.env.CRASH_STEPS ?? '').split(',').filter(Boolean)) {
    if (step === 'setup') {
      const [account] = await db.insert(accounts).values({ company: 'Import Crash Co' }).returning();
      accountId = account!.id;
      userId = await newUser('first');
      await grantLicenses(db, { accountId, productId: ProductId.Basic, quantity: ROWS + 100, now: new Date() });
      await insertSites(
        db,
        Array.from({ length: EXISTING_SITES }, (_, k) => ({ accountId, siteName: `Existing ${k}`, nameKey: `existing ${k}`, countryId: 1, city: 'Chicago', state: 'IL', zipCode: '60606', notes: 'Seeded', latitude: 41.88 + k * 0.01, longitude: -87.64 })),
      );
      emit({ event: 'setup', accountId, userId });
    } else if (step === 'process' || step === 'reference') {
      if (step === 'reference') userId = await newUser('reference');
      await storeUploadedFile({ deps }, { account: { id: accountId }, user: { id: userId } }, importFile(ROWS));
      ({ taskStatusId } = await startImportProcessing(services, await auth(), { hasHeader: true, updateFlags: UpdateFlag.AppendNotes }, { mapping: MAPPING }));
      emit({ event: 'enqueued', step, userId, taskStatusId });
    } else if (step === 'submit') {
      ({ taskStatusId } = await startImportSubmit(services, await auth(), { includeWarnings: true, batchMode: true }, { reportType: 0 }));
      emit({ event: 'enqueued', step, userId, taskStatusId });
    } else if (step === 'wait') {
      await watchTask(db, accountId, taskStatusId);
      emit({ event: 'counts', userId, counts: await queueCounts(services, await auth()) });
    } else {
      throw new Error(`Unknown step ${step}`);
    }
  }
  emit({ event: 'ready' });
}

runCrashWorker(main);
