import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  IMPORT_QUEUE_MAX_ROWS,
  importErrorsOf,
  importStatusesOf,
  importWarningsOf,
  ImportMessages,
  ProductId,
  siteOnlyLimitMessage,
  ZImportTaskStarted,
  ZQueuedImportSite,
  ZSiteList,
  type TQueuedImportSite,
} from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { multipart } from '../../../test/multipart';
import { CHICAGO, grant, postReport, RURAL_KANSAS } from '../../../test/report-fixtures';
import { classifications } from '../../db/schema/index';
import { call, seedSites, waitForTask } from '../sites/sites-test-fixtures';
import { mappingOf, queueRows, storeUploadedFile } from './process/process-test-fixtures';
import { READY_RESCORE, seedQueue } from './queue/queue-test-fixtures';

const HEADER = ['Name', 'Country', 'Latitude', 'Longitude', 'Zip', 'City', 'Classifications'];
const MAPPING = mappingOf(['siteName', 'countryCode', 'latitude', 'longitude', 'zipCode', 'city', 'classifications']);

const statusesOf = (row: { statusFlags: number }) => importStatusesOf(row.statusFlags);
const errorsOf = (row: { errorFlags: number }) => importErrorsOf(row.errorFlags);
const warningsOf = (row: { warningFlags: number }) => importWarningsOf(row.warningFlags);

