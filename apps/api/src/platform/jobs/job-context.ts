import type { Db, Transaction } from '../../db/client';
import { reportTaskProgress } from '../tasks/tasks.service';
import type { JobQueue } from './job-queue';
import type { ChunkWork, JobContext, JobDeps, JobPayloadBase, JobResult } from './job-definition';
import { claimJobRun, findJobRun, listJobRunKeys, setJobRunResult } from './job-runs.repository';

/** What the queue knows about the attempt it is running. */
export interface JobAttemptInfo {
  name: string;
  jobId: string;
  attempt: number;
  signal: AbortSignal;
  /** The queue running the job (JobContext.jobs). */
  jobs?: Pick<JobQueue, 'transaction'>;
}

/** Builds the context a handler receives for one attempt of one job. */
export function createJobContext<P extends JobPayloadBase>(deps: JobDeps, payload: P, info: JobAttemptInfo): JobContext<P> {
  const { db } = deps.database;
  const key = `${info.name}:${info.jobId}`;
  const { accountId, taskStatusId } = payload;

  const progress = async (on: Db, countCompleted: number, countTotal?: number) => {
    if (taskStatusId === undefined) return;
    await reportTaskProgress(on, accountId, taskStatusId, countTotal === undefined ? { countCompleted } : { countCompleted, countTotal }, deps.now());
  };

  const context: JobContext<P> = {
    payload,
    deps,
    db,
    jobId: info.jobId,
    key,
    attempt: info.attempt,
    signal: info.signal,
    previousResult: () => findJobRun(db, accountId, key),
    commit: async <R extends JobResult>(work: (tx: Transaction) => Promise<R>) =>
      db.transaction(async (tx) => {
        if (!(await claimJobRun(tx, accountId, key, deps.now()))) {
          // Committed by an earlier attempt (or a concurrent one that just finished).
          return ((await findJobRun(tx, accountId, key)) ?? {}) as R;
        }
        const result = await work(tx);
        await setJobRunResult(tx, accountId, key, result);
        return result;
      }),
    progress: (countCompleted, countTotal) => progress(db, countCompleted, countTotal),
    chunks: (work) => runChunks(context, work, progress),
    jobs: info.jobs,
  };
  return context;
}

/** Stops a long handler between chunks when its attempt was aborted (expired, or the worker stops). */
function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new Error('The job was stopped before it finished; it will be retried.');
}

/**
 * Runs a large input a chunk at a time, recording progress on the task after each. Durable chunks
 * commit their effects with their own job_runs row, so a retry skips what already committed and
 * still counts it; the task's count never goes backwards past committed work.
 */
async function runChunks<P extends JobPayloadBase, T>(
  context: JobContext<P>,
  work: ChunkWork<T>,
  progress: (on: Db, countCompleted: number, countTotal?: number) => Promise<void>,
): Promise<void> {
  const { db, payload, deps, signal } = context;
  const total = work.total > 0 ? work.total : undefined;
  const prefix = `${context.key}#`;
  const committed = work.durable ? await listJobRunKeys(db, payload.accountId, prefix) : new Set<string>();
  await progress(db, 0, total);
  let done = 0;
  let index = 0;
  for await (const chunk of work.source) {
    throwIfAborted(signal);
    const chunkIndex = index;
    index += 1;
    done += chunk.length;
    if (!work.durable) {
      await work.handle(chunk, chunkIndex, db);
      await progress(db, done, total);
      continue;
    }
    const chunkKey = `${prefix}${chunkIndex}`;
    if (committed.has(chunkKey)) continue;
    const count = done;
    await db.transaction(async (tx) => {
      if (!(await claimJobRun(tx, payload.accountId, chunkKey, deps.now()))) return;
      await work.handle(chunk, chunkIndex, tx);
      await progress(tx, count, total);
    });
  }
  if (work.durable) await progress(db, done, total);
}

/** Splits an array into chunks of `size` (the last may be shorter). */
export function* chunksOf<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  if (size < 1) throw new RangeError('Chunk size must be at least 1');
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
