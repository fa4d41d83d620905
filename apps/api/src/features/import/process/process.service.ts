import { GeocoderFlag, ImportMessages, importMappingProblem, TaskObjectType, type TImportProcessQuery, type TImportProcessRequest, type TImportTaskStarted } from '@riskatlas/domain';
import type { AuthContext } from '../../../access/caller';
import { assertMayCreateSites } from '../../../access/site-policy';
import { AppError } from '../../../lib/app-error';
import type { AppDeps } from '../../../platform/app-deps';
import { createTask } from '../../../platform/tasks/tasks.service';
import { IMPORT_PROCESS_JOB, type ImportProcessPayload } from './process.job';
import { currentImportFile, saveImportMapping } from '../file/import-file.service';
import { assertQueueHasRoom } from '../queue-limit';

/** Matching when the query does not say: by name or address. */
const DEFAULT_MATCHING_FLAGS = GeocoderFlag.MatchByNameOrAddress;

/** geocoderFlags of the rows from the query's options. */
function geocoderFlagsOf(query: TImportProcessQuery): number {
  let flags = query.matchingFlags ?? DEFAULT_MATCHING_FLAGS;
  if (query.acceptFirstCandidate) flags |= GeocoderFlag.AcceptFirstCandidate;
  if (query.forceZipLevelPrecision) flags |= GeocoderFlag.ForceZipLevelPrecision;
  if (query.capDefined) flags |= GeocoderFlag.UserDefined;
  return flags;
}

/**
 * POST sites/import/file/process: processes the caller's uploaded file into their import queue as
 * a durable job. Needs the right to create sites (read-only callers are refused), an uploaded file
 * (404 without one), a mapping that can be processed (400 in the mapping step's words) and room
 * in the queue for the file's rows (400 saying the limit and the rows queued). The
 * mapping is kept for the next file of the same header layout. Answers the task to poll; its
 * countTotal is the file's data rows.
 */
export async function startImportProcessing(
  deps: Pick<AppDeps, 'database' | 'jobs' | 'now'>,
  auth: AuthContext,
  query: TImportProcessQuery,
  body: TImportProcessRequest,
): Promise<TImportTaskStarted> {
  assertMayCreateSites(auth);
  const { db } = deps.database;
  const file = await currentImportFile(db, auth);
  if (!file) throw AppError.notFound(ImportMessages.noFile);
  const problem = importMappingProblem(body.mapping, file.columns);
  if (problem) throw AppError.badRequest(problem, 'mapping');
  const hasHeader = query.hasHeader ?? file.headerDetected;
  const dataRows = Math.max(0, file.rowCount - (hasHeader ? 1 : 0));
  await assertQueueHasRoom(db, auth, dataRows);
  const taskStatusId = await deps.jobs.transaction(async (tx, enqueue) => {
    const now = deps.now();
    await saveImportMapping(tx, auth, file.headerKey, body.mapping, now);
    const task = await createTask(
      tx,
      { accountId: auth.accountId, userId: auth.userId, message: ImportMessages.processingTaskTitle, objectType: TaskObjectType.Import, countTotal: dataRows, jobName: IMPORT_PROCESS_JOB },
      now,
    );
    const payload: ImportProcessPayload = {
      accountId: auth.accountId,
      userId: auth.userId,
      taskStatusId: task.id,
      impersonating: auth.impersonating,
      rowsKey: file.rowsKey,
      hasHeader,
      dataRows,
      mapping: body.mapping,
      geocoderFlags: geocoderFlagsOf(query),
      updateFlags: query.updateFlags ?? 0,
      emailWhenComplete: query.emailWhenProcessingComplete ?? false,
    };
    await enqueue(IMPORT_PROCESS_JOB, payload, { key: `task-${task.id}` });
    return task.id;
  });
  return { taskStatusId };
}
