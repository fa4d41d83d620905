import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskObjectType, TaskState, type TTaskStatus } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { completeTask, createTask, failTask, reportTaskProgress, startTask } from '../../platform/tasks/tasks.service';

describe.each(await testDatabaseKinds())('users/taskstatuses on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const newTask = (user: TestUser, message: string, at = ctx.clock.now()) =>
    createTask(ctx.deps.database.db, { accountId: user.account.id, userId: user.user.id, message, objectType: TaskObjectType.FileDownload }, at);
  const list = async (user: TestUser, query = '') => {
    const response = await user.request({ method: 'GET', url: `/api/users/taskstatuses?v=3${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as TTaskStatus[];
  };
  const post = (user: TestUser, url: string, ids: unknown) =>
    user.request({ method: 'POST', url, payload: JSON.stringify(ids), headers: { 'content-type': 'application/json' } });

  it("lists the caller's own tasks of the last 30 days, newest first, in the contract's shape", async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: user.account });
    const now = ctx.clock.now();
    await newTask(user, 'Too old', new Date(now.getTime() - 31 * 86_400_000));
    const older = await newTask(user, 'Older', new Date(now.getTime() - 2 * 86_400_000));
    const newer = await newTask(user, 'Newer', now);
    await newTask(colleague, 'Not mine', now);

    const tasks = await list(user);
    expect(tasks.map((task) => task.message)).toEqual(['Newer', 'Older']);
    expect(tasks[0]).toEqual({
      taskStatusId: newer.id,
      taskStatusType: 2,
      currentStatus: 0,
      countTotal: 0,
      countCompleted: 0,
      message: 'Newer',
      detail: null,
      objectType: 4,
      objectID: null,
      seen: false,
      clicked: false,
      created: now.toISOString(),
      updated: now.toISOString(),
    });
    expect(tasks[1]!.taskStatusId).toBe(older.id);
  });

  it('follows a task through waiting, progress, complete and failed as the job reports it', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const { db } = ctx.deps.database;
    const task = await newTask(user, 'Import');
    const get = async () => (await user.request({ method: 'GET', url: `/api/users/taskstatuses/${task.id}` })).json() as TTaskStatus;
    await startTask(db, user.account.id, task.id, ctx.clock.now());
    expect((await get()).currentStatus).toBe(TaskState.InProgress);
    await reportTaskProgress(db, user.account.id, task.id, { countCompleted: 40, countTotal: 100 }, ctx.clock.now());
    expect(await get()).toMatchObject({ currentStatus: 1, countCompleted: 40, countTotal: 100 });
    await completeTask(db, user.account.id, task.id, { detail: 'Done.', objectId: 77 }, ctx.clock.now());
    expect(await get()).toMatchObject({ currentStatus: 2, countCompleted: 100, detail: 'Done.', objectID: 77 });
    // A completed task is never failed afterwards (a late failure report from a retried job).
    expect(await failTask(db, user.account.id, task.id, 'Nope', ctx.clock.now())).toBe(false);
    expect((await get()).currentStatus).toBe(TaskState.Complete);

    const other = await newTask(user, 'Other');
    expect(await failTask(db, user.account.id, other.id, 'The file could not be stored.', ctx.clock.now())).toBe(true);
    const failed = (await user.request({ method: 'GET', url: `/api/users/taskstatuses/${other.id}` })).json() as TTaskStatus;
    expect(failed).toMatchObject({ currentStatus: -1, detail: 'The file could not be stored.' });
  });

  it('markSeen marks only finished tasks seen, after answering with them unseen', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const { db } = ctx.deps.database;
    const running = await newTask(user, 'Running');
    const done = await newTask(user, 'Done');
    const failed = await newTask(user, 'Failed');
    await completeTask(db, user.account.id, done.id, { detail: 'ok' }, ctx.clock.now());
    await failTask(db, user.account.id, failed.id, 'bad', ctx.clock.now());

    const first = await list(user, '&markSeen=true');
    expect(first.every((task) => !task.seen)).toBe(true);
    const second = await list(user);
    const seen = Object.fromEntries(second.map((task) => [task.taskStatusId, task.seen]));
    expect(seen).toEqual({ [running.id]: false, [done.id]: true, [failed.id]: true });

    const single = await newTask(user, 'Single');
    await completeTask(db, user.account.id, single.id, { detail: 'ok' }, ctx.clock.now());
    const read = await user.request({ method: 'GET', url: `/api/users/taskstatuses/${single.id}?markSeen=true` });
    expect(read.json().seen).toBe(false);
    expect((await user.request({ method: 'GET', url: `/api/users/taskstatuses/${single.id}` })).json().seen).toBe(true);
  });

  it('touch sets only the flags named true, on the caller’s own tasks', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: user.account });
    const a = await newTask(user, 'A');
    const b = await newTask(user, 'B');
    const theirs = await newTask(colleague, 'Theirs');

    const clicked = await post(user, '/api/users/taskstatuses/touch?clicked=true&v=1', [a.id, theirs.id]);
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toEqual({ count: 1 });
    let tasks = await list(user);
    expect(tasks.find((t) => t.taskStatusId === a.id)).toMatchObject({ clicked: true, seen: false });
    expect(tasks.find((t) => t.taskStatusId === b.id)).toMatchObject({ clicked: false, seen: false });

    await post(user, '/api/users/taskstatuses/touch?clicked=true&seen=true', [b.id]);
    tasks = await list(user);
    expect(tasks.find((t) => t.taskStatusId === b.id)).toMatchObject({ clicked: true, seen: true });
    expect((await post(user, '/api/users/taskstatuses/touch?seen=false', [a.id])).json()).toEqual({ count: 0 });
    expect((await list(colleague))[0]).toMatchObject({ clicked: false, seen: false });
  });

  it('delete removes the caller’s own tasks and ignores anyone else’s', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const colleague = await createTestUser(ctx, { userType: 3, inAccount: user.account });
    const mine = await newTask(user, 'Mine');
    const keep = await newTask(user, 'Keep');
    const theirs = await newTask(colleague, 'Theirs');
    const response = await post(user, '/api/users/taskstatuses/delete', [mine.id, theirs.id]);
    expect(response.json()).toEqual({ count: 1 });
    expect((await list(user)).map((t) => t.taskStatusId)).toEqual([keep.id]);
    expect((await list(colleague)).map((t) => t.taskStatusId)).toEqual([theirs.id]);
  });

  it("answers 404 for another user's or another account's task, and 400 for bad input", async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: user.account });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const theirs = await newTask(colleague, 'Colleague’s');
    const foreign = await newTask(stranger, 'Foreign');
    for (const id of [theirs.id, foreign.id, 999_999]) {
      const response = await user.request({ method: 'GET', url: `/api/users/taskstatuses/${id}?markSeen=true` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await user.request({ method: 'GET', url: '/api/users/taskstatuses/abc' })).statusCode).toBe(400);
    expect((await post(user, '/api/users/taskstatuses/delete', [])).statusCode).toBe(400);
    expect((await post(user, '/api/users/taskstatuses/touch?seen=true', ['x'])).statusCode).toBe(400);
  });

  it('needs a session, and the CSRF header on writes', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/taskstatuses' })).statusCode).toBe(401);
    const noCsrf = await user.request({ method: 'POST', url: '/api/users/taskstatuses/delete', payload: '[1]', headers: { 'content-type': 'application/json' }, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});
