import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages, TaskState } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { auditLog, jobRuns } from '../../db/schema/index';
import { recordAudit } from '../audit/audit.repository';
import { completeTask, createTask } from '../tasks/tasks.service';
import { findTaskStatus } from '../tasks/tasks.repository';
import { chunksOf } from './job-context';
import { defineJob, defineScheduledJob, JobError, queueNameOf, ZJobPayloadBase, type JobDefinition } from './job-definition';
import type { JobQueue } from './job-queue';
import { createJobQueue } from './queue';

const ZTestPayload = ZJobPayloadBase.extend({ marker: z.string() });
type TestPayload = z.infer<typeof ZTestPayload>;

/** What the test handlers did, per marker. */
const calls = new Map<string, number[]>();
const record = (marker: string, attempt: number) => calls.set(marker, [...(calls.get(marker) ?? []), attempt]);

const testJobs: JobDefinition<TestPayload>[] = [
  defineJob({
    name: 'test-once',
    version: 1,
    schema: ZTestPayload,
    retryLimit: 2,
    async handler(context) {
      record(context.payload.marker, context.attempt);
      // Fails the first attempt after its effects would have been prepared, then succeeds.
      if (context.payload.marker.startsWith('flaky') && context.attempt === 0) throw new Error('transient');
      await context.commit(async (tx) => {
        await recordAudit(tx, { accountId: context.payload.accountId, actorUserId: null, action: `test.once.${context.payload.marker}` });
        const { accountId, taskStatusId } = context.payload;
        if (taskStatusId) await completeTask(tx, accountId, taskStatusId, { detail: 'Done.' }, context.deps.now());
        return { done: true };
      });
    },
  }),
  defineJob({
    name: 'test-fail',
    version: 1,
    schema: ZTestPayload,
    retryLimit: 1,
    async handler(context) {
      record(context.payload.marker, context.attempt);
      if (context.payload.marker.startsWith('permanent')) throw new JobError('That site no longer exists.', { permanent: true });
      throw new Error('database exploded: secret internals');
    },
  }),
  defineJob({
    name: 'test-chunks',
    version: 1,
    schema: ZTestPayload,
    retryLimit: 2,
    async handler(context) {
      record(context.payload.marker, context.attempt);
      const items = Array.from({ length: 10 }, (_, i) => i);
      await context.chunks({
        total: items.length,
        source: chunksOf(items, 3),
        durable: true,
        handle: async (chunk, index, tx) => {
          await recordAudit(tx, { accountId: context.payload.accountId, actorUserId: null, action: 'test.chunk', targetId: String(index), detail: { items: [...chunk] } });
          // The first attempt dies after two chunks have committed.
          if (context.attempt === 0 && index === 2) throw new Error('crash in chunk 2');
        },
      });
      const result = await context.commit(async () => ({ chunks: 4 }));
      expect(result).toEqual({ chunks: 4 });
    },
  }),
  defineJob({
    name: 'test-expire',
    version: 1,
    schema: ZTestPayload,
    retryLimit: 0,
    expireInSeconds: 1,
    async handler(context) {
      record(context.payload.marker, context.attempt);
      // Outlives its expiry without reporting anything: only the dead-letter queue can fail its task.
      await new Promise((resolve) => setTimeout(resolve, 2500));
    },
  }),
];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job definitions registry', () => {
  const fakeDeps = {} as Parameters<typeof createJobQueue>[0];

  it('refuses a name registered twice, a definition without a handler, and bad names', () => {
    const job = testJobs[0]!;
    expect(() => createJobQueue(fakeDeps, [job, { ...job }])).toThrow('Job definition "test-once" is registered twice');
    const withoutHandler = { name: 'no-handler', version: 1, schema: ZTestPayload } as unknown as JobDefinition;
    expect(() => createJobQueue(fakeDeps, [withoutHandler])).toThrow('Job definition "no-handler" has no handler');
    expect(() => createJobQueue(fakeDeps, [{ ...job, name: 'Bad Name' }])).toThrow(/kebab-case/);
    expect(() => createJobQueue(fakeDeps, [{ ...job, version: 0 }])).toThrow(/version/);
  });

  it('refuses a scheduled definition without a five-field cron expression', () => {
    const scheduled = defineScheduledJob({ name: 'test-housekeeping', version: 1, cron: '0 * * * *', handler: async () => undefined });
    expect(() => createJobQueue(fakeDeps, [{ ...scheduled, cron: 'hourly' }])).toThrow('Job definition "test-housekeeping" needs a five-field cron expression');
  });

  it('names queues by name and version', () => {
    expect(queueNameOf({ name: 'activity-export', version: 1 })).toBe('activity-export/v1');
  });
});

