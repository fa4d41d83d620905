import { z } from 'zod';
import { ImportMessages, ZImportMapping, type TImportMapping } from '@riskatlas/domain';
import { loadJobCaller } from '../../../access/job-caller';
import { defineJob, ZJobPayloadBase, type JobContext } from '../../../platform/jobs/job-definition';
import { completeTask } from '../../../platform/tasks/tasks.service';
import { appGeocoder, type GeocoderLog } from '../../geo/index';
import { readRowsFile } from '../rows-file';
import { fieldsOfCells } from './import-row';
import { importPageLink, importProcessedMail } from './process-mail';
import { countRunRows, flagRowsSharingASite, indexAccountSites, upsertQueueRows, type QueueRowValues } from './process.repository';
import { ImportQueueState } from './queue-state';
import { checkQueueRows, type CheckedQueueRow, type ImportCheckDeps } from './row-check';
import { addedErrorChange } from './row-status';
import { memoizedGeocoder } from './memoized-geocoder';
import { readImportAccountFacts } from './account-facts';

/** The job's name (queue import-process/v1). */
export const IMPORT_PROCESS_JOB = 'import-process';
/** File rows checked and written per chunk: the task's progress moves after each. */
const IMPORT_CHUNK_ROWS = 1000;

/** What a test may change of the job. */
export interface ImportProcessJobOptions {
  /** File rows per chunk (default 1,000). */
  chunkRows?: number;
  /** Runs inside each chunk's transaction, after its rows are written (the crash test pauses here). */
  afterChunk?: (index: number) => Promise<void>;
}

/** Payload: whose file, where its rows are, and how to process them. */
const ZImportProcessPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive().describe('The task; also the run id of the queue rows it writes'),
  impersonating: z.boolean(),
  rowsKey: z.string().describe('File-store key of the file’s rows'),
  hasHeader: z.boolean().describe('The first row is the header and is not queued'),
  dataRows: z.number().int().min(0).describe('Rows to queue (the progress total)'),
  mapping: ZImportMapping,
  geocoderFlags: z.number().int().describe('Given to every row: matching mode, 2 accept first candidate, 8 zip-level precision, 64 keep the file’s coordinates'),
  updateFlags: z.number().int().min(0),
  emailWhenComplete: z.boolean(),
});
export type ImportProcessPayload = z.infer<typeof ZImportProcessPayload>;

/** A job has no request log: the external geocoder's failures (the embedded one answers instead) go to the worker's output. */
export const jobGeocoderLog: GeocoderLog = {
  warn: (details: { err: unknown }, message: string) => console.warn(`[jobs] import-process: ${message}`, details.err instanceof Error ? details.err.message : String(details.err)),
};

/** A checked row as the queue table stores it. */
function queueRowOf(payload: ImportProcessPayload, row: CheckedQueueRow): QueueRowValues {
  return { accountId: payload.accountId, userId: payload.userId, runId: payload.taskStatusId, rowNumber: row.rowNumber, ...checkedRowValues(row) };
}

/** What a check decides of a queue row: its fields, point, match, flags and status (not whose row it is). */
export function checkedRowValues(row: CheckedQueueRow): Omit<QueueRowValues, 'accountId' | 'userId' | 'runId' | 'rowNumber'> {
  const { fields } = row;
  return {
    siteName: fields.siteName,
    street: fields.street,
    street2: fields.street2,
    city: fields.city,
    state: fields.state,
    zipCode: fields.zipCode,
    countryCode: fields.countryCode,
    countryId: row.countryId,
    latitude: row.latitude,
    longitude: row.longitude,
    tags: fields.tags,
    classifications: fields.classifications,
    notes: fields.notes,
    externalId: fields.externalId,
    incomingSiteId: null,
    siteId: row.siteId,
    statusFlags: row.statusFlags,
    errorFlags: row.errorFlags,
    warningFlags: row.warningFlags,
    updateFlags: row.updateFlags,
    geocoderFlags: row.geocoderFlags,
    pendingUpdate: false,
    statusDescription: row.statusDescription,
    geocodePrecision: row.geocodePrecision,
    geoCandidates: row.geoCandidates,
    matches: row.matches,
    nameKey: row.nameKey,
    addressKey: row.addressKey,
  };
}

/**
 * The file's data rows checked a chunk at a time, in file order. Every attempt checks from the
 * first row, so the queue checks (a name used by an earlier row) see the same earlier rows whether
 * or not their chunk committed before a crash; the chunk runner skips writing committed chunks.
 * The next chunk is checked while the one yielded is being written (on a database server the two
 * overlap); each check starts after the one before it, so rows meet the queue in file order.
 */
