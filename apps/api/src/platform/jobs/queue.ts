import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type ConstructorOptions,
  type Db as IDatabase,
  type DrizzleTransactionLike,
  type Job,
  type Queue,
  type SendOptions,
} from 'pg-boss';
import { Messages } from '@riskatlas/domain';
import { AppError } from '../../lib/app-error';
import { failTask, startTask } from '../tasks/tasks.service';
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
import { buildRegistry } from './job-registry';

/** Where jobs that failed for good land; its worker fails their task if nothing else did. */
const DEAD_LETTER_QUEUE = 'jobs/dead-letter';

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_EXPIRE_SECONDS = 3600;
/** Kept after completion, so a deterministic key still de-duplicates for a week. */
const KEEP_COMPLETED_SECONDS = 7 * 86_400;
const RETRY_DELAY_MAX_SECONDS = 600;
/** How long stop() lets handlers in flight finish before abandoning them to a retry. */
const STOP_GRACE_MS = 20_000;
/** Scheduled jobs: retries of a failed run (the next occurrence comes anyway), longest run, how long finished runs are kept. */
const SCHEDULED_RETRY_LIMIT = 2;
const SCHEDULED_EXPIRE_SECONDS = 900;
const SCHEDULED_KEEP_SECONDS = 86_400;
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

