import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { Messages } from '@riskatlas/domain';
import { AppError } from '../../lib/app-error';
import { failTask, startTask } from '../tasks/tasks.service';
import { drizzleBossDb } from './drizzle-boss-db';
import { createJobContext } from './job-context';
import {
  JobError,
  ZJobPayloadBase,
  isScheduledJob,
  queueNameOf,
  type AnyJobDefinition,
  type JobDefinition,
  type JobDeps,
  type ScheduledJobDefinition,
} from './job-definition';
import type { EnqueueOptions, JobQueue } from './job-queue';
import { startJobLease } from './job-lease';
import { buildRegistry } from './job-registry';
import { pgliteBossDb } from './pglite-boss-db';

type Job = PgBoss.JobWithMetadata<unknown>;
type QueueOptions = Omit<PgBoss.Queue, 'name'>;

const SCHEMA = 'pgboss';
/** The pg-boss schema version 10.4.2 creates and understands. */
const BOSS_SCHEMA_VERSION = 24;

/** Where jobs that failed for good land; its worker fails their task if nothing else did. */
const DEAD_LETTER_QUEUE = 'jobs/dead-letter';

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_EXPIRE_SECONDS = 3600;
/**
 * Kept after completion (then archived), so a deterministic key still de-duplicates for a week.
 * pg-boss 10 sets this for the whole instance, so scheduled runs are kept as long.
 */
const KEEP_COMPLETED_SECONDS = 7 * 86_400;
/** Archived jobs are deleted a day later. */
const DELETE_ARCHIVED_SECONDS = 86_400;
/**
 * The longest wait before a retry. pg-boss 10 has no retryDelayMax: its backoff waits up to
 * delay × 2^attempt × 2, so the first delay is lowered until the last retry stays within this.
 */
const RETRY_DELAY_MAX_SECONDS = 600;
/** How long stop() lets handlers in flight finish before abandoning them to a retry. */
const STOP_GRACE_MS = 20_000;
/** Scheduled jobs: retries of a failed run (the next occurrence comes anyway), and the longest run. */
const SCHEDULED_RETRY_LIMIT = 2;
const SCHEDULED_EXPIRE_SECONDS = 900;
/**
 * How often the timekeeper looks for due schedules and sends them. Housekeeping runs hourly at
 * most, so half a minute late is nothing, and fewer polls matter on the single embedded connection.
 */
const CRON_INTERVAL_SECONDS = 30;

/** A UUID derived from a key, so the same key always names the same job (pg-boss ids are UUIDs). */
function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/** Errors that retrying cannot fix: the job fails at once with the error's message. */
function isPermanent(error: unknown): boolean {
  if (error instanceof JobError) return error.permanent;
  return error instanceof AppError && error.statusCode < 500;
}

/** Whether a failed attempt is the job's last: a permanent error, or no retry left. */
export function isFinalFailure(error: unknown, attempt: number, retryLimit: number | undefined): boolean {
  return isPermanent(error) || attempt >= (retryLimit ?? DEFAULT_RETRY_LIMIT);
}

/** The plain message a failed task shows: the error's own words when meant for users, else a generic one. */
export function userMessageOf(error: unknown): string {
  if (error instanceof JobError) return error.userMessage;
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  return Messages.internal;
}

/** The first retry delay for `retryLimit` retries, lowered so no backoff wait exceeds the maximum. */
function retryDelayFor(delaySeconds: number, retryLimit: number): number {
  if (delaySeconds <= 0 || retryLimit <= 0) return delaySeconds;
  return Math.max(1, Math.min(delaySeconds, Math.floor(RETRY_DELAY_MAX_SECONDS / 2 ** retryLimit)));
}

interface Log {
  error(message: string, error?: unknown): void;
  warn(message: string, error?: unknown): void;
}

function createLog(level: string): Log {
  const quiet = level === 'silent' || level === 'fatal';
  const text = (error: unknown) => (error instanceof Error ? error.stack ?? error.message : error === undefined ? '' : String(error));
  return {
    error: (message, error) => {
      if (!quiet) console.error(`[jobs] ${message}`, text(error));
    },
    warn: (message, error) => {
      if (!quiet && level !== 'error') console.warn(`[jobs] ${message}`, text(error));
    },
  };
}

