import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importErrorBit, importErrorsOf, importStatusBit, importStatusesOf, importWarningBit, ImportMessages, ZImportTaskStarted } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { importMappings, jobRuns, type ImportQueueRow } from '../../../db/schema/index';
import { createJobContext } from '../../../platform/jobs/job-context';
import { createTask, getTask } from '../../../platform/tasks/tasks.service';
import { call, seedSites, waitForTask } from '../../sites/sites-test-fixtures';
import { createImportProcessJob, IMPORT_PROCESS_JOB, type ImportProcessPayload } from './process.job';
import { mappingOf, queueRows, storeUploadedFile } from './process-test-fixtures';

const HEADER = ['Name', 'Street', 'City', 'State', 'Zip', 'Country', 'Latitude', 'Longitude', 'Store Id'];
const FIELDS = ['siteName', 'street', 'city', 'state', 'zipCode', 'countryCode', 'latitude', 'longitude', 'externalId'];
const MAPPING = mappingOf(FIELDS);

/** A file row in HEADER's order. */
const row = (name: string, address: Partial<Record<'street' | 'city' | 'state' | 'zip' | 'country' | 'lat' | 'lon' | 'id', string>>): string[] => [
  name,
  address.street ?? '',
  address.city ?? '',
  address.state ?? '',
  address.zip ?? '',
  address.country ?? '',
  address.lat ?? '',
  address.lon ?? '',
  address.id ?? '',
];

const errors = (queued: ImportQueueRow) => importErrorsOf(queued.errorFlags);
const statuses = (queued: ImportQueueRow) => importStatusesOf(queued.statusFlags);

