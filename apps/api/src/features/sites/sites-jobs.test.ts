import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileDownloadType, ProductId, TaskObjectType, ZSiteTaskStarted, type TFileDownload } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, grant, postReport, reportRows, RURAL_KANSAS, siteRows } from '../../../test/report-fixtures';
import { auditLog, siteComments } from '../../db/schema/index';
import { call, seedSites, waitForTask } from './sites-test-fixtures';

describe.each(await testDatabaseKinds())('sites API (jobs) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const audits = (accountId: number, action: string) =>
    ctx.deps.database.db.select().from(auditLog).where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, action)));
  const remove = (user: TestUser, body: unknown, query = '') => call(user, 'POST', `/api/sites/delete${query ? `?${query}` : ''}`, body);
  const removeText = (user: TestUser, text: string) =>
    user.request({ method: 'POST', url: '/api/sites/delete?v=1', headers: { 'content-type': 'text/plain' }, payload: text });

  it('deletes sites as a job: progress on the task, reports and comments go too, the request is audited', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 5 });
    const ids = await seedSites(ctx, admin.account.id, Array.from({ length: 2503 }, () => ({})));
    expect((await postReport(admin, { reportType: 0, siteId: ids[0] })).statusCode).toBe(200);
    await call(admin, 'POST', `/api/sites/${ids[1]}/comments`, { comment: 'bye' });
    const keep = ids.pop()!;

    const started = await remove(admin, ids);
    expect(started.statusCode, started.body).toBe(200);
    const { taskStatusId, count } = ZSiteTaskStarted.parse(started.json());
    expect(count).toBe(2502);
    const task = await waitForTask(admin, taskStatusId);
    expect(task).toMatchObject({ currentStatus: 2, countTotal: 2502, countCompleted: 2502, message: 'Delete sites', detail: '2502 sites have been deleted.', objectType: TaskObjectType.Site });

    expect((await siteRows(ctx, admin.account.id)).map((row) => row.siteId)).toEqual([keep]);
    expect(await reportRows(ctx, admin.account.id)).toEqual([]);
    expect(await ctx.deps.database.db.select().from(siteComments).where(eq(siteComments.accountId, admin.account.id))).toEqual([]);
    const [requested] = await audits(admin.account.id, 'sites.delete.requested');
    expect(requested).toMatchObject({ actorUserId: admin.user.id, targetId: String(taskStatusId) });
    expect(requested!.detail).toMatchObject({ count: 2502, reason: null });
    expect(await audits(admin.account.id, 'sites.deleted')).toHaveLength(1);
  });

  it('takes the ids typed into "delete by ids": split on commas or whitespace', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const [a, b, c] = await seedSites(ctx, admin.account.id, [{}, {}, {}]);
    const started = await removeText(admin, ` ${a},${b}\n ${a} `);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ count: 2 });
    await waitForTask(admin, started.json().taskStatusId);
    expect((await siteRows(ctx, admin.account.id)).map((row) => row.siteId)).toEqual([c]);
  });

  it('names malformed ids and deletes nothing; unknown or foreign ids answer 404 and delete nothing', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const [mine] = await seedSites(ctx, admin.account.id, [{}]);
    const [theirs] = await seedSites(ctx, stranger.account.id, [{}]);

    const typed = await removeText(admin, `${mine}, 12x abc -3 ${mine}`);
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ message: "Nothing was deleted. These are not valid site ids: '12x', 'abc', '-3'.", details: { invalid: ['12x', 'abc', '-3'] } });
    const listed = await remove(admin, [mine, 1.5, 'x1']);
    expect(listed.statusCode).toBe(400);
    expect(listed.json().message).toBe("Nothing was deleted. These are not valid site ids: '1.5', 'x1'.");
    const empty = await remove(admin, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('There are no sites selected.');

    const foreign = await remove(admin, [mine, theirs]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: `This site was not found: ${theirs}. Nothing was deleted.`, details: { siteIds: [theirs] } });
    expect(await siteRows(ctx, admin.account.id)).toHaveLength(1);
    expect(await siteRows(ctx, stranger.account.id)).toHaveLength(1);
    expect((await call(admin, 'GET', '/api/users/taskstatuses')).json()).toEqual([]);
  });

  it('is for administrators; the support path needs a reason, which is audited', async () => {
    const customer = await createTestUser(ctx, { userType: 3 });
    const standard = await createTestUser(ctx, { userType: 2, inAccount: customer.account });
    const [siteId] = await seedSites(ctx, customer.account.id, [{}]);
    const refused = await remove(standard, [siteId]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to delete sites.');

    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } });
    const noReason = await remove(staff, [siteId]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: 'Please give a reason for deleting the sites.', field: 'reason' });
    const started = await remove(staff, [siteId], 'reason=Customer%20Request');
    expect(started.statusCode, started.body).toBe(200);
    expect(await waitForTask(staff, started.json().taskStatusId)).toMatchObject({ currentStatus: 2, detail: '1 site has been deleted.' });
    expect(await siteRows(ctx, customer.account.id)).toEqual([]);
    const [entry] = await audits(customer.account.id, 'sites.delete.requested');
    expect(entry).toMatchObject({ actorUserId: staff.user.id, impersonatorUserId: staff.user.id });
    expect(entry!.detail).toMatchObject({ reason: 'Customer Request', count: 1, siteIds: [siteId] });
  });

  /** Downloads a finished task's file as text. */
  async function csvOf(user: TestUser, taskStatusId: number): Promise<{ file: TFileDownload; lines: string[] }> {
    const task = await waitForTask(user, taskStatusId);
    expect(task).toMatchObject({ currentStatus: 2, detail: 'Your site CSV file is ready in File Downloads.', objectType: TaskObjectType.FileDownload });
    const files = (await user.request({ method: 'GET', url: '/api/users/files' })).json() as TFileDownload[];
    const file = files.find((entry) => entry.fileDownloadID === task.objectID)!;
    const download = await user.request({ method: 'GET', url: `/api/users/files/${task.objectID}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    return { file, lines: download.body.replace(/^\uFEFF/, '').split('\r\n') };
  }

  it('exports every site as CSV into File Downloads, with the report summary, defusing formulas', async () => {
    const admin = await createTestUser(ctx, { userType: 3, account: { externalIdName: 'Store #' } });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 2 });
    const [first, second] = await seedSites(ctx, admin.account.id, [
      { siteName: '=HYPERLINK("http://evil")', ...CHICAGO, city: 'Chicago', state: 'IL', tags: ['a', 'b'], notes: '+1 note, with comma', externalId: '@ext', ct: 2, geocodeType: 'MANUAL' },
      { siteName: 'Plain', ...RURAL_KANSAS, ct: 0 },
    ]);
    const reported = await postReport(admin, { reportType: 0, siteId: first });
    const score = (await call(admin, 'GET', `/api/sites/${first}`)).json().s['2'] as number;

    const started = await call(admin, 'POST', '/api/sites/csv?forAccount=true&reportSummary=true');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ count: 2 });
    const { file, lines } = await csvOf(admin, started.json().taskStatusId);
    expect(file).toMatchObject({ fileDownloadType: FileDownloadType.GeocodeAndScore, userId: admin.user.id });
    expect(file.filename).toMatch(/^Sites \d{4}-\d\d-\d\d\.csv$/);
    expect(lines[0]).toBe(
      'Site ID,Site Name,Store #,Street,Street 2,City,State,Zip Code,County,Country,Latitude,Longitude,Community Type,Tags,Notes,Classification IDs,Geocode Type,Created (UTC),' +
        'Release Year,Report Type,Features,Reported-crime interpolation Score,Composite Score,Incident density Score,Predictors only Score,Last Report Ran (UTC)',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${first},"'=HYPERLINK\\(""http://evil""\\)",'@ext,,,Chicago,IL,,,United States,${CHICAGO.latitude},${CHICAGO.longitude},Urban,a;b,"'\\+1 note, with comma",,MANUAL,\\d{4}-\\d\\d-\\d\\dT[^,]+,2026,Basic,,,${score},,,${reported.json().created.replace(/\./g, '\\.')}$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^${second},Plain,.*,Rural,,,,,[^,]+,,,,,,,,$`));
    expect(lines[3]).toBe('');
  });

  it('exports the selected sites only, of one country; foreign ids answer 404', async () => {
    const user = await createTestUser(ctx, { userType: 1 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const [a, b, c] = await seedSites(ctx, user.account.id, [{ siteName: 'A' }, { siteName: 'B', countryId: 2, latitude: 43.65, longitude: -79.38 }, { siteName: 'C' }]);
    const [foreign] = await seedSites(ctx, stranger.account.id, [{}]);
    const started = await call(user, 'POST', '/api/sites/csv?country=1', [c, b, a]);
    expect(started.statusCode, started.body).toBe(200);
    const { lines } = await csvOf(user, started.json().taskStatusId);
    expect(lines[0]).not.toContain('Release Year');
    expect(lines.slice(1, -1).map((line) => line.split(',')[1])).toEqual(['A', 'C']);

    const refused = await call(user, 'POST', '/api/sites/csv', [a, foreign]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(`This site was not found: ${foreign}.`);
    expect((await call(user, 'POST', '/api/sites/csv', [])).json().message).toBe('There are no sites selected.');
  });
});
