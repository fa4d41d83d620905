import { z } from 'zod';
import type { Database, Db, Transaction } from '../../db/client';
import type { AppDeps } from '../app-deps';
import type { JobQueue } from './job-queue';

/** What job handlers get to work with: everything the app has but the queue itself. */
export type JobDeps = Omit<AppDeps, 'jobs'>;

/**
 * Fields every job payload carries. Jobs are tenant work: the account leads every query they make
 * and keys their job_runs rows. A job started on a user's behalf names the task status it reports
 * through; the queue moves that task to in progress, and to failed when the job finally fails.
 * Payloads hold ids and file-store keys only, never file contents.
 */
export const ZJobPayloadBase = z.object({
  accountId: z.number().int().positive().describe('The tenant the job works for'),
  userId: z.number().int().positive().optional().describe('The user the job acts for'),
  taskStatusId: z.number().int().positive().optional().describe('The task status the job reports progress and outcome through'),
});
export type JobPayloadBase = z.infer<typeof ZJobPayloadBase>;

/** A JSON object a job stores as its committed result (job_runs.result). */
export type JobResult = Record<string, unknown>;

/** Options of ChunkRunner.run: a large input processed a chunk at a time, with progress. */
export interface ChunkWork<T> {
  /** Units in all (countTotal); 0 when not known up front. */
  total: number;
  /** The input, a chunk at a time. For `durable` work it must yield the same chunks on a retry. */
  source: AsyncIterable<readonly T[]> | Iterable<readonly T[]>;
  /** The work on one chunk. For `durable` work, `db` is the chunk's own transaction. */
  handle(chunk: readonly T[], index: number, db: Db): Promise<void>;
  /**
   * Commit each chunk's effects together with its own job_runs row (key `<job key>#<index>`), so a
   * retried job skips the chunks that already committed. Off for read-only chunks (an export that
   * only reads), which a retry simply reads again.
   */
  durable?: boolean;
}

/** What a handler receives for one attempt of one job. */
export interface JobContext<P extends JobPayloadBase> {
  /** The validated payload. */
  payload: P;
  deps: JobDeps;
  db: Database;
  /** pg-boss's id of the job (stable across its retries). */
  jobId: string;
  /** The job's key in job_runs: `<name>:<job id>`, stable across retries. */
  key: string;
  /** 0 on the first attempt, then 1, 2, … */
  attempt: number;
  /** Aborted when the job expires or the worker stops; long handlers should stop at the next chunk. */
  signal: AbortSignal;
  /** The result an earlier attempt committed with `commit`, when one did: the job's effects exist. */
  previousResult(): Promise<JobResult | undefined>;
  /**
   * Runs `work` in one transaction together with this job's job_runs row. If an attempt already
   * committed (or commits concurrently), `work` does not run and the stored result is returned:
   * the effects happen exactly once however often the job runs.
   */
  commit<R extends JobResult>(work: (tx: Transaction) => Promise<R>): Promise<R>;
  /** Records progress on the job's task (countCompleted, and countTotal when given). */
  progress(countCompleted: number, countTotal?: number): Promise<void>;
  /** Processes a large input in chunks, reporting progress after each (see ChunkWork). */
  chunks<T>(work: ChunkWork<T>): Promise<void>;
  /**
   * The queue running this job, for a job whose work ends by starting another (an import submitted
   * in batch mode starts the batch through the batch service). Undefined where a test builds a
   * context by hand without a queue.
   */
  jobs: Pick<JobQueue, 'transaction'> | undefined;
}

/**
 * A typed job definition: a name, a version, a zod payload schema and a handler.
 * The queue name is `<name>/v<version>`: a payload change that old jobs would not satisfy gets a
 * new version, and old jobs drain on the old queue while its definition stays registered.
 */
export interface JobDefinition<P extends JobPayloadBase = JobPayloadBase> {
  /** kebab-case, unique among definitions. */
  name: string;
  version: number;
  /** Validates the payload on enqueue and again when the job runs. */
  schema: z.ZodType<P>;
  /** Does the work. Method syntax on purpose: definitions of different payloads share one list. */
  handler(context: JobContext<P>): Promise<void>;
  /** Retries after the first attempt (default 3), with exponential backoff. */
  retryLimit?: number;
  /** Longest an attempt may run before it is failed and retried (default 1 hour). */
  expireInSeconds?: number;
  /** Jobs of this definition one process runs at once (default 1). */
  concurrency?: number;
}

/** Declares a job definition (identity; it keeps the payload type tied to the handler). */
export function defineJob<P extends JobPayloadBase>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** What a scheduled job's handler receives for one run. */
interface ScheduledJobContext {
  deps: JobDeps;
  /** Aborted when the run expires or the worker stops. */
  signal: AbortSignal;
}

/**
 * A job the queue runs on a schedule for the whole installation rather than for one tenant:
 * housekeeping such as deleting rows past their retention. It has no payload, task or job_runs
 * row, so its handler must be idempotent — a repeated or overlapping run must do no harm. Every
 * worker process registers the schedule (the same one; pg-boss sends each occurrence once). A
 * changed `cron` replaces the schedule; a new version leaves the old version's schedule to be
 * removed by hand.
 */
export interface ScheduledJobDefinition {
  /** kebab-case, unique among all definitions. */
  name: string;
  version: number;
  /** When it runs: a five-field cron expression, in UTC. */
  cron: string;
  handler(context: ScheduledJobContext): Promise<void>;
  /** Longest a run may take before it is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
}

/** Declares a scheduled job definition (identity, like defineJob). */
export function defineScheduledJob(definition: ScheduledJobDefinition): ScheduledJobDefinition {
  return definition;
}

/** Any definition the queue runs: enqueued tenant jobs and scheduled ones. */
export type AnyJobDefinition = JobDefinition | ScheduledJobDefinition;

/** Whether a definition runs on a schedule (rather than being enqueued). */
export function isScheduledJob(definition: AnyJobDefinition): definition is ScheduledJobDefinition {
  return 'cron' in definition;
}

/** The pg-boss queue a definition's jobs live in. */
export function queueNameOf(definition: Pick<JobDefinition, 'name' | 'version'>): string {
  return `${definition.name}/v${definition.version}`;
}

/**
 * A failure with a message for the user. `permanent` failures (bad input, a missing object) are
 * not retried; others are, and the message is what the task shows if every attempt fails.
 */
export class JobError extends Error {
  readonly userMessage: string;
  readonly permanent: boolean;

  constructor(userMessage: string, options: { permanent?: boolean; cause?: unknown } = {}) {
    super(userMessage, { cause: options.cause });
    this.name = 'JobError';
    this.userMessage = userMessage;
    this.permanent = options.permanent ?? false;
  }
}