/**
 * The durable job queue on pg-boss 10, in the app's own database: PGlite through our adapter on
 * the shared instance (pglite-boss-db.ts), or a pool of its own on PostgreSQL. Jobs survive
 * restarts; a running job's lease is renewed every half heartbeat (job-lease.ts), so a job whose
 * process died is retried after the heartbeat interval plus one supervisor pass; failures retry
 * with exponential backoff; a job that fails for good marks its task failed (on its last attempt,
 * or from the dead-letter queue when it expired or its process died on it).
 *
 * Scheduled definitions (defineScheduledJob) are registered with pg-boss's own scheduler by every
 * worker process and run there like any job, without a tenant, task or job_runs row.
 *
 * `definitions` are the jobs this queue runs: the app passes its registry, tests their own.
 */
export function createJobQueue(deps: JobDeps, definitions: readonly AnyJobDefinition[]): JobQueue {
  const registry = buildRegistry(definitions);
  const settings = deps.config.jobs;
  const log = createLog(deps.config.logLevel);
  const { db } = deps.database;
  let boss: PgBoss | undefined;
  /** This process's workers per queue, to wake them when this process enqueues. */
  const workers = new Map<string, string[]>();
  /** Aborts the signals of the attempts running in this process (expiry, or stop). */
  const running = new Set<AbortController>();

  function bossOrThrow(): PgBoss {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  }

  function prepare(name: string, payload: unknown, options: EnqueueOptions = {}) {
    const definition = registry.get(name);
    if (!definition) throw new Error(`Unknown job "${name}"`);
    if (isScheduledJob(definition)) throw new Error(`Job "${name}" runs on its schedule and is not enqueued`);
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Invalid payload for job "${name}": ${issue?.path.join('.') || 'payload'} ${issue?.message ?? ''}`.trim());
    }
    const sendOptions: PgBoss.SendOptions = {};
    if (options.key !== undefined) sendOptions.id = uuidFromKey(`${queueNameOf(definition)}:${options.key}`);
    if (options.startAfter) sendOptions.startAfter = options.startAfter;
    return { queue: queueNameOf(definition), data: parsed.data as object, sendOptions };
  }

  async function send(prepared: ReturnType<typeof prepare>, on?: PgBoss.Db): Promise<string> {
    const id = await bossOrThrow().send(prepared.queue, prepared.data, on ? { ...prepared.sendOptions, db: on } : prepared.sendOptions);
    // A deterministic id that already exists inserts nothing and answers null: that job is the one.
    const result = id ?? prepared.sendOptions.id;
    if (!result) throw new Error(`The job queue did not accept a "${prepared.queue}" job`);
    return result;
  }

  function wake(queue: string): void {
    if (!boss) return;
    for (const workerId of workers.get(queue) ?? []) boss.notifyWorker(workerId);
  }

  function queueOptions(definition: JobDefinition): QueueOptions {
    const retryLimit = definition.retryLimit ?? DEFAULT_RETRY_LIMIT;
    return {
      retryLimit,
      retryDelay: retryDelayFor(settings.retryDelaySeconds, retryLimit),
      retryBackoff: settings.retryDelaySeconds > 0,
      expireInSeconds: definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      deadLetter: DEAD_LETTER_QUEUE,
    };
  }

  function scheduledQueueOptions(definition: ScheduledJobDefinition): QueueOptions {
    return {
      retryLimit: SCHEDULED_RETRY_LIMIT,
      retryDelay: retryDelayFor(settings.retryDelaySeconds, SCHEDULED_RETRY_LIMIT),
      retryBackoff: settings.retryDelaySeconds > 0,
      expireInSeconds: definition.expireInSeconds ?? SCHEDULED_EXPIRE_SECONDS,
    };
  }

  async function ensureQueue(instance: PgBoss, name: string, options: QueueOptions): Promise<void> {
    // create_queue does nothing for an existing queue; the update then applies changed settings
    // (pg-boss 10 only sets what is given: a dead-letter queue, once set, stays).
    await instance.createQueue(name, { name, ...options });
    await instance.updateQueue(name, { name, ...options });
  }

  /** Refuses a pgboss schema from a newer pg-boss (12 was used before): 10.x would run on it unmigrated. */
  async function assertSchemaNotNewer(on: PgBoss.Db): Promise<void> {
    const present = await on.executeSql(`SELECT to_regclass('${SCHEMA}.version') IS NOT NULL AS present`, []);
    if (!(present.rows[0] as { present: boolean }).present) return;
    const { rows } = await on.executeSql(`SELECT version FROM ${SCHEMA}.version`, []);
    const version = Number((rows[0] as { version?: unknown } | undefined)?.version ?? 0);
    if (version > BOSS_SCHEMA_VERSION) {
      throw new Error(
        `The job queue's schema "${SCHEMA}" is version ${version}, made by a newer pg-boss; this build runs pg-boss 10 (schema ${BOSS_SCHEMA_VERSION}). ` +
          `Finish or drop its jobs, then DROP SCHEMA ${SCHEMA} CASCADE (see docs/decisions/0010-pg-boss-10-on-node-20.md).`,
      );
    }
  }

  /**
   * Runs one attempt with what pg-boss 12 gave and 10 does not: an AbortSignal (aborted when the
   * attempt expires or the queue stops) and a lease renewed while it runs (job-lease.ts).
   */
  async function attempt<T>(instance: PgBoss, queue: string, job: Job, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    running.add(controller);
    // pg-boss fails the attempt at its expiry and leaves the handler running: tell it to stop.
    const expiry = setTimeout(() => controller.abort(new Error('The job expired')), Math.max(1, job.expireInSeconds) * 1000);
    const lease = startJobLease(instance.getDb(), SCHEMA, queue, job, settings.heartbeatSeconds, (error) => log.warn(`could not renew the lease of job ${job.id}`, error));
    try {
      return await run(controller.signal);
    } finally {
      lease.stop();
      clearTimeout(expiry);
      running.delete(controller);
    }
  }

  async function runJob(definition: JobDefinition, job: Job, signal: AbortSignal): Promise<object | undefined> {
    const parsed = definition.schema.safeParse(job.data);
    if (!parsed.success) {
      // Data that does not fit its definition can never succeed: fail its task now, don't retry.
      log.error(`job ${definition.name} ${job.id} has an invalid payload`, parsed.error);
      const base = ZJobPayloadBase.safeParse(job.data);
      if (base.success && base.data.taskStatusId) await failTask(db, base.data.accountId, base.data.taskStatusId, Messages.internal, deps.now());
      return { failed: 'invalid payload' };
    }
    const payload = parsed.data;
    if (payload.taskStatusId) await startTask(db, payload.accountId, payload.taskStatusId, deps.now());
    const context = createJobContext(deps, payload, { name: definition.name, jobId: job.id, attempt: job.retryCount, signal, jobs: queue });
    try {
      await definition.handler(context);
      return undefined;
    } catch (error) {
      const permanent = isPermanent(error);
      const final = isFinalFailure(error, job.retryCount, definition.retryLimit);
      log.warn(`job ${definition.name} ${job.id} attempt ${job.retryCount + 1} failed${final ? ' for good' : '; it will be retried'}`, error);
      if (final && payload.taskStatusId) {
        await failTask(db, payload.accountId, payload.taskStatusId, userMessageOf(error), deps.now()).catch((failure: unknown) =>
          log.error('could not mark the task failed', failure),
        );
      }
      // A permanent failure is settled here (the task says why); throwing would only retry it.
      if (permanent) return { failed: userMessageOf(error) };
      throw error;
    }
  }

  async function runScheduled(definition: ScheduledJobDefinition, job: Job, signal: AbortSignal): Promise<void> {
    try {
      await definition.handler({ deps, signal });
    } catch (error) {
      log.warn(`scheduled job ${definition.name} ${job.id} attempt ${job.retryCount + 1} failed`, error);
      throw error;
    }
  }

  /** A job pg-boss gave up on (retries spent, it expired, or its process died on the last one): fail its task. */
  async function runDeadLetter(job: PgBoss.Job<unknown>): Promise<void> {
    const base = ZJobPayloadBase.safeParse(job.data);
    if (base.success && base.data.taskStatusId) {
      await failTask(db, base.data.accountId, base.data.taskStatusId, Messages.internal, deps.now());
    }
  }

  // runJob hands this queue to the handlers it runs (JobContext.jobs); it runs only after start.
  const queue: JobQueue = {
    async start({ work }) {
      if (boss) return;
      const timing = Math.max(1, Math.ceil(settings.heartbeatSeconds / 2));
      const common: PgBoss.ConstructorOptions = {
        schema: SCHEMA,
        // Only workers supervise: expire lost jobs, retry them, keep the tables trim.
        supervise: work,
        maintenanceIntervalSeconds: timing,
        archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
        deleteAfterSeconds: DELETE_ARCHIVED_SECONDS,
        // Only workers keep the schedules (see ScheduledJobDefinition).
        schedule: work,
        cronMonitorIntervalSeconds: CRON_INTERVAL_SECONDS,
        cronWorkerIntervalSeconds: CRON_INTERVAL_SECONDS,
        migrate: true,
      };
      // One connection shared with the app on PGlite; a pool of pg-boss's own on PostgreSQL.
      const options: PgBoss.ConstructorOptions =
        deps.database.kind === 'pglite' && deps.database.pglite
          ? { ...common, db: pgliteBossDb(deps.database.pglite) }
          : { ...common, connectionString: deps.database.connectionString, max: 4, application_name: 'riskatlas-jobs' };
      const instance = new PgBoss(options);
      instance.on('error', (error) => log.error('queue error', error));
      if (options.db) await assertSchemaNotNewer(options.db);
      await instance.start();
      try {
        if (!options.db) await assertSchemaNotNewer(instance.getDb());
        await ensureQueue(instance, DEAD_LETTER_QUEUE, { retryLimit: 5, retryDelay: Math.max(1, settings.retryDelaySeconds), retryBackoff: true, expireInSeconds: 300 });
        for (const definition of registry.values()) {
          await ensureQueue(instance, queueNameOf(definition), isScheduledJob(definition) ? scheduledQueueOptions(definition) : queueOptions(definition));
        }
        if (work) {
          for (const definition of registry.values()) {
            const queue = queueNameOf(definition);
            if (isScheduledJob(definition)) {
              await instance.schedule(queue, definition.cron, {}, { tz: 'UTC' });
              await instance.work<unknown>(queue, { pollingIntervalSeconds: CRON_INTERVAL_SECONDS, batchSize: 1, includeMetadata: true }, async ([job]) => {
                if (job) await attempt(instance, queue, job, (signal) => runScheduled(definition, job, signal));
              });
              continue;
            }
            // pg-boss 10 has no localConcurrency: one worker (one job at a time) per slot.
            const ids: string[] = [];
            for (let slot = 0; slot < (definition.concurrency ?? 1); slot += 1) {
              ids.push(
                await instance.work<unknown>(queue, { pollingIntervalSeconds: settings.pollSeconds, batchSize: 1, includeMetadata: true }, async ([job]) =>
                  job ? attempt(instance, queue, job, (signal) => runJob(definition, job, signal)) : undefined,
                ),
              );
            }
            workers.set(queue, ids);
          }
          await instance.work<unknown>(DEAD_LETTER_QUEUE, { pollingIntervalSeconds: settings.pollSeconds }, async ([job]) => {
            if (job) await runDeadLetter(job);
          });
        }
      } catch (error) {
        await instance.stop({ graceful: false }).catch(() => undefined);
        throw error;
      }
      boss = instance;
    },

    async enqueue(name, payload, options) {
      const prepared = prepare(name, payload, options);
      const id = await send(prepared);
      wake(prepared.queue);
      return id;
    },

    async transaction(work) {
      const woken = new Set<string>();
      const result = await db.transaction(async (tx) =>
        work(tx, async (name, payload, options) => {
          const prepared = prepare(name, payload, options);
          const id = await send(prepared, drizzleBossDb(tx));
          woken.add(prepared.queue);
          return id;
        }),
      );
      for (const queue of woken) wake(queue);
      return result;
    },

    async stop() {
      const instance = boss;
      if (!instance) return;
      boss = undefined;
      workers.clear();
      // pg-boss 10 waits out the grace period and then fails what still runs (to be retried); the
      // handlers themselves learn of it from their signal.
      const abandon = setTimeout(() => {
        for (const controller of running) controller.abort(new Error('The job queue stopped'));
      }, STOP_GRACE_MS);
      try {
        await instance.stop({ graceful: true, timeout: STOP_GRACE_MS, close: true });
      } finally {
        clearTimeout(abandon);
        for (const controller of running) controller.abort(new Error('The job queue stopped'));
      }
    },
  };
  return queue;
}