describe.each(await testDatabaseKinds())('import rules (licences, classifications, reports, moves, re-checks, limits) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const row = async (user: TestUser, id: number) => ZQueuedImportSite.parse((await call(user, 'GET', `/api/sites/import/queue/${id}`)).json());
  /** Polls a row as the page does until its re-check settles it (or 20 s pass). */
  async function settled(user: TestUser, id: number): Promise<TQueuedImportSite> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const current = await row(user, id);
      if (!current.pendingUpdate || Date.now() > deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const edit = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await call(user, 'POST', '/api/sites/import/queue/edit', body);
    expect(response.statusCode, response.body).toBe(200);
    return settled(user, body.queuedSiteId as number);
  };
  const addClassifications = (accountId: number, names: string[]) =>
    ctx.deps.database.db.insert(classifications).values(names.map((name) => ({ accountId, name }))).returning({ id: classifications.classificationId });

  it('processing: an unlicensed country, unknown classifications, a site with this release’s report, a site moved too far, and what happens to the address — changeoptions updates them', async () => {
    const user = await createTestUser(ctx, { userType: 3, account: { licensedCountryIds: [1] } });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    await addClassifications(user.account.id, ['Retail']);
    const [reported] = await seedSites(ctx, user.account.id, [
      { siteName: 'Reported Store', ...CHICAGO, countryId: 1 },
      { siteName: 'Plain Depot', ...RURAL_KANSAS, countryId: 1 },
    ]);
    expect((await postReport(user, { siteId: reported, reportType: 0 })).statusCode).toBe(200);
    await storeUploadedFile(ctx, user, [
      HEADER,
      ['Toronto Shop', 'CAN', '43.65', '-79.38', '', '', ''],
      ['Classified Shop', 'USA', '41.85', '-87.65', '', '', 'retail; Garden'],
      // 33 km south of the reported store.
      ['Reported Store', 'USA', '41.58', '-87.6359', '', '', ''],
      ['Plain Depot', 'USA', '38.521', '-99.311', '', '', ''],
    ]);
    const started = await call(user, 'POST', '/api/sites/import/file/process?hasHeader=true&matchingFlags=128&updateFlags=32', { mapping: MAPPING });
    expect(started.statusCode, started.body).toBe(200);
    expect((await waitForTask(user, ZImportTaskStarted.parse(started.json()).taskStatusId)).currentStatus).toBe(2);
    const [toronto, classified, moved, plain] = await queueRows(ctx, user);

    expect(errorsOf(toronto!)).toEqual(['CountryNotLicensed']);
    expect(toronto!.statusDescription).toContain('not licensed for sites and reports in this country');
    expect(warningsOf(classified!)).toEqual(['ClassificationNotFound']);
    expect(statusesOf(classified!)).toEqual(['Processed', 'Ready', 'Import', 'Warning']);
    expect(classified!.statusDescription).toContain("Not a classification of the account: 'Garden'.");
    expect(errorsOf(moved!)).toEqual(['SiteHasReportInCurrentReleaseYear', 'SiteHasMovedTooFar']);
    expect(statusesOf(moved!)).toEqual(['Processed', 'Warning', 'Error', 'WillUpdateAddress', 'WillKeepGeocode']);
    expect(moved!.statusDescription).toContain('more than 10 km from the matching site');
    expect(statusesOf(plain!)).toEqual(['Processed', 'Ready', 'Attachment', 'Warning', 'WillUpdateAddress', 'WillKeepGeocode']);
    expect(plain!.statusDescription).toContain('The matching site’s address will be replaced by this row’s address.');
    expect(plain!.statusDescription).toContain('The matching site keeps its map location');

    // New options: the report is to be deleted (65536) and the point replaced (64), the address kept.
    const changed = await call(user, 'POST', '/api/sites/import/queue/changeoptions', { queuedSiteIds: [moved!.id, plain!.id], geocoderFlags: 128, updateFlags: 64 | 65536 });
    expect(changed.statusCode, changed.body).toBe(200);
    const movedAgain = await settled(user, moved!.id);
    expect(errorsOf(movedAgain)).toEqual(['SiteHasMovedTooFar']);
    expect(statusesOf(movedAgain)).toEqual(['Processed', 'Warning', 'Error']);
    const plainAgain = await settled(user, plain!.id);
    expect(statusesOf(plainAgain)).toEqual(['Processed', 'Ready', 'Attachment', 'Warning']);
  });

  it('re-check: an edited name matches again unless the match was accepted; other queue rows give DuplicateNameFound, DuplicateSiteInQueue and SiteHasMultipleMatchesInQueue', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const [harbor, lakeside] = await seedSites(ctx, user.account.id, [
      { siteName: 'Harbor Store', ...CHICAGO, city: 'Chicago', zipCode: '60606', countryId: 1 },
      { siteName: 'Lakeside Depot', ...CHICAGO, city: 'Chicago', zipCode: '60601', countryId: 1 },
    ]);
    const point = { ...CHICAGO, countryCode: 'USA', city: 'Chicago', geocoderFlags: 128 | 64, geocodePrecision: 'MANUAL' };
    const [matched, accepted, named, renamed, taken, near] = await seedQueue(ctx, user, [
      { siteName: 'Harbor Store', nameKey: 'harbor store', ...point, zipCode: '60606', siteId: harbor, flags: READY_RESCORE },
      { siteName: 'Somewhere Else', nameKey: 'somewhere else', ...point, zipCode: '60606' },
      { siteName: 'Twin Name', nameKey: 'twin name', ...point, zipCode: '60610' },
      { siteName: 'Unique Name', nameKey: 'unique name', ...point, zipCode: '60611' },
      { siteName: 'Lakeside Depot', nameKey: 'lakeside depot', ...point, zipCode: '60601', siteId: lakeside, flags: READY_RESCORE },
      { siteName: 'Riverside Distribution Center', nameKey: 'riverside distribution center', ...point, zipCode: '60607' },
    ]);

    // Renamed: matching finds no site of the new name, so the row becomes a new site.
    const rematched = await edit(user, { queuedSiteId: matched!.id, siteName: 'Brand New Name' });
    expect(rematched).toMatchObject({ siteId: null, errorFlags: 0 });
    expect(statusesOf(rematched)).toEqual(['Processed', 'Ready', 'Import']);

    // Accepted by the user: the match survives a rename.
    expect((await edit(user, { queuedSiteId: accepted!.id, matchSiteId: harbor })).siteId).toBe(harbor);
    const stillAccepted = await edit(user, { queuedSiteId: accepted!.id, siteName: 'Another Name' });
    expect(stillAccepted.siteId).toBe(harbor);

    // Another row of the queue has the name.
    const twin = await edit(user, { queuedSiteId: renamed!.id, siteName: 'twin name' });
    expect(errorsOf(twin)).toEqual(['DuplicateNameFound']);
    expect(twin.statusDescription).toContain(`Row ${named!.rowNumber} has the same name.`);

    // Another row of the queue has this name and already updates the site this row now matches.
    const shared = await edit(user, { queuedSiteId: named!.id, siteName: 'Lakeside Depot', zipCode: '60601' });
    expect(shared.siteId).toBe(lakeside);
    expect(errorsOf(shared)).toEqual(['DuplicateNameFound', 'SiteHasMultipleMatchesInQueue']);
    expect(shared.statusDescription.startsWith('Other rows of the queue match the same site.')).toBe(true);
    expect(taken!.siteId).toBe(lakeside);

    // The other row moves away: the row it clashed with is checked again, and its errors go.
    const movedAway = await edit(user, { queuedSiteId: taken!.id, siteName: 'Moved Away', zipCode: '60612' });
    expect(movedAway).toMatchObject({ siteId: null, errorFlags: 0 });
    // Checked again right after the edit's own check: poll until its errors are gone (or 20 s pass).
    let released = await settled(user, named!.id);
    for (const deadline = Date.now() + 20_000; released.errorFlags !== 0 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      released = await settled(user, named!.id);
    }
    expect(released).toMatchObject({ siteId: lakeside, errorFlags: 0 });
    expect(statusesOf(released)).toEqual(['Processed', 'Ready', 'Attachment', 'Warning']);

    // A row alike in the same zip: a warning naming it.
    const alike = await edit(user, { queuedSiteId: rematched.queuedSiteId, siteName: 'Riverside Distribution Centre', zipCode: '60607' });
    expect(warningsOf(alike)).toEqual(['DuplicateSiteInQueue']);
    expect(alike.statusDescription).toContain(`It looks like row ${near!.rowNumber}`);
  });

  it('a large re-check (new options for every row) reads the account and the queue once and finds the same: the later of two rows of one name is DuplicateNameFound', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const [site] = await seedSites(ctx, user.account.id, [{ siteName: 'Existing Store', ...CHICAGO, countryId: 1 }]);
    const point = { ...CHICAGO, countryCode: 'USA', geocoderFlags: 128 | 64, geocodePrecision: 'MANUAL' };
    const seeds = Array.from({ length: 230 }, (_, index) => ({ siteName: `Store ${index + 1}`, nameKey: `store ${index + 1}`, ...point, zipCode: String(10_000 + index) }));
    seeds[100] = { ...seeds[100]!, siteName: 'Store 1', nameKey: 'store 1' };
    seeds[200] = { ...seeds[200]!, siteName: 'Existing Store', nameKey: 'existing store' };
    const rows = await seedQueue(ctx, user, seeds);
    const changed = await call(user, 'POST', '/api/sites/import/queue/changeoptions', { queuedSiteIds: [], geocoderFlags: 128, updateFlags: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().changed).toBe(230);
    const first = await settled(user, rows[0]!.id);
    expect(first.errorFlags).toBe(0);
    const again = await settled(user, rows[100]!.id);
    expect(errorsOf(again)).toEqual(['DuplicateNameFound']);
    const existing = await settled(user, rows[200]!.id);
    expect(existing).toMatchObject({ siteId: site, errorFlags: 0 });
    expect(statusesOf(existing)).toEqual(['Processed', 'Ready', 'Attachment', 'Warning']);
  });

  it('refuses uploading or processing beyond the queue’s 100,000 rows, saying the limit and the rows queued', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const queued = IMPORT_QUEUE_MAX_ROWS - 1;
    await ctx.deps.database.db.execute(sql`
      insert into import_queue (account_id, user_id, run_id, row_number, site_name)
      select ${user.account.id}, ${user.user.id}, 1, n, 'Row ' || n from generate_series(1, ${queued}) as n`);
    await storeUploadedFile(ctx, user, [HEADER, ['One', 'USA', '41.85', '-87.65', '', '', ''], ['Two', 'USA', '41.86', '-87.65', '', '', '']]);
    const refused = await call(user, 'POST', '/api/sites/import/file/process?hasHeader=true', { mapping: MAPPING });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ImportMessages.queueFull(IMPORT_QUEUE_MAX_ROWS, queued, 2));
    expect(refused.json().message).toBe('Your import queue may hold at most 100,000 rows. It holds 99,999 now and this file has 2. Please submit or remove queued rows first.');

    await ctx.deps.database.db.execute(sql`insert into import_queue (account_id, user_id, run_id, row_number, site_name) values (${user.account.id}, ${user.user.id}, 2, 1, 'Last')`);
    const upload = await user.request({ method: 'POST', url: '/api/sites/import/file/upload?v=1', ...multipart('file', 'more.csv', 'text/csv', Buffer.from('Name,Country\nA,USA\n')) });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().message).toBe(ImportMessages.queueFull(IMPORT_QUEUE_MAX_ROWS, IMPORT_QUEUE_MAX_ROWS, 0));
  }, 60_000);

  it('batch-mode submit: sites beyond the licences and the site-only limit stay queued with the limit’s words; classification names resolve to ids', async () => {
    const user = await createTestUser(ctx, { userType: 3, account: { siteOnlyLimit: 1 } });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const [retail] = await addClassifications(user.account.id, ['Retail']);
    const point = { ...CHICAGO, countryCode: 'USA', geocodePrecision: 'MANUAL' };
    await seedQueue(ctx, user, [
      { siteName: 'Covered by a licence', ...point, classifications: 'RETAIL; Garden' },
      { siteName: 'Within the limit', ...point },
      { siteName: 'Beyond the limit', ...point },
    ]);
    const response = await call(user, 'POST', '/api/sites/import/submit?batchMode=true', { reportType: 0 });
    expect(response.statusCode, response.body).toBe(200);
    const task = await waitForTask(user, ZImportTaskStarted.parse(response.json()).taskStatusId);
    expect(task.currentStatus, task.detail ?? '').toBe(2);
    expect(JSON.parse(task.detail!)).toMatchObject({ created: 2, skipped: 1 });
    const left = z.array(ZQueuedImportSite).parse((await call(user, 'GET', '/api/sites/import/queue')).json());
    expect(left.map((one) => [one.siteName, one.statusDescription])).toEqual([['Beyond the limit', siteOnlyLimitMessage(1)]]);
    expect(statusesOf(left[0]!)).toEqual(['Processed', 'Error']);
    const sites = ZSiteList.parse((await call(user, 'GET', '/api/sites')).json());
    expect(sites.find((site) => site.siteName === 'Covered by a licence')?.classes).toEqual([retail!.id]);
  });
});
