import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImportMessages, parseImportSubmitDetail, ProductId, UpdateFlag, ZImportTaskStarted, ZQueuedImportSite, ZSiteList, type TImportSubmitDetail } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { holdJobs } from '../../../../test/held-jobs';
import { CHICAGO, grant, postReport, reportRows, RURAL_KANSAS, WASHINGTON_DC } from '../../../../test/report-fixtures';
import { call, seedSites, waitForTask } from '../../sites/sites-test-fixtures';
import { and, eq } from 'drizzle-orm';
import { loadJobCaller } from '../../../access/job-caller';
import { accounts, classifications as classificationsTable, sites as sitesTable } from '../../../db/schema/index';
import { createJobContext } from '../../../platform/jobs/job-context';
import { FAILED, READY_RESCORE, seedQueue, WARNED } from '../queue/queue-test-fixtures';
import { IMPORT_SUBMIT_JOB, importSubmitJob, type ImportSubmitPayload } from './submit.job';
import { startImportSubmit } from './submit.service';

describe.each(await testDatabaseKinds())('import submit API on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const submit = (user: TestUser, query = '', body?: Record<string, unknown>) => call(user, 'POST', `/api/sites/import/submit${query ? `?${query}` : ''}`, body ?? {});
  const queueNames = async (user: TestUser) => z.array(ZQueuedImportSite).parse((await call(user, 'GET', '/api/sites/import/queue')).json()).map((row) => row.siteName);
  const sitesOf = async (user: TestUser) => ZSiteList.parse((await call(user, 'GET', '/api/sites')).json());

  /** Submits, waits for the task and answers what it says it did. */
  async function submitAndWait(user: TestUser, query = '', body?: Record<string, unknown>): Promise<TImportSubmitDetail> {
    const response = await submit(user, query, body);
    expect(response.statusCode, response.body).toBe(200);
    const task = await waitForTask(user, ZImportTaskStarted.parse(response.json()).taskStatusId);
    expect(task.currentStatus, task.detail ?? '').toBe(2);
    expect(task.message).toBe(ImportMessages.submitTaskTitle);
    const detail = parseImportSubmitDetail(task.detail);
    expect(detail).not.toBeNull();
    return detail!;
  }

  /** Starts a submit as the service does but holds its job back, to be run here by hand; answers its task and payload. */
  async function heldSubmit(user: TestUser): Promise<{ taskStatusId: number; payload: ImportSubmitPayload }> {
    const { db } = ctx.deps.database;
    const holder = holdJobs<ImportSubmitPayload>(db);
    const caller = await loadJobCaller(db, { accountId: user.account.id, userId: user.user.id, impersonating: false });
    // The service reads no session: the job caller stands in for the request's.
    const { taskStatusId } = await startImportSubmit({ database: ctx.deps.database, jobs: holder.jobs, now: ctx.deps.now }, { ...caller, session: undefined as never }, { includeWarnings: false, batchMode: false }, undefined);
    return { taskStatusId, payload: holder.payload()! };
  }

  /** One attempt of the held job. */
  const attemptOf = (held: { taskStatusId: number; payload: ImportSubmitPayload }, attempt: number, signal = new AbortController().signal) =>
    createJobContext(ctx.deps, held.payload, { name: IMPORT_SUBMIT_JOB, jobId: `held-${held.taskStatusId}`, attempt, signal, jobs: ctx.deps.jobs });

  it('creates sites for ready rows, updates matched sites per updateFlags, leaves rows with issues queued', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const colleague = await createTestUser(ctx, { userType: 3, inAccount: user.account });
    const [existing] = await seedSites(ctx, user.account.id, [{ siteName: 'Old name', notes: 'First note', tags: ['east'], externalId: 'E-1', ...CHICAGO }]);
    await seedQueue(ctx, colleague, [{ siteName: 'Colleague row', ...RURAL_KANSAS }]);
    await seedQueue(ctx, user, [
      { siteName: 'New store', ...RURAL_KANSAS, street: '1 Farm Rd', city: 'La Crosse', state: 'KS', zipCode: '67548', tags: 'rural;west', notes: 'Opened 2024', externalId: 'N-1', geocodePrecision: 'ADDRESS' },
      { siteName: 'Warned store', flags: WARNED, ...WASHINGTON_DC, geocodePrecision: 'MANUAL' },
      { siteName: 'Broken store', flags: FAILED },
      {
        siteName: 'Renamed store',
        flags: READY_RESCORE,
        siteId: existing,
        notes: 'Second note',
        tags: 'south',
        externalId: 'E-2',
        street: 'Ignored St',
        updateFlags: UpdateFlag.ReplaceSiteName | UpdateFlag.AppendNotes | UpdateFlag.AppendTags | UpdateFlag.ReplaceExternalId,
      },
    ]);

    const first = await submitAndWait(user);
    expect(first).toMatchObject({ message: 'Row Import Complete!', created: 1, updated: 1, skipped: 2, batchId: null, batchMessage: null });
    const sites = await sitesOf(user);
    expect(sites.map((site) => site.siteName).sort()).toEqual(['New store', 'Renamed store']);
    expect(sites.find((site) => site.siteName === 'New store')).toMatchObject({ tags: ['rural', 'west'], notes: 'Opened 2024', eid: 'N-1', city: 'La Crosse', state: 'KS', countryCode: 'USA', geocodeType: 'ADDRESS' });
    expect(sites.find((site) => site.siteId === existing)).toMatchObject({ siteName: 'Renamed store', notes: 'First note\nSecond note', tags: ['east', 'south'], eid: 'E-2' });
    expect(sites.find((site) => site.siteId === existing)!.street).not.toBe('Ignored St');
    expect(await queueNames(user)).toEqual(['Warned store', 'Broken store']);
    expect(await queueNames(colleague)).toEqual(['Colleague row']);

    expect(await submitAndWait(user, 'includeWarnings=true')).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    expect(await queueNames(user)).toEqual(['Broken store']);
    expect((await sitesOf(user)).map((site) => site.siteName).sort()).toEqual(['New store', 'Renamed store', 'Warned store']);
    const nothing = await submit(user, 'includeWarnings=true');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(ImportMessages.nothingToSubmit);
  });

  it('replaces notes, tags, classifications, the address and the point of a matched site when its flags say so, and nothing else', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    // The account's classifications: a row names them by id or by name; others are left out.
    const [retail, warehouse] = await ctx.deps.database.db
      .insert(classificationsTable)
      .values([{ accountId: user.account.id, name: 'Retail' }, { accountId: user.account.id, name: 'Warehouse' }])
      .returning({ id: classificationsTable.classificationId });
    const [site, untouched] = await seedSites(ctx, user.account.id, [
      { siteName: 'Moving store', notes: 'Old note', tags: ['old'], classificationIds: [1], street: '1 Old St', city: 'Chicago', state: 'IL', zipCode: '60606', externalId: 'KEEP', ...CHICAGO },
      { siteName: 'Quiet store', notes: 'Stays', tags: ['stays'], ...WASHINGTON_DC },
    ]);
    await seedQueue(ctx, user, [
      {
        siteName: 'Moving store',
        flags: READY_RESCORE,
        siteId: site,
        notes: 'New note',
        tags: 'new;tags',
        classifications: `${retail!.id};warehouse;Garden`,
        street: '1 Farm Rd',
        city: 'La Crosse',
        state: 'KS',
        zipCode: '67548',
        externalId: 'IGNORED',
        ...RURAL_KANSAS,
        geocodePrecision: 'ADDRESS',
        updateFlags: UpdateFlag.ReplaceNotes | UpdateFlag.ReplaceTags | UpdateFlag.ReplaceClassifications | UpdateFlag.ReplaceAddress | UpdateFlag.ReplaceGeocode,
      },
      { siteName: 'Quiet store', flags: READY_RESCORE, siteId: untouched, notes: 'Not used', tags: 'not;used', ...CHICAGO, updateFlags: 0 },
    ]);
    expect(await submitAndWait(user)).toMatchObject({ created: 0, updated: 2 });
    const sites = await sitesOf(user);
    expect(sites.find((one) => one.siteId === site)).toMatchObject({
      siteName: 'Moving store',
      notes: 'New note',
      tags: ['new', 'tags'],
      street: '1 Farm Rd',
      city: 'La Crosse',
      state: 'KS',
      zipCode: '67548',
      eid: 'KEEP',
      latitude: RURAL_KANSAS.latitude,
      longitude: RURAL_KANSAS.longitude,
      geocodeType: 'ADDRESS',
    });
    expect(sites.find((one) => one.siteId === untouched)).toMatchObject({ notes: 'Stays', tags: ['stays'], latitude: WASHINGTON_DC.latitude });
    const [stored] = await ctx.deps.database.db.select({ classificationIds: sitesTable.classificationIds }).from(sitesTable).where(and(eq(sitesTable.accountId, user.account.id), eq(sitesTable.siteId, site!)));
    expect(stored!.classificationIds).toEqual([retail!.id, warehouse!.id]);
  });

  it('keeps names unique (a taken name stays queued as an issue) and holds the site-only limit outside batch mode', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await seedSites(ctx, user.account.id, [{ siteName: 'Taken name', ...CHICAGO }]);
    await seedQueue(ctx, user, [
      { siteName: 'TAKEN NAME ', ...RURAL_KANSAS },
      { siteName: 'Fresh name', ...WASHINGTON_DC },
      { siteName: 'Fresh NAME', ...RURAL_KANSAS },
    ]);
    expect(await submitAndWait(user)).toMatchObject({ created: 1, skipped: 2 });
    const left = z.array(ZQueuedImportSite).parse((await call(user, 'GET', '/api/sites/import/queue?selectionMode=32')).json());
    expect(left.map((row) => [row.siteName.trim(), row.errorFlags, row.statusDescription])).toEqual([
      ['TAKEN NAME', 32, 'Another site in the account already has this name.'],
      ['Fresh NAME', 32, 'Another site in the account already has this name.'],
    ]);

    const limited = await createTestUser(ctx, { userType: 3, account: { siteOnlyLimit: 1 } });
    await seedQueue(ctx, limited, [{ siteName: 'One', ...CHICAGO }, { siteName: 'Two', ...RURAL_KANSAS }]);
    const refused = await submit(limited);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('You may not create more than 1 sites without reports.');
    expect(await sitesOf(limited)).toEqual([]);
  });

  it('in batch mode makes the reports of the imported sites through the batch path; 65536 deletes the current report', async () => {
    const user = await createTestUser(ctx, { userType: 3, account: { siteOnlyLimit: 0 } });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 5 });
    const [reported] = await seedSites(ctx, user.account.id, [{ siteName: 'Reported', ...WASHINGTON_DC }]);
    expect((await postReport(user, { siteId: reported, reportType: 0 })).statusCode).toBe(200);
    await seedQueue(ctx, user, [
      { siteName: 'Batch one', ...CHICAGO },
      { siteName: 'Batch two', ...RURAL_KANSAS },
      { siteName: 'Reported', flags: READY_RESCORE, siteId: reported, updateFlags: UpdateFlag.DeleteExistingReport },
    ]);
    const noChoice = await submit(user, 'batchMode=true');
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().message).toBe(ImportMessages.batchModeNeedsReportType);

    const done = await submitAndWait(user, 'batchMode=true', { reportType: 0 });
    expect(done).toMatchObject({ created: 2, updated: 1, skipped: 0, batchMessage: null });
    expect(done.batchId).toEqual(expect.any(Number));
    // The batch runs as its own job: three reports (the two new sites, and the site whose report was deleted).
    const deadline = Date.now() + 30_000;
    let reports = await reportRows(ctx, user.account.id);
    while (reports.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      reports = await reportRows(ctx, user.account.id);
    }
    const sites = await sitesOf(user);
    const idOf = (name: string) => sites.find((site) => site.siteName === name)!.siteId;
    expect(reports.map((report) => report.siteId).sort((a, b) => a - b)).toEqual([idOf('Batch one'), idOf('Batch two'), reported].sort((a, b) => a! - b!));
  });

  it('without batch mode, 65536 deletes the matched site’s current report and leaves the site without one', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const [reported] = await seedSites(ctx, user.account.id, [{ siteName: 'Reported', ...CHICAGO }]);
    expect((await postReport(user, { siteId: reported, reportType: 0 })).statusCode).toBe(200);
    await seedQueue(ctx, user, [{ siteName: 'Reported', flags: READY_RESCORE, siteId: reported, updateFlags: UpdateFlag.DeleteExistingReport }]);
    expect(await submitAndWait(user)).toMatchObject({ created: 0, updated: 1 });
    expect(await reportRows(ctx, user.account.id)).toEqual([]);
    expect((await sitesOf(user))[0]).toMatchObject({ siteId: reported, l: null });
  });

  it('resumes after a stop without creating a site twice: each chunk commits with its rows leaving the queue', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await seedQueue(ctx, user, Array.from({ length: 620 }, (_, index) => ({ siteName: `Store ${index}`, latitude: 41.8 + index * 0.0001, longitude: -87.7 })));
    // The job is held back from the queue and run here, stopped after its first chunk, then retried.
    const held = await heldSubmit(user);
    const stop = new AbortController();
    const first = attemptOf(held, 0, stop.signal);
    const report = first.progress;
    first.progress = async (count, total) => {
      await report(count, total);
      stop.abort();
    };
    await expect(importSubmitJob.handler(first)).rejects.toMatchObject({ userMessage: ImportMessages.submitFailed });
    expect(await sitesOf(user)).toHaveLength(500);
    expect(await queueNames(user)).toHaveLength(120);

    await importSubmitJob.handler(attemptOf(held, 1));
    const sites = await sitesOf(user);
    expect(sites).toHaveLength(620);
    expect(new Set(sites.map((site) => site.siteName)).size).toBe(620);
    expect(await queueNames(user)).toEqual([]);
    const task = await waitForTask(user, held.taskStatusId);
    expect(parseImportSubmitDetail(task.detail)).toMatchObject({ created: 620, updated: 0, skipped: 0 });
    // A third run (the job delivered again) changes nothing.
    await importSubmitJob.handler(attemptOf(held, 2));
    expect(await sitesOf(user)).toHaveLength(620);
  });

  it('fails the task with the limit words when the site-only limit is reached while the job waits, creating nothing', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const { db } = ctx.deps.database;
    await seedQueue(ctx, user, [{ siteName: 'Late one', ...CHICAGO }]);
    const held = await heldSubmit(user);
    // An administrator sets a limit the account is already at before the job runs.
    await db.update(accounts).set({ siteOnlyLimit: 0 }).where(eq(accounts.id, user.account.id));
    await expect(importSubmitJob.handler(attemptOf(held, 0))).rejects.toMatchObject({ permanent: true, userMessage: 'You may not create more than 0 sites without reports.' });
    expect(await sitesOf(user)).toEqual([]);
    expect(await queueNames(user)).toEqual(['Late one']);
  });
});