describe.each(await testDatabaseKinds())('job queue on %s', (kind) => {
  let ctx: TestContext;
  let queue: JobQueue;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const { jobs: _appQueue, ...deps } = ctx.deps;
    queue = createJobQueue({ ...deps, config: { ...deps.config, jobs: { pollSeconds: 0.5, heartbeatSeconds: 10, retryDelaySeconds: 0 } } }, testJobs);
    await queue.start({ work: true });
  });
  afterAll(async () => {
    await queue?.stop();
    await ctx?.close();
  });

  const db = () => ctx.deps.database.db;
  const auditCount = async (accountId: number, action: string) =>
    (await db().select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, action)))).length;

  it('validates the payload on enqueue and refuses unknown jobs', async () => {
    await expect(ctx.deps.jobs.enqueue('activity-export', { accountId: 1, taskStatusId: 2 })).rejects.toThrow('Invalid payload for job "activity-export": userId');
    await expect(ctx.deps.jobs.enqueue('activity-export', { accountId: 'one', userId: 1, taskStatusId: 2 })).rejects.toThrow(/accountId/);
    await expect(queue.enqueue('test-once', { accountId: 1 })).rejects.toThrow(/marker/);
    await expect(queue.enqueue('no-such-job', { accountId: 1 })).rejects.toThrow('Unknown job "no-such-job"');
    await expect(ctx.deps.jobs.enqueue('auth-retention', {})).rejects.toThrow('Job "auth-retention" runs on its schedule and is not enqueued');
  });

  it('retries a failed attempt; effects committed with job_runs happen once; the task completes', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const task = await createTask(db(), { accountId: user.account.id, userId: user.user.id, message: 'Test' }, ctx.clock.now());
    const marker = `flaky-${task.id}-${kind}`;
    await queue.enqueue('test-once', { accountId: user.account.id, taskStatusId: task.id, marker });
    await waitFor(() => auditCount(user.account.id, `test.once.${marker}`), (n) => n > 0);
    expect(calls.get(marker)).toEqual([0, 1]);
    expect(await auditCount(user.account.id, `test.once.${marker}`)).toBe(1);
    const runs = await db().select().from(jobRuns).where(eq(jobRuns.accountId, user.account.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.jobKey).toMatch(/^test-once:[0-9a-f-]{36}$/);
    expect(runs[0]!.result).toEqual({ done: true });
    expect(await findTaskStatus(db(), user.account.id, task.id)).toMatchObject({ currentStatus: TaskState.Complete, detail: 'Done.' });
  });

  it('a deterministic key de-duplicates: the same key enqueues one job', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const marker = `keyed-${user.account.id}-${kind}`;
    const first = await queue.enqueue('test-once', { accountId: user.account.id, marker }, { key: marker });
    const second = await queue.enqueue('test-once', { accountId: user.account.id, marker }, { key: marker });
    expect(second).toBe(first);
    await waitFor(() => auditCount(user.account.id, `test.once.${marker}`), (n) => n > 0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.get(marker)).toEqual([0]);
  });

  it('a job that finally fails marks its task -1 with a plain message, never the internals', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const task = await createTask(db(), { accountId: user.account.id, userId: user.user.id, message: 'Test' }, ctx.clock.now());
    const marker = `always-${task.id}-${kind}`;
    await queue.enqueue('test-fail', { accountId: user.account.id, taskStatusId: task.id, marker });
    const failed = await waitFor(() => findTaskStatus(db(), user.account.id, task.id), (row) => row?.currentStatus === TaskState.Failed);
    expect(failed).toMatchObject({ currentStatus: -1, detail: Messages.internal });
    expect(calls.get(marker)).toEqual([0, 1]); // retryLimit 1: two attempts
  });

  it('a job pg-boss gives up on without the handler reporting (it expired) fails its task from the dead-letter queue', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const task = await createTask(db(), { accountId: user.account.id, userId: user.user.id, message: 'Test' }, ctx.clock.now());
    const marker = `expire-${task.id}-${kind}`;
    await queue.enqueue('test-expire', { accountId: user.account.id, taskStatusId: task.id, marker });
    const failed = await waitFor(() => findTaskStatus(db(), user.account.id, task.id), (row) => row?.currentStatus === TaskState.Failed);
    expect(failed).toMatchObject({ currentStatus: -1, detail: Messages.internal });
    expect(calls.get(marker)).toEqual([0]);
  });

  it('a permanent failure is not retried and shows its own message', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const task = await createTask(db(), { accountId: user.account.id, userId: user.user.id, message: 'Test' }, ctx.clock.now());
    const marker = `permanent-${task.id}-${kind}`;
    await queue.enqueue('test-fail', { accountId: user.account.id, taskStatusId: task.id, marker });
    const failed = await waitFor(() => findTaskStatus(db(), user.account.id, task.id), (row) => row?.currentStatus === TaskState.Failed);
    expect(failed).toMatchObject({ detail: 'That site no longer exists.' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.get(marker)).toEqual([0]);
  });

  it('durable chunks: a retry skips committed chunks, every chunk commits once, progress reaches the total', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const task = await createTask(db(), { accountId: user.account.id, userId: user.user.id, message: 'Chunks' }, ctx.clock.now());
    const marker = `chunks-${task.id}-${kind}`;
    await queue.enqueue('test-chunks', { accountId: user.account.id, taskStatusId: task.id, marker });
    await waitFor(() => db().select().from(jobRuns).where(eq(jobRuns.accountId, user.account.id)), (rows) => rows.length === 5);
    expect(calls.get(marker)).toEqual([0, 1]);
    const chunks = await db().select().from(auditLog).where(and(eq(auditLog.accountId, user.account.id), eq(auditLog.action, 'test.chunk')));
    expect(chunks.map((row) => row.targetId).sort()).toEqual(['0', '1', '2', '3']);
    expect(chunks.flatMap((row) => (row.detail as { items: number[] }).items).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await findTaskStatus(db(), user.account.id, task.id)).toMatchObject({ countCompleted: 10, countTotal: 10 });
  });

  it('jobs enqueued in a transaction vanish with it when it rolls back, and run once it commits', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const rolledBack = `rollback-${user.account.id}-${kind}`;
    await expect(
      queue.transaction(async (_tx, enqueue) => {
        await enqueue('test-once', { accountId: user.account.id, marker: rolledBack });
        throw new Error('request failed');
      }),
    ).rejects.toThrow('request failed');
    const committed = `commit-${user.account.id}-${kind}`;
    const taskId = await queue.transaction(async (tx, enqueue) => {
      const task = await createTask(tx, { accountId: user.account.id, userId: user.user.id, message: 'In tx' }, ctx.clock.now());
      await enqueue('test-once', { accountId: user.account.id, taskStatusId: task.id, marker: committed });
      return task.id;
    });
    await waitFor(() => auditCount(user.account.id, `test.once.${committed}`), (n) => n > 0);
    expect(taskId).toBeGreaterThan(0);
    expect(calls.get(rolledBack)).toBeUndefined();
    const stored = await db().execute(sql`select count(*)::int as n from pgboss.job where data->>'marker' = ${rolledBack}`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
