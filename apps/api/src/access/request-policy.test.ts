import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, FileDownloadType, Messages, SiteMessages, TaskObjectType } from '@riskatlas/domain';
import { createTestContext, createTestUser, unique, type TestContext, type TestUser } from '../../test/context';
import { testDatabaseKinds } from '../../test/databases';
import { CHICAGO, grant, postReport, remaining, reportRows } from '../../test/report-fixtures';
import { fileDownloads, taskStatuses } from '../db/schema/index';
import { updateAccountSettings } from '../features/accounts/index';
import { hashPassword } from '../lib/passwords';
import { insertFileDownload } from '../platform/files/files.repository';
import { createTask } from '../platform/tasks/tasks.service';
import { routeTable } from './request-auth';

/** Private routes that are not GETs yet change nothing, so read-only callers may use them. */
const ALLOWED_FOR_READ_ONLY = [
  'POST /api/account/activity/export',
  'POST /api/auth/impersonate',
  'POST /api/auth/impersonate/end',
  'POST /api/auth/keepalive',
  'POST /api/map/token',
  'POST /api/places/autocomplete',
  'POST /api/places/details',
  'POST /api/reports/bulkdownload',
  'POST /api/reports/counts',
  'POST /api/reports/email',
  'POST /api/reports/excelsummary',
  'POST /api/reports/summaryinfo',
  'POST /api/reports/validatemethodologies',
  'POST /api/sites/atlocation/:id',
  'POST /api/sites/csv',
  'POST /api/sites/geocode',
  'POST /api/sites/import/queue/rescoreids',
  'POST /api/sites/import/queue/validatemethodologies',
  'POST /api/sites/pddateranges',
  'POST /api/sites/withexternalid',
  'POST /api/sites/withname',
  'POST /api/users/prefs',
  'POST /api/users/taskstatuses/touch',
];

const PASSWORD = 'correct-horse-battery';

