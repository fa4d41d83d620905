import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BackdateMessages,
  BatchMessages,
  ErrorCode,
  Messages,
  ProductId,
  TaskObjectType,
  type TBackdateChart,
  type TBatch,
  type TBatchPreview,
  type TBatchStarted,
  type TTaskStatus,
} from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, grant, MID_ATLANTIC, postReport, remaining, reportRows, RURAL_KANSAS, siteName } from '../../../test/report-fixtures';
import { holdJobs } from '../../../test/held-jobs';
import { batches } from '../../db/schema/index';
import { insertSites } from '../sites/sites.repository';
import { loadJobCaller } from '../../access/job-caller';
import { createJobContext } from '../../platform/jobs/job-context';
import { consumeLicenses } from '../licenses/index';
import { BATCH_JOB, createBatchJob, type BatchPayload } from './batch.job';
import { startBatch } from './batch.service';
import { insertBatch, insertBatchSites } from './batches.repository';

const NORTH_CHICAGO = { latitude: 41.95, longitude: -87.7 } as const;
const KANSAS_CITY = { latitude: 39.1, longitude: -94.58 } as const;

describe.each(await testDatabaseKinds())('report batches on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Sites without reports, inserted directly. */
  async function sitesAt(user: TestUser, points: ReadonlyArray<{ latitude: number; longitude: number }>): Promise<number[]> {
    const rows = await insertSites(
      ctx.deps.database.db,
      points.map((point) => {
        const name = siteName('Batch');
        return { accountId: user.account.id, siteName: name, nameKey: name.toLowerCase(), countryId: 1, ...point };
      }),
    );
    return rows.map((row) => row.siteId);
  }

  const postBatch = (user: TestUser, body: Record<string, unknown>, query = '') => user.request({ method: 'POST', url: `/api/reports/batch?v=1${query ? `&${query}` : ''}`, payload: body });
  const preview = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await postBatch(user, body, 'isSimulation=true');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TBatchPreview;
  };
  const statusOf = (user: TestUser, query: string) => user.request({ method: 'GET', url: `/api/reports/batch/status?v=1&${query}` });

  /** Polls the task as the client does until it finishes (or 30 s pass), keeping every count seen. */
  async function waitForTask(user: TestUser, id: number, seen: number[] = []): Promise<TTaskStatus> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const task = (await user.request({ method: 'GET', url: `/api/users/taskstatuses/${id}` })).json() as TTaskStatus;
      seen.push(task.countCompleted);
      if (task.currentStatus === 2 || task.currentStatus === -1 || Date.now() > deadline) return task;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A site with a current report made through POST reports. */
  async function reportedSite(user: TestUser): Promise<number> {
    const [siteId] = await sitesAt(user, [CHICAGO]);
    const response = await postReport(user, { siteId, reportType: 0 });
    expect(response.statusCode, response.body).toBe(200);
    return siteId!;
  }

  it('previews the batch: duplicates, unscorable sites, ids the caller cannot see and the licence shortfall; nothing is created', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const [strangerSite] = await sitesAt(stranger, [CHICAGO]);
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 2 });
    const duplicate = await reportedSite(admin);
    const [kansas, atlantic, north] = await sitesAt(admin, [RURAL_KANSAS, MID_ATLANTIC, NORTH_CHICAGO]);

    const answer = await preview(admin, { siteIds: [duplicate, kansas, atlantic, north, strangerSite], reportType: 0 });
    expect(answer).toEqual({
      count: 2,
      duplicateReports: 1,
      duplicateSiteIds: [duplicate],
      notScorableSiteIds: [atlantic],
      notFoundSiteIds: [strangerSite],
      licenseCounts: { total: 2, nonSupplementalCount: 2 },
      licensesByProduct: { '0': 2 },
      shortfalls: [{ productId: 0, name: 'Basic', needed: 2, remaining: 1, shortBy: 1 }],
      message: null,
    });
    expect(await reportRows(ctx, admin.account.id)).toHaveLength(1);

    const refused = await postBatch(admin, { siteIds: [kansas, north], reportType: 0 });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: ErrorCode.InsufficientLicenses, message: 'Not enough Basic licences: 2 needed, 1 remaining (short by 1).' });
    expect(await ctx.deps.database.db.select().from(batches).where(eq(batches.accountId, admin.account.id))).toEqual([]);
  });

  it('says the sites already have reports when none is eligible, and creates nothing', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 5 });
    const duplicate = await reportedSite(admin);
    expect((await preview(admin, { siteIds: [duplicate], reportType: 0 })).message).toBe(BatchMessages.allSitesHaveReports);
    const refused = await postBatch(admin, { siteIds: [duplicate], reportType: 0 }, 'ignoreCounts=true');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BatchMessages.allSitesHaveReports);
    expect(await ctx.deps.database.db.select().from(batches).where(eq(batches.accountId, admin.account.id))).toEqual([]);
    expect((await remaining(admin))['0']).toBe(4);
  });

  it('asks before leaving out duplicates, then on Proceed creates one report per site, debits once per report, reports progress and e-mails the submitter', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 10 });
    const duplicate = await reportedSite(admin);
    const fresh = await sitesAt(admin, [RURAL_KANSAS, NORTH_CHICAGO, KANSAS_CITY]);
    const body = { siteIds: [duplicate, ...fresh], reportType: 0, sendEmailNotification: true };

    const asked = await postBatch(admin, body);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: ErrorCode.Conflict, details: { preview: { count: 3, duplicateReports: 1, duplicateSiteIds: [duplicate] } } });
    expect(asked.json().message).toBe('1 of the 4 selected site(s) already have a report for the current release year. Proceed to create reports for the other 3 site(s) only.');

    const started = await postBatch(admin, body, 'ignoreCounts=true');
    expect(started.statusCode, started.body).toBe(200);
    const { batchId, taskStatusId, reportsTotal } = started.json() as TBatchStarted;
    expect(reportsTotal).toBe(3);
    const counts: number[] = [];
    const task = await waitForTask(admin, taskStatusId, counts);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(task).toMatchObject({ currentStatus: 2, countTotal: 3, countCompleted: 3, detail: '3 reports created.', message: BatchMessages.taskTitle, objectType: TaskObjectType.Batch, objectID: batchId });

    const rows = await reportRows(ctx, admin.account.id);
    expect(rows.map((row) => row.siteId).sort((a, b) => a - b)).toEqual([duplicate, ...fresh].sort((a, b) => a - b));
    expect((await remaining(admin))['0']).toBe(10 - 1 - 3);

    const list = (await statusOf(admin, 'days=30')).json() as TBatch[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ batchId, userId: admin.user.id, submittedBy: 'Test User', reportsTotal: 3, reportsCompleted: 3, failed: false, detail: null, taskStatusId, batchReports: [] });
    expect(list[0]!.summary).toEqual({ releaseYear: 2026, countryCode: 'USA', reportType: 0 });
    expect(list[0]!.completedDate).not.toBeNull();
    const one = (await statusOf(admin, `batchProcessId=${batchId}`)).json() as TBatch[];
    expect(one[0]!.batchReports.map((report) => report.siteId).sort((a, b) => a - b)).toEqual([...fresh].sort((a, b) => a - b));
    expect(one[0]!.batchReports.map((report) => report.accountProductReportId).sort()).toEqual(rows.filter((row) => fresh.includes(row.siteId)).map((row) => row.accountProductReportId).sort());
    expect((await admin.request({ method: 'GET', url: `/api/reports/inbatches/${fresh[0]}?v=1` })).json()).toEqual({ batchIds: [] });

    const mail = ctx.outbox.filter((message) => message.to === admin.user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('3 reports were created');
    expect(mail[0]!.text).toContain(`${ctx.deps.config.publicUrl}/?currentPage=Batches`);

    const stranger = await createTestUser(ctx, { userType: 3 });
    expect((await statusOf(stranger, `batchProcessId=${batchId}`)).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/reports/inbatches/${fresh[0]}?v=1` })).statusCode).toBe(404);
    expect((await statusOf(stranger, 'days=30')).json()).toEqual([]);
  });

  it('replaces existing reports of the release in Replace mode (administrators), and refuses it to standard users', async () => {
    const admin = await createTestUser(ctx, { userType: 3, account: { allowBatchingByStandardUsers: true } });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 5 });
    const duplicate = await reportedSite(admin);
    const [old] = await reportRows(ctx, admin.account.id);
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account, user: { allowCreateReports: true } });
    const forbidden = await postBatch(standard, { siteIds: [duplicate], reportType: 0, duplicateReportHandlingMode: 1 }, 'isSimulation=true');
    expect(forbidden.statusCode).toBe(403);

    expect(await preview(admin, { siteIds: [duplicate], reportType: 0, duplicateReportHandlingMode: 1 })).toMatchObject({ count: 1, duplicateReports: 1, message: null });
    const started = await postBatch(admin, { siteIds: [duplicate], reportType: 0, duplicateReportHandlingMode: 1 });
    expect(started.statusCode, started.body).toBe(200);
    expect((await waitForTask(admin, (started.json() as TBatchStarted).taskStatusId)).currentStatus).toBe(2);
    const rows = await reportRows(ctx, admin.account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.accountProductReportId).not.toBe(old!.accountProductReportId);
    expect((await remaining(admin))['0']).toBe(3);
  });

  it('lets only administrators batch unless the account allows standard users, refuses read-only callers, and shows standard users their own batches', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 5 });
    const sites = await sitesAt(admin, [RURAL_KANSAS, NORTH_CHICAGO]);
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account, user: { allowCreateReports: true } });
    const refused = await postBatch(standard, { siteIds: sites, reportType: 0 }, 'isSimulation=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BatchMessages.batchingNotAllowed);
    const readOnly = await createTestUser(ctx, { userType: 1, inAccount: admin.account });
    const readOnlyAnswer = await postBatch(readOnly, { siteIds: sites, reportType: 0 });
    expect(readOnlyAnswer.statusCode).toBe(403);
    expect(readOnlyAnswer.json().message).toBe(Messages.readOnlyUser);

    const started = await postBatch(admin, { siteIds: sites, reportType: 0 });
    expect(started.statusCode, started.body).toBe(200);
    await waitForTask(admin, (started.json() as TBatchStarted).taskStatusId);
    expect((await statusOf(standard, 'days=365')).json()).toEqual([]);
    expect((await statusOf(standard, `batchProcessId=${(started.json() as TBatchStarted).batchId}`)).statusCode).toBe(404);

    const allowing = await createTestUser(ctx, { userType: 2, account: { allowBatchingByStandardUsers: true }, user: { allowCreateReports: true } });
    const own = await sitesAt(allowing, [RURAL_KANSAS]);
    await grant(ctx, allowing.account.id, { [ProductId.Basic]: 1 });
    expect((await preview(allowing, { siteIds: own, reportType: 0 })).count).toBe(1);
    const backdated = await postBatch(allowing, { siteIds: own, reportType: 0, backdateYears: [2020] }, 'isSimulation=true');
    expect(backdated.statusCode).toBe(403);
    expect(backdated.json().message).toBe(BackdateMessages.notAllowed);
  });

  it('lets provider staff add earlier releases without a fee', async () => {
    const staff = await createTestUser(ctx, { userType: 4 });
    await grant(ctx, staff.account.id, { [ProductId.Basic]: 4 });
    const sites = await sitesAt(staff, [RURAL_KANSAS, NORTH_CHICAGO]);
    const answer = await preview(staff, { siteIds: sites, reportType: 0, backdateYears: [2024], releases: { '1': 2025 } });
    expect(answer).toMatchObject({ count: 4, licensesByProduct: { '0': 4 }, shortfalls: [] });
  });

  it('answers the backdate chart: refused without the account setting, the US and Canada with the fee for end users, every country without a fee for staff', async () => {
    const plain = await createTestUser(ctx, { userType: 3 });
    expect((await plain.request({ method: 'GET', url: '/api/account/backdatechart?v=1' })).json()).toEqual({ allowed: false, message: BackdateMessages.notAllowed, entries: [] });
    const allowed = await createTestUser(ctx, { userType: 3, account: { allowBackdating: true } });
    const chart = (await allowed.request({ method: 'GET', url: '/api/account/backdatechart?v=1' })).json() as TBackdateChart;
    expect(chart.allowed).toBe(true);
    expect(new Set(chart.entries.map((entry) => entry.countryId))).toEqual(new Set([1, 2]));
    expect(chart.entries.filter((entry) => entry.countryId === 1).map((entry) => entry.releaseYear)).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016]);
    expect(chart.entries.every((entry) => entry.feeProductId === ProductId.BackdateFee && entry.feeLicenses === 1)).toBe(true);
    const staff = await createTestUser(ctx, { userType: 4 });
    const staffChart = (await staff.request({ method: 'GET', url: '/api/account/backdatechart?v=1' })).json() as TBackdateChart;
    expect(new Set(staffChart.entries.map((entry) => entry.countryId))).toEqual(new Set([1, 2, 3, 5, 6]));
    expect(staffChart.entries.every((entry) => entry.feeProductId === null && entry.feeLicenses === 0)).toBe(true);
  });

  it("fails the batch with the ledger's words when licences run out between chunks; the reports already created stand", async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 3 });
    const sites = await sitesAt(admin, [RURAL_KANSAS, NORTH_CHICAGO, KANSAS_CITY]);
    const { db } = ctx.deps.database;
    // The job is held back from the queue and run here, one report per chunk.
    const holder = holdJobs<BatchPayload>(db);
    const caller = await loadJobCaller(db, { accountId: admin.account.id, userId: admin.user.id, impersonating: false });
    const started = await startBatch({ ...ctx.deps, jobs: holder.jobs }, caller, { siteIds: sites, reportType: 0 }, {});
    const job = createBatchJob({
      chunkReports: 1,
      afterChunk: async (index, tx) => {
        // Another purchase uses the last two licences while the first chunk commits.
        if (index === 0) await consumeLicenses(tx, { accountId: admin.account.id, userId: admin.user.id, items: [{ productId: ProductId.Basic, quantity: 2 }], reference: 'elsewhere', at: ctx.clock.now() });
      },
    });
    const context = createJobContext(ctx.deps, holder.payload()!, { name: BATCH_JOB, jobId: `held-${started.batchId}`, attempt: 0, signal: new AbortController().signal });
    await expect(job.handler(context)).rejects.toMatchObject({ code: ErrorCode.InsufficientLicenses });

    const [batch] = (await statusOf(admin, `batchProcessId=${started.batchId}`)).json() as TBatch[];
    expect(batch).toMatchObject({ failed: true, detail: 'Not enough Basic licences: 1 needed, 0 remaining (short by 1).', reportsTotal: 3, reportsCompleted: 1 });
    expect(batch!.completedDate).not.toBeNull();
    expect(batch!.batchReports).toHaveLength(1);
    expect(await reportRows(ctx, admin.account.id)).toHaveLength(1);
    expect((await remaining(admin))['0']).toBe(0);
  });

  it('names the unfinished batches a site is in, and lists them as running', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const [inBatch, outside] = await sitesAt(admin, [RURAL_KANSAS, NORTH_CHICAGO]);
    const { db } = ctx.deps.database;
    // A batch whose job has not run yet, written as POST reports/batch writes it.
    const batch = await insertBatch(db, { accountId: admin.account.id, userId: admin.user.id, reportsTotal: 1, releaseYear: 2026, countryCode: 'USA', reportType: 0 });
    await insertBatchSites(db, admin.account.id, batch.id, [inBatch!]);
    expect((await admin.request({ method: 'GET', url: `/api/reports/inbatches/${inBatch}?v=1` })).json()).toEqual({ batchIds: [batch.id] });
    expect((await admin.request({ method: 'GET', url: `/api/reports/inbatches/${outside}?v=1` })).json()).toEqual({ batchIds: [] });
    const [listed] = (await statusOf(admin, 'days=1')).json() as TBatch[];
    expect(listed).toMatchObject({ batchId: batch.id, completedDate: null, reportsTotal: 1, reportsCompleted: 0 });
  });
});