describe.each(await testDatabaseKinds())('import processing on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const process = (user: TestUser, query: string, mapping: unknown = MAPPING) => call(user, 'POST', `/api/sites/import/file/process${query ? `?${query}` : ''}`, { mapping });

  /** Processes the user's file and waits for the task: answers its rows. */
  async function processed(user: TestUser, query = '') {
    const started = await process(user, query);
    expect(started.statusCode, started.body).toBe(200);
    const { taskStatusId } = ZImportTaskStarted.parse(started.json());
    const task = await waitForTask(user, taskStatusId);
    expect(task.currentStatus, task.detail ?? '').toBe(2);
    return { task, rows: await queueRows(ctx, user, taskStatusId) };
  }

  it('refuses without a file (404), with a mapping that cannot be processed (400), and read-only callers (403)', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const none = await process(user, '');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ImportMessages.noFile);

    await storeUploadedFile(ctx, user, [HEADER, row('A', { city: 'Chicago', state: 'IL', country: 'USA' })]);
    const nameless = await process(user, '', mappingOf([null, 'street', 'city', 'state']));
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(ImportMessages.siteNameNotMapped);
    const twice = await process(user, '', mappingOf(['siteName', 'city', 'city']));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(ImportMessages.fieldMatchedTwice('City', 'Street'));
    expect(await queueRows(ctx, user)).toEqual([]);

    const readOnly = await createTestUser(ctx, { userType: 3, account: { readOnly: true } });
    await storeUploadedFile(ctx, readOnly, [HEADER, row('A', { city: 'Chicago', state: 'IL', country: 'USA' })]);
    const refused = await process(readOnly, '');
    expect(refused.statusCode).toBe(403);
    expect(await queueRows(ctx, readOnly)).toEqual([]);
  });

  it('queues every row of a file with its status: ready, duplicates, matches, failed and ambiguous geocodes, other countries, bad coordinates, formulas', async () => {
    const user = await createTestUser(ctx, { userType: 3, user: { firstName: 'Ada' } });
    const chicago = { street: '1 N State St', city: 'Chicago', state: 'IL', zipCode: '60602', countryId: 1 } as const;
    const [withReport, withoutReport, shared] = await seedSites(ctx, user.account.id, [
      { siteName: 'Wacker Tower', ...chicago, street: '233 S Wacker Dr', zipCode: '60606', l: { r: 2024, p: 1, f: 0 } },
      { siteName: 'Lakeside Depot', ...chicago, street: '500 E Randolph St', zipCode: '60601' },
      { siteName: 'Shared Warehouse', ...chicago, street: '77 W Huron St', zipCode: '60654' },
      { siteName: 'Riverside Distribution Center', ...chicago, street: '900 W Fulton Market', zipCode: '60607' },
    ]);
    const file = [
      HEADER,
      row('Loop Office', { street: '10 S Dearborn St', city: 'Chicago', state: 'IL', zip: '60603', country: 'USA' }),
      row(' loop office ', { street: '100 N Main St', city: 'La Crosse', state: 'KS', zip: '67548', country: 'US' }),
      row('Wacker Tower', { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', country: 'USA' }),
      row('LAKESIDE DEPOT', { city: 'Chicago', state: 'IL', zip: '60601', country: 'United States' }),
      row('Nowhere Store', { city: 'Nowhereville', state: 'IL', country: 'USA' }),
      row('Newport Shop', { city: 'Newport', country: 'GB' }),
      row('Toronto Store', { city: 'Toronto', state: 'ON', country: 'CA' }),
      row('Berlin Store', { street: 'Unter den Linden 1', city: 'Berlin', zip: '10117', country: 'DE' }),
      row('Bad Point', { lat: '95', lon: '-87.6' }),
      row('=HYPERLINK("http://evil.example","x")', { city: 'Chicago', state: 'IL', zip: '60603', country: 'USA' }),
      row('', { city: 'Chicago', state: 'IL', country: 'USA' }),
      row('Missing State', { city: 'Chicago', country: 'USA' }),
      row('Shared Warehouse', { street: '1 Other Rd', city: 'Chicago', state: 'IL', zip: '60654', country: 'USA' }),
      row('Huron Annex', { street: '77 West Huron Street', city: 'Chicago', state: 'IL', zip: '60654', country: 'USA' }),
      row('Riverside Distribution Centre', { street: '5 Elsewhere Ave', city: 'Chicago', state: 'IL', zip: '60607', country: 'USA' }),
      row('Long Zip', { city: 'Chicago', state: 'IL', zip: '60606-1234-99', country: 'USA' }),
    ];
    await storeUploadedFile(ctx, user, file);
    const { task, rows } = await processed(user, 'hasHeader=true&matchingFlags=384&updateFlags=3&emailWhenProcessingComplete=true');

    // Every data row is queued, in file order; the task counted them.
    expect(rows.map((queued) => queued.rowNumber)).toEqual(file.slice(1).map((_, index) => index + 1));
    expect(task).toMatchObject({ countTotal: 16, countCompleted: 16, objectType: 6 });
    const [loop, loopAgain, wacker, lakeside, nowhere, newport, toronto, berlin, badPoint, formula, nameless, missingState, sharedByName, sharedByAddress, nearName, longZip] = rows as [
      ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow,
      ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow, ImportQueueRow,
    ];

    expect(statuses(loop)).toEqual(['Processed', 'Ready', 'Import']);
    expect(loop).toMatchObject({ errorFlags: 0, warningFlags: 0, siteId: null, countryId: 1, geocodePrecision: 'POSTCODE', updateFlags: 3, geocoderFlags: 384, nameKey: 'loop office' });
    expect(loop.latitude).toBeCloseTo(41.88, 1);
    expect(loop.statusDescription).toBe('Ready to import as a new site.');

    expect(errors(loopAgain)).toEqual(['DuplicateNameFound']);
    expect(statuses(loopAgain)).toEqual(['Processed', 'Error']);
    expect(loopAgain.statusDescription).toContain('Another row of this file has the same site name.');

    expect(wacker).toMatchObject({ siteId: withReport, errorFlags: 0, warningFlags: importWarningBit('SiteAlreadyExists') });
    expect(statuses(wacker)).toEqual(['Processed', 'Ready', 'Rescore', 'Warning']);
    expect(lakeside).toMatchObject({ siteId: withoutReport, errorFlags: 0 });
    expect(statuses(lakeside)).toEqual(['Processed', 'Ready', 'Attachment', 'Warning']);
    expect(lakeside.matches).toEqual([expect.objectContaining({ siteId: withoutReport, similarity: 1, matchedBy: 'name' })]);

    expect(errors(nowhere)).toEqual(['GeocodingFailed']);
    expect(nowhere.latitude).toBeNull();
    expect(errors(newport)).toEqual(['MultipleCandidatesFound']);
    expect(newport.geoCandidates.length).toBeGreaterThan(1);
    expect(newport.geoCandidates[0]).toMatchObject({ City: 'Newport', Country: 'GBR' });
    expect(toronto).toMatchObject({ errorFlags: 0, countryId: 2 });
    expect(errors(berlin)).toEqual(['CountryNotAvailable']);
    expect(berlin.statusDescription).toContain('not one we cover');
    expect(errors(badPoint)).toEqual(['GeocodeInvalid']);

    // A formula is a name like any other: stored as the text it is, never evaluated.
    expect(formula.siteName).toBe('=HYPERLINK("http://evil.example","x")');
    expect(formula.errorFlags).toBe(0);
    expect(errors(nameless)).toEqual(['SiteNameRequired']);
    // A US address needs a ZIP, or a city and state: a city alone is one part short of either (the ZIP is named first).
    expect(errors(missingState)).toEqual(['ZipCodeRequired']);

    // Two rows matching one site (by name, by address) both need a choice.
    expect(sharedByName.siteId).toBe(shared);
    expect(sharedByAddress.siteId).toBe(shared);
    for (const queued of [sharedByName, sharedByAddress]) {
      expect(errors(queued)).toEqual(['SiteHasMultipleMatchesInQueue']);
      expect(statuses(queued)).toEqual(['Processed', 'Warning', 'Error']);
      expect(queued.statusDescription).not.toContain('Ready to');
    }
    // A near name in the same zip: a warning with its similarity, no match taken.
    expect(nearName).toMatchObject({ siteId: null, errorFlags: 0, warningFlags: importWarningBit('SiteAlreadyExists') });
    expect(nearName.matches[0]!.similarity).toBeGreaterThan(0.92);
    expect(nearName.matches[0]!.similarity).toBeLessThan(1);
    expect(nearName.statusDescription).toMatch(/looks like the site 'Riverside Distribution Center' \(\d+% alike\)/);
    expect(errors(longZip)).toEqual(['ZipCodeTooLong']);

    expect(task.detail).toBe(ImportMessages.processingComplete({ total: 16, ready: 3, warnings: 3, issues: 10 }));
    const mail = ctx.outbox.find((message) => message.to === user.user.email);
    expect(mail?.subject).toBe(ImportMessages.processingMailSubject);
    expect(mail?.text).toContain(task.detail!);
    const saved = await ctx.deps.database.db.select().from(importMappings).where(eq(importMappings.accountId, user.account.id));
    expect(saved).toEqual([expect.objectContaining({ userId: user.user.id, mapping: MAPPING })]);
  });

  it('keeps user-defined coordinates, and without matching flags a taken name is an error', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await seedSites(ctx, user.account.id, [{ siteName: 'Taken Name' }]);
    await storeUploadedFile(ctx, user, [
      HEADER,
      row('Pinned', { city: 'Chicago', state: 'IL', country: 'USA', lat: '41.8789', lon: '-87.6359' }),
      row('Taken Name', { city: 'Chicago', state: 'IL', zip: '60606', country: 'USA' }),
      row('Out At Sea', { country: 'USA', lat: '30.5', lon: '-40.25' }),
    ]);
    const { rows } = await processed(user, 'capDefined=true&matchingFlags=0');
    const [pinned, taken, sea] = rows as [ImportQueueRow, ImportQueueRow, ImportQueueRow];
    expect(pinned).toMatchObject({ latitude: 41.8789, longitude: -87.6359, geocodePrecision: 'MANUAL', errorFlags: 0, siteId: null });
    expect(pinned.geocoderFlags & 64).toBe(64);
    expect(errors(taken)).toEqual(['SiteNameAlreadyExists']);
    expect(taken.geocoderFlags & 64).toBe(0);
    expect(errors(sea)).toEqual(['NotScorable']);
  });

  it('resumes an interrupted run without losing or doubling rows, even when a chunk is written again', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const names = ['One', 'Two', 'Three', 'Four', 'Five', 'Two', 'Seven'];
    await storeUploadedFile(ctx, user, [HEADER, ...names.map((name, index) => row(name, { city: 'Chicago', state: 'IL', zip: String(60601 + index), country: 'USA' }))]);
    const { db } = ctx.deps.database;
    const task = await createTask(db, { accountId: user.account.id, userId: user.user.id, message: ImportMessages.processingTaskTitle, objectType: 6, countTotal: 7, jobName: IMPORT_PROCESS_JOB }, new Date());
    const [file] = await ctx.deps.database.db.query.importFiles.findMany({ where: (files, { eq: equals }) => equals(files.accountId, user.account.id) });
    const payload: ImportProcessPayload = {
      accountId: user.account.id,
      userId: user.user.id,
      taskStatusId: task.id,
      impersonating: false,
      rowsKey: file!.rowsKey,
      hasHeader: true,
      dataRows: 7,
      mapping: MAPPING as ImportProcessPayload['mapping'],
      geocoderFlags: 384,
      updateFlags: 0,
      emailWhenComplete: false,
    };
    const job = createImportProcessJob({ chunkRows: 3 });
    const jobId = `resume-${task.id}`;
    const { jobs: _jobs, ...jobDeps } = ctx.deps;

    // The first attempt stops after its first chunk (a worker going away between chunks).
    const stop = new AbortController();
    const first = createJobContext(jobDeps, payload, { name: IMPORT_PROCESS_JOB, jobId, attempt: 0, signal: stop.signal });
    const interrupted = {
      ...first,
      chunks: <T,>(work: Parameters<typeof first.chunks<T>>[0]) =>
        first.chunks<T>({ ...work, handle: async (chunk, index, tx) => { await work.handle(chunk, index, tx); stop.abort(); } }),
    };
    await expect(job.handler(interrupted)).rejects.toThrow(/stopped/);
    expect((await queueRows(ctx, user, task.id)).map((queued) => queued.rowNumber)).toEqual([1, 2, 3]);
    const owner = { accountId: user.account.id, userId: user.user.id };
    expect(await getTask(db, owner, task.id, { markSeen: false, now: new Date() })).toMatchObject({ countCompleted: 3, countTotal: 7 });

    // As if the first chunk's commit were lost: the next attempt writes it again, over its rows.
    await db.delete(jobRuns).where(and(eq(jobRuns.accountId, user.account.id), like(jobRuns.jobKey, `${IMPORT_PROCESS_JOB}:${jobId}#0`)));
    const second = createJobContext(jobDeps, payload, { name: IMPORT_PROCESS_JOB, jobId, attempt: 1, signal: new AbortController().signal });
    await job.handler(second);
    const rows = await queueRows(ctx, user, task.id);
    expect(rows.map((queued) => queued.rowNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The duplicate in the third chunk still sees the name of the first chunk it resumed after.
    expect(rows.map((queued) => queued.errorFlags)).toEqual([0, 0, 0, 0, 0, importErrorBit('DuplicateNameFound'), 0]);
    expect(rows.every((queued) => (queued.statusFlags & importStatusBit('Processed')) !== 0)).toBe(true);
    expect(await getTask(db, owner, task.id, { markSeen: false, now: new Date() })).toMatchObject({ currentStatus: 2, countCompleted: 7 });
  });
});