describe.each(await testDatabaseKinds())('what a caller may do now, on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Every private API route that is not a GET, as "METHOD /path", with what it declares. */
  const changingRoutes = () =>
    routeTable(ctx.app).filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && !route.config.public && route.url.toLowerCase().startsWith('/api/'));
  const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  it('has every private route that is not a GET marked as a change, or allowed to read-only callers for a stated reason', () => {
    const routes = changingRoutes();
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((route) => !route.config.write && !route.config.readOnlyAllowed?.trim()).map(name)).toEqual([]);
    expect(routes.filter((route) => route.config.write && route.config.readOnlyAllowed).map(name)).toEqual([]);
    expect(routes.filter((route) => route.config.readOnlyAllowed).map(name).sort()).toEqual(ALLOWED_FOR_READ_ONLY);
  });

  it('refuses read-only users and read-only accounts every route that changes data, before reading the body', async () => {
    const readOnlyUser = await createTestUser(ctx, { userType: 1 });
    const readOnlyAccountAdmin = await createTestUser(ctx, { userType: 3, account: { readOnly: true } });
    const writes = changingRoutes().filter((route) => route.config.write);
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '1');
      // A body no route accepts: the refusal must come before validation.
      const payload = '{"not": "valid for any route"';
      const headers = { 'content-type': 'application/json' };
      const asUser = await readOnlyUser.request({ method: route.method as 'POST', url, payload, headers });
      expect(asUser.statusCode, name(route)).toBe(403);
      expect(asUser.json().code, name(route)).toBe(ErrorCode.ReadOnly);
      expect([Messages.readOnlyUser, route.config.readOnlyUserMessage]).toContain(asUser.json().message);
      const asAccount = await readOnlyAccountAdmin.request({ method: route.method as 'POST', url, payload, headers });
      expect(asAccount.statusCode, name(route)).toBe(403);
      expect(asAccount.json(), name(route)).toEqual({ code: ErrorCode.ReadOnly, message: Messages.readOnlyAccount });
    }
  });

  /** A stored file and a finished task of `owner`, as a CSV export leaves them. */
  async function fileAndTask(owner: TestUser) {
    const { db } = ctx.deps.database;
    const storageKey = `accounts/${owner.account.id}/downloads/${unique()}.csv`;
    const { size } = await ctx.deps.fileStore.put(storageKey, Buffer.from('id\n1\n'), 'text/csv');
    const file = await insertFileDownload(db, {
      accountId: owner.account.id,
      userId: owner.user.id,
      filename: 'Sites.csv',
      fileDownloadType: FileDownloadType.ExcelSummary,
      contentType: 'text/csv',
      storageKey,
      size,
      createdAt: ctx.clock.now(),
    });
    const task = await createTask(db, { accountId: owner.account.id, userId: owner.user.id, message: 'Export', objectType: TaskObjectType.FileDownload }, ctx.clock.now());
    const taskId = task.id;
    const stillThere = async () => {
      const files = await db.select().from(fileDownloads).where(and(eq(fileDownloads.accountId, owner.account.id), eq(fileDownloads.id, file.id)));
      const tasks = await db.select().from(taskStatuses).where(and(eq(taskStatuses.accountId, owner.account.id), eq(taskStatuses.id, taskId)));
      return files.length + tasks.length;
    };
    return { fileId: file.id, taskId, stillThere };
  }

  it('keeps read-only users and accounts from deleting their files and tasks, in their own words', async () => {
    const readOnlyUser = await createTestUser(ctx, { userType: 1 });
    const readOnlyAccount = await createTestUser(ctx, { userType: 2, account: { readOnly: true } });
    for (const [user, message] of [
      [readOnlyUser, Messages.readOnlyUser],
      [readOnlyAccount, Messages.readOnlyAccount],
    ] as const) {
      const { fileId, taskId, stillThere } = await fileAndTask(user);
      const files = await user.request({ method: 'POST', url: '/api/users/files/delete', payload: [fileId] });
      expect(files.statusCode).toBe(403);
      expect(files.json()).toEqual({ code: ErrorCode.ReadOnly, message });
      const tasks = await user.request({ method: 'POST', url: '/api/users/taskstatuses/delete', payload: [taskId] });
      expect(tasks.statusCode).toBe(403);
      expect(tasks.json()).toEqual({ code: ErrorCode.ReadOnly, message });
      expect(await stillThere()).toBe(2);
      // What changes nothing still works: marking the task seen, saving a display preference.
      expect((await user.request({ method: 'POST', url: '/api/users/taskstatuses/touch?seen=true', payload: [taskId] })).statusCode).toBe(200);
      expect((await user.request({ method: 'POST', url: '/api/users/prefs?type=appSettings', payload: { sideNavExpanded: true } })).statusCode).toBe(200);
    }
  });

  it("tells read-only users who try to comment in the product's words", async () => {
    const readOnlyUser = await createTestUser(ctx, { userType: 1 });
    const response = await readOnlyUser.request({ method: 'POST', url: '/api/sites/1/comments', payload: { comment: 'Hello' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: ErrorCode.ReadOnly, message: SiteMessages.readOnlyComments });
  });

  /** A user with a password, in a new account or in `account`. */
  async function personWithPassword(options: Parameters<typeof createTestUser>[1] = {}) {
    const email = `person-${unique()}@example.test`;
    const person = await createTestUser(ctx, { ...options, user: { email, passwordHash: await hashPassword(PASSWORD), ...options.user } });
    return { ...person, email };
  }
  const signIn = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  const maintenance = { code: ErrorCode.AccountMaintenance, message: Messages.accountUnderMaintenance };

  it('refuses sign-in to the users of an account under maintenance, once the password is right', async () => {
    const person = await personWithPassword({ userType: 3, account: { underMaintenance: true } });
    const refused = await signIn(person.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(maintenance);
    expect(refused.cookies.find((cookie) => cookie.name === 'ra_session')).toBeUndefined();
    // A wrong password learns nothing about the account.
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: 'wrong-password-1' } });
    expect(wrong.json().code).toBe(ErrorCode.InvalidCredentials);
    await updateAccountSettings(ctx.deps.database.db, person.account.id, { underMaintenance: false }, ctx.clock.now());
    expect((await signIn(person.email)).statusCode).toBe(200);
  });

  it('refuses a signed-in user every read and change once the account goes under maintenance, and nothing is bought', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, user.account.id, { 0: 3 });
    const before = await remaining(user);
    expect((await user.request({ method: 'GET', url: '/api/sites' })).statusCode).toBe(200);

    await updateAccountSettings(ctx.deps.database.db, user.account.id, { underMaintenance: true }, ctx.clock.now());
    for (const [method, url] of [
      ['GET', '/api/users/current'],
      ['GET', '/api/sites'],
      ['GET', '/api/account/licenses'],
      ['POST', '/api/auth/keepalive'],
    ] as const) {
      const response = await user.request({ method, url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(maintenance);
    }
    const bought = await postReport(user, { reportType: 0, siteName: `Maintenance ${unique()}`, ...CHICAGO });
    expect(bought.statusCode).toBe(403);
    expect(bought.json()).toEqual(maintenance);
    // The session check still answers, so the app can sign the user out with the reason.
    const session = await user.request({ method: 'GET', url: '/api/users/session' });
    expect(session.json()).toMatchObject({ status: 1, accountUnderMaintenance: true });

    await updateAccountSettings(ctx.deps.database.db, user.account.id, { underMaintenance: false }, ctx.clock.now());
    expect(await reportRows(ctx, user.account.id)).toEqual([]);
    expect(await remaining(user)).toEqual(before);
  });

  it('lets provider staff work in an account under maintenance, their own or one they act in', async () => {
    const staff = await personWithPassword({ userType: 4, account: { isProvider: true, underMaintenance: true } });
    const signedIn = await signIn(staff.email);
    expect(signedIn.statusCode).toBe(200);
    expect((await staff.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(200);

    const customer = await createTestUser(ctx, { userType: 3, account: { underMaintenance: true } });
    await grant(ctx, customer.account.id, { 0: 2 });
    expect((await customer.request({ method: 'GET', url: '/api/sites' })).json()).toEqual(maintenance);
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } })).statusCode).toBe(200);
    expect((await staff.request({ method: 'GET', url: '/api/sites' })).statusCode).toBe(200);
    const bought = await postReport(staff, { reportType: 0, siteName: `Support ${unique()}`, ...CHICAGO });
    expect(bought.statusCode).toBe(200);
    expect(await reportRows(ctx, customer.account.id)).toHaveLength(1);
  });
});