/** The plain message a failed task shows: the error's own words when meant for users, else a generic one. */
function userMessageOf(error: unknown): string {
  if (error instanceof JobError) return error.userMessage;
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  return Messages.internal;
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
 * The durable job queue on pg-boss, in the app's own database: PGlite through pg-boss's built-in
 * adapter on the shared instance, or a pool of its own on PostgreSQL. Jobs survive restarts; a job
 * whose process died stops heartbeating and is retried (after the heartbeat interval plus one
 * supervisor pass); failures retry with exponential backoff; a job that fails for good marks its
 * task failed (on its last attempt, or from the dead-letter queue when the process died on it).
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
  /** This process's worker per queue, to wake it when this process enqueues. */
  const workers = new Map<string, string>();

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
    const sendOptions: SendOptions = {};
    if (options.key !== undefined) sendOptions.id = uuidFromKey(`${queueNameOf(definition)}:${options.key}`);
    if (options.startAfter) sendOptions.startAfter = options.startAfter;
    return { queue: queueNameOf(definition), data: parsed.data as object, sendOptions };
  }

  async function send(prepared: ReturnType<typeof prepare>, on?: IDatabase): Promise<string> {
    const id = await bossOrThrow().send(prepared.queue, prepared.data, on ? { ...prepared.sendOptions, db: on } : prepared.sendOptions);
    // A deterministic id that already exists inserts nothing and answers null: that job is the one.
    const result = id ?? prepared.sendOptions.id;
    if (!result) throw new Error(`The job queue did not accept a "${prepared.queue}" job`);
    return result;
  }

  function wake(queue: string): void {
    const workerId = workers.get(queue);
    if (workerId && boss) boss.notifyWorker(workerId);
  }

  function queueOptions(definition: JobDefinition): Omit<Queue, 'name'> {
    const backoff = settings.retryDelaySeconds > 0;
    return {
      retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: backoff,
      ...(backoff ? { retryDelayMax: RETRY_DELAY_MAX_SECONDS } : {}),
      expireInSeconds: definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      heartbeatSeconds: settings.heartbeatSeconds,
      deleteAfterSeconds: KEEP_COMPLETED_SECONDS,
      deadLetter: DEAD_LETTER_QUEUE,
    };
  }

  function scheduledQueueOptions(definition: ScheduledJobDefinition): Omit<Queue, 'name'> {
    return {
      retryLimit: SCHEDULED_RETRY_LIMIT,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: settings.retryDelaySeconds > 0,
      expireInSeconds: definition.expireInSeconds ?? SCHEDULED_EXPIRE_SECONDS,
      heartbeatSeconds: settings.heartbeatSeconds,
      deleteAfterSeconds: SCHEDULED_KEEP_SECONDS,
    };
  }

  async function ensureQueue(instance: PgBoss, name: string, options: Omit<Queue, 'name'>): Promise<void> {
    // create_queue does nothing for an existing queue; the update then applies changed settings.
    await instance.createQueue(name, options);
    const { deadLetter, ...rest } = options;
    await instance.updateQueue(name, { ...rest, deadLetter: deadLetter ?? null });
  }

  async function runJob(definition: JobDefinition, job: Job<unknown>): Promise<object | undefined> {
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
    const context = createJobContext(deps, payload, { name: definition.name, jobId: job.id, attempt: job.retryCount, signal: job.signal });
    try {
      await definition.handler(context);
      return undefined;
    } catch (error) {
      const permanent = isPermanent(error);
      const final = permanent || job.retryCount >= (definition.retryLimit ?? DEFAULT_RETRY_LIMIT);
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

  async function runScheduled(definition: ScheduledJobDefinition, job: Job<unknown>): Promise<void> {
    try {
      await definition.handler({ deps, signal: job.signal });
    } catch (error) {
      log.warn(`scheduled job ${definition.name} ${job.id} attempt ${job.retryCount + 1} failed`, error);
      throw error;
    }
  }

  /** A job pg-boss gave up on (retries spent, or its process died on the last one): fail its task. */
  async function runDeadLetter(job: Job<unknown>): Promise<void> {
    const base = ZJobPayloadBase.safeParse(job.data);
    if (base.success && base.data.taskStatusId) {
      await failTask(db, base.data.accountId, base.data.taskStatusId, Messages.internal, deps.now());
    }
  }

  return {
    async start({ work }) {
      if (boss) return;
      const timing = Math.max(1, Math.ceil(settings.heartbeatSeconds / 2));
      const common: ConstructorOptions = {
        schema: 'pgboss',
        // Only workers supervise: expire lost jobs, retry them, keep the tables trim.
        supervise: work,
        superviseIntervalSeconds: timing,
        monitorIntervalSeconds: timing,
        // Only workers keep the schedules (see ScheduledJobDefinition).
        schedule: work,
        cronMonitorIntervalSeconds: CRON_INTERVAL_SECONDS,
        cronWorkerIntervalSeconds: CRON_INTERVAL_SECONDS,
        migrate: true,
        persistWarnings: false,
        openTelemetry: { enabled: false },
      };
      const options: ConstructorOptions =
        deps.database.kind === 'pglite' && deps.database.pglite
          ? // One connection shared with the app; no REINDEX CONCURRENTLY or vacuum catalog checks there.
            { ...common, db: fromPglite(deps.database.pglite), backend: 'pglite', reindex: false, monitorVacuum: false }
          : { ...common, connectionString: deps.database.connectionString, max: 4, application_name: 'riskatlas-jobs' };
      const instance = new PgBoss(options);
      instance.on('error', (error) => log.error('queue error', error));
      await instance.start();
      try {
        await ensureQueue(instance, DEAD_LETTER_QUEUE, { retryLimit: 5, retryDelay: Math.max(1, settings.retryDelaySeconds), retryBackoff: true, expireInSeconds: 300 });
        for (const definition of registry.values()) {
          await ensureQueue(instance, queueNameOf(definition), isScheduledJob(definition) ? scheduledQueueOptions(definition) : queueOptions(definition));
        }
        if (work) {
          for (const definition of registry.values()) {
            const queue = queueNameOf(definition);
            if (isScheduledJob(definition)) {
              await instance.schedule(queue, definition.cron, {}, { tz: 'UTC' });
              await instance.work<unknown>(queue, { pollingIntervalSeconds: CRON_INTERVAL_SECONDS, batchSize: 1 }, async ([job]) => {
                if (job) await runScheduled(definition, job);
              });
              continue;
            }
            const id = await instance.work<unknown>(
              queue,
              { pollingIntervalSeconds: settings.pollSeconds, localConcurrency: definition.concurrency ?? 1, batchSize: 1 },
              async ([job]) => (job ? runJob(definition, job) : undefined),
            );
            workers.set(queue, id);
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
          // Both drivers' execute() answers { rows }; drizzle types the result per driver, hence the cast.
          const id = await send(prepared, fromDrizzle(tx as unknown as DrizzleTransactionLike, sql));
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
      await instance.stop({ graceful: true, timeout: STOP_GRACE_MS, close: true });
    },
  };
}