async function* checkedChunks(context: JobContext<ImportProcessPayload>, checkDeps: ImportCheckDeps, mapping: TImportMapping, chunkRows: number): AsyncGenerator<CheckedQueueRow[]> {
  const { payload, deps } = context;
  const caller = await loadJobCaller(deps.database.db, payload);
  const first = payload.hasHeader ? 1 : 0;
  let pending: { rowNumber: number; cells: string[] }[] = [];
  const check = (rows: typeof pending) =>
    checkQueueRows(
      checkDeps,
      caller,
      rows.map(({ rowNumber, cells }) => ({ rowNumber, fields: fieldsOfCells(cells, mapping), geocoderFlags: payload.geocoderFlags, updateFlags: payload.updateFlags })),
    );
  let ahead: Promise<CheckedQueueRow[]> | undefined;
  const checkAfterAhead = (rows: typeof pending) => {
    const started = ahead ? ahead.then(() => check(rows)) : check(rows);
    // Awaited when its turn comes; if the run stops first (a failed write), its failure is moot.
    started.catch(() => undefined);
    return started;
  };
  for await (const { index, cells } of readRowsFile(deps.fileStore, payload.rowsKey, first)) {
    pending.push({ rowNumber: index - first + 1, cells });
    if (pending.length < chunkRows) continue;
    const started = checkAfterAhead(pending);
    pending = [];
    if (ahead) yield await ahead;
    ahead = started;
  }
  if (pending.length > 0) {
    const last = checkAfterAhead(pending);
    if (ahead) yield await ahead;
    ahead = last;
  }
  if (ahead) yield await ahead;
}

/**
 * Processes an uploaded file into the user's import queue: its rows read in chunks from the file
 * store, each row mapped, validated, placed and matched (row-check.ts) and written with its status
 * — every row, none dropped. A chunk is written with its own job_runs row in one transaction, and
 * rows are keyed by (run, row number), so a worker killed midway resumes where it stopped without
 * losing or doubling rows. Then, once: rows matching the same existing site are flagged, the task
 * completes with the counts, and the e-mail goes out when asked for.
 */
export function createImportProcessJob(options: ImportProcessJobOptions = {}) {
  const chunkRows = options.chunkRows ?? IMPORT_CHUNK_ROWS;
  return defineJob({
    name: IMPORT_PROCESS_JOB,
    version: 1,
    schema: ZImportProcessPayload,
    retryLimit: 3,
    expireInSeconds: 2 * 3600,
    async handler(context) {
      const { payload, deps, db } = context;
      const { accountId, userId, taskStatusId } = payload;
      if (await context.previousResult()) return;
      const run = { accountId, userId, runId: taskStatusId };
      const checkDeps: ImportCheckDeps = {
        gazetteer: deps.gazetteer,
        geocode: memoizedGeocoder(appGeocoder(deps, jobGeocoderLog)),
        sites: await indexAccountSites(deps.database, accountId),
        facts: await readImportAccountFacts(db, accountId),
        queue: new ImportQueueState(),
      };
      await context.chunks<CheckedQueueRow>({
        total: payload.dataRows,
        durable: true,
        source: checkedChunks(context, checkDeps, payload.mapping, chunkRows),
        handle: async (rows, index, tx) => {
          await upsertQueueRows(
            tx,
            rows.map((row) => queueRowOf(payload, row)),
            deps.now(),
          );
          await options.afterChunk?.(index);
        },
      });
      const counts = await context.commit(async (tx) => {
        await flagRowsSharingASite(tx, run, addedErrorChange('SiteHasMultipleMatchesInQueue'));
        const result = await countRunRows(tx, run);
        await completeTask(tx, accountId, taskStatusId, { detail: ImportMessages.processingComplete(result) }, deps.now());
        return result;
      });
      if (payload.emailWhenComplete) {
        const caller = await loadJobCaller(db, payload);
        const message = importProcessedMail({ to: caller.user.email, firstName: caller.user.firstName, summary: ImportMessages.processingComplete(counts), link: importPageLink(deps.config.publicUrl) });
        // The queue stands whatever the mail server says.
        await deps.mailer.send(message).catch(() => undefined);
      }
    },
  });
}

/** The processing job the app runs. */
export const importProcessJob = createImportProcessJob();
