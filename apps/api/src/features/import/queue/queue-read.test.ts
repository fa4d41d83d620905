import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImportMessages, ZImportQueueCounts, ZImportStatusDetail, ZQueuedImportSite, ZQueuedImportSiteWindow, type TQueuedImportSite } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { CHICAGO } from '../../../../test/report-fixtures';
import { call, seedSites } from '../../sites/sites-test-fixtures';
import { candidate, FAILED, READY_RESCORE, seedQueue, WARNED, type RowFlags } from './queue-test-fixtures';

describe.each(await testDatabaseKinds())('import queue API (reads) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const queue = async (user: TestUser, query = '') => {
    const response = await call(user, 'GET', `/api/sites/import/queue${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return z.array(ZQueuedImportSite).parse(response.json());
  };
  const workbookOf = async (user: TestUser, query: string) => {
    const response = await user.request({ method: 'GET', url: `/api/sites/import/queue?v=1&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it("lists only the caller's rows, in row order, with the geocode source; the filter entries choose which", async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const colleague = await createTestUser(ctx, { userType: 3, inAccount: user.account });
    const [ready, warned, failed, pending, rescore] = await seedQueue(ctx, user, [
      { siteName: 'Ready', ...CHICAGO, geocodePrecision: 'ADDRESS' },
      { siteName: 'Warned', flags: WARNED, ...CHICAGO, geocodePrecision: 'MANUAL' },
      { siteName: 'Failed', flags: FAILED },
      { siteName: 'Pending', flags: {}, pendingUpdate: true, statusDescription: 'Validating' },
      { siteName: 'Rescore', flags: READY_RESCORE, ...CHICAGO, geocodePrecision: 'ADDRESS' },
    ]);
    await seedQueue(ctx, colleague, [{ siteName: 'Not mine' }]);

    const all = await queue(user);
    expect(all.map((row) => row.siteName)).toEqual(['Ready', 'Warned', 'Failed', 'Pending', 'Rescore']);
    expect(all.map((row) => row.geocodeSource)).toEqual(['Geocoded', 'User Defined', 'None', 'None', 'Geocoded']);
    expect(all[0]).toMatchObject({ queuedSiteId: ready!.id, rowNumber: 1, statusFlags: 7, pendingUpdate: false, latitude: CHICAGO.latitude });
    expect((await queue(colleague)).map((row) => row.siteName)).toEqual(['Not mine']);

    const names = async (selectionMode: number) => (await queue(user, `selectionMode=${selectionMode}`)).map((row) => row.queuedSiteId);
    expect(await names(1)).toEqual([ready!.id]);
    expect(await names(2)).toEqual([rescore!.id]);
    expect(await names(8)).toEqual([warned!.id]);
    expect(await names(16)).toEqual([pending!.id]);
    expect(await names(32)).toEqual([failed!.id]);
    expect(await names(32 | 1)).toEqual([ready!.id, failed!.id]);
    expect((await call(user, 'GET', '/api/sites/import/queue?selectionMode=64')).statusCode).toBe(400);
  });

  it('answers a window of the rows under the filter entries, with their total, for a grid that scrolls through the queue', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const colleague = await createTestUser(ctx, { userType: 3, inAccount: user.account });
    await seedQueue(ctx, user, [
      { siteName: 'One' },
      { siteName: 'Two', flags: FAILED },
      { siteName: 'Three' },
      { siteName: 'Four', flags: FAILED },
      { siteName: 'Five' },
    ]);
    await seedQueue(ctx, colleague, [{ siteName: 'Not mine' }]);
    const window = async (query: string) => {
      const response = await call(user, 'GET', `/api/sites/import/queue?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = ZQueuedImportSiteWindow.parse(response.json());
      return { total: body.total, offset: body.offset, names: body.rows.map((row) => row.siteName) };
    };
    expect(await window('offset=1&limit=2')).toEqual({ total: 5, offset: 1, names: ['Two', 'Three'] });
    expect(await window('limit=2')).toEqual({ total: 5, offset: 0, names: ['One', 'Two'] });
    expect(await window('offset=4&limit=10')).toEqual({ total: 5, offset: 4, names: ['Five'] });
    expect(await window('offset=9&limit=10')).toEqual({ total: 5, offset: 9, names: [] });
    // Under a filter entry the window and the total count only its rows.
    expect(await window('selectionMode=32&offset=1&limit=5')).toEqual({ total: 2, offset: 1, names: ['Four'] });
    // A window larger than the most one answer holds is refused in words.
    const tooMany = await call(user, 'GET', '/api/sites/import/queue?limit=100000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Limit');
  });

  it('reads a window under each filter entry with the rows the entries name (the SQL filter agrees with importQueueFilterOf)', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    // Rows whose flags fall under each entry, and the edge cases between them.
    const seeds: RowFlags[] = [
      { statuses: ['Processed', 'Ready', 'Import'] },
      { statuses: ['Processed', 'Ready', 'Rescore'] },
      { statuses: ['Processed', 'Ready', 'Attachment'] },
      { statuses: ['Processed', 'Ready', 'Rescore', 'Warning'], warnings: ['SiteAlreadyExists'] },
      { statuses: ['Processed', 'Ready', 'Import'], warnings: ['DuplicateSiteInQueue'] },
      { statuses: ['Processed', 'Warning'] },
      {},
      { errors: ['GeocodingFailed'] },
      { statuses: ['Processed', 'Error'] },
      { statuses: ['Processed', 'Error', 'Warning'], errors: ['MultipleMatchesFound'], warnings: ['SiteAlreadyExists'] },
      { statuses: ['Processed', 'Ready', 'Attachment', 'WillUpdateAddress'] },
    ];
    await seedQueue(ctx, user, seeds.map((flags, index) => ({ siteName: `Row ${index + 1}`, flags })));
    for (let selectionMode = 1; selectionMode <= 63; selectionMode += 1) {
      const inCode = (await queue(user, `selectionMode=${selectionMode}`)).map((row) => row.siteName);
      const response = await call(user, 'GET', `/api/sites/import/queue?selectionMode=${selectionMode}&offset=0&limit=100`);
      const window = ZQueuedImportSiteWindow.parse(response.json());
      expect({ selectionMode, names: window.rows.map((row) => row.siteName), total: window.total }).toEqual({ selectionMode, names: inCode, total: inCode.length });
    }
  });

  it("answers one row and its counts; another user's row is 404", async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const other = await createTestUser(ctx, { userType: 3 });
    const [siteId] = await seedSites(ctx, user.account.id, [{ siteName: 'Matched store' }]);
    const rows = await seedQueue(ctx, user, [
      { siteName: 'A' },
      { siteName: 'B' },
      { siteName: 'C', flags: WARNED },
      { siteName: 'D', flags: FAILED },
      { siteName: 'E', flags: {}, pendingUpdate: true },
      { siteName: 'F', flags: READY_RESCORE, siteId },
      { siteName: 'G', flags: { statuses: ['Processed', 'Ready', 'Attachment'] }, siteId },
    ]);
    const one = await call(user, 'GET', `/api/sites/import/queue/${rows[1]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(ZQueuedImportSite.parse(one.json())).toMatchObject({ siteName: 'B', rowNumber: 2 });
    const stranger = await call(other, 'GET', `/api/sites/import/queue/${rows[1]!.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(ImportMessages.queuedSiteNotFound);
    expect((await call(other, 'GET', `/api/sites/import/queue/statusdetail/${rows[1]!.id}`)).statusCode).toBe(404);

    const counts = ZImportQueueCounts.parse((await call(user, 'GET', '/api/sites/import/queue/counts')).json());
    expect(counts).toEqual({ total: 7, pending: 1, exceptions: 1, warnings: 1, complete: 5, rescore: 1, import: 3, attach: 1, duplicateReports: 0 });
    expect(ZImportQueueCounts.parse((await call(other, 'GET', '/api/sites/import/queue/counts')).json()).total).toBe(0);
  });

  it('explains a status: errors and warnings in words, visible and hidden matches, look-alike rows, candidates', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const [visibleSite] = await seedSites(ctx, user.account.id, [{ siteName: 'Lakeside Depot', street: '1 Lake St', city: 'Chicago', state: 'IL', zipCode: '60601' }]);
    // A site of another account stands in for a site the caller may not see.
    const [hiddenSite] = await seedSites(ctx, stranger.account.id, [{ siteName: 'Secret Depot' }]);
    const [row, twin] = await seedQueue(ctx, user, [
      {
        siteName: 'Lakeside Depot',
        nameKey: 'lakeside depot',
        flags: { statuses: ['Processed', 'Error'], errors: ['MultipleMatchesFound', 'MultipleCandidatesFound'], warnings: ['DuplicateSiteInQueue'] },
        matches: [
          { siteId: visibleSite!, similarity: 1, distanceMeters: 12, matchedBy: 'name' },
          { siteId: hiddenSite!, similarity: 0.8, distanceMeters: null, matchedBy: 'address' },
        ],
        geoCandidates: [candidate('1 Lake St', 41.886, -87.617), candidate('1 Lake Ave', 41.89, -87.62)],
      },
      { siteName: 'LAKESIDE depot', nameKey: 'lakeside depot' },
    ]);
    const response = await call(user, 'GET', `/api/sites/import/queue/statusdetail/${row!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = ZImportStatusDetail.parse(response.json());
    expect(detail.statuses).toEqual(['Processed', 'Error']);
    expect(detail.errors).toEqual([
      { name: 'MultipleCandidatesFound', text: 'The address matches several places. Choose one.' },
      { name: 'MultipleMatchesFound', text: 'Several sites of the account match this row. Choose one, or import it as a new site.' },
    ]);
    expect(detail.warnings).toEqual([{ name: 'DuplicateSiteInQueue', text: 'Another row of the queue looks like the same site.' }]);
    expect(detail.matches).toEqual([
      { siteId: visibleSite, siteName: 'Lakeside Depot', address: '1 Lake St, Chicago, IL, 60601', latitude: 41.8789, longitude: -87.6359, similarity: 1, distanceMeters: 12, matchedBy: 'name', visible: true },
      { siteId: hiddenSite, siteName: '', address: '', latitude: null, longitude: null, similarity: 0.8, distanceMeters: null, matchedBy: 'address', visible: false },
    ]);
    expect(detail.matchesMessage).toBe(ImportMessages.matchesNotVisible);
    expect(detail.queueMatches).toEqual([{ queuedSiteId: twin!.id, rowNumber: 2, siteName: 'LAKESIDE depot', similarity: 1 }]);
    expect(detail.geoCandidates.map((one) => one.Street)).toEqual(['1 Lake St', '1 Lake Ave']);
  });

  it('downloads the queue as .xlsx with formula text escaped, and the rows with issues in an importable layout', async () => {
    const user = await createTestUser(ctx, { userType: 3, account: { externalIdName: 'Store Number' } });
    await seedQueue(ctx, user, [
      { siteName: '=HYPERLINK("http://evil.test","x")', ...CHICAGO, geocodePrecision: 'ADDRESS', externalId: 'S-1' },
      { siteName: 'Warned store', flags: WARNED, street: '+1 Main St', city: 'Chicago' },
      { siteName: 'Broken store', flags: { statuses: ['Processed', 'Error'], errors: ['GeocodingFailed', 'CityRequired'] }, street: '9 Nowhere' },
    ]);
    const grid = await workbookOf(user, 'asExcel=true');
    expect(grid[0]).toEqual(['Row', 'Status', 'Site Name', 'Street', 'Street 2', 'City', 'State', 'Zip/Post Code', 'Country', 'Latitude', 'Longitude', 'Tags', 'Classifications', 'Notes', 'Store Number', 'SiteID', 'Geocode Source']);
    expect(grid).toHaveLength(4);
    expect(grid[1]![2]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(grid[1]![9]).toBe(CHICAGO.latitude);
    expect(grid[1]![14]).toBe('S-1');
    expect(grid[1]![16]).toBe('Geocoded');
    expect((await workbookOf(user, 'asExcel=true&selectionMode=32')).map((row) => row[2])).toEqual(['Site Name', 'Broken store']);

    const issues = await workbookOf(user, 'asExcel=true&issuesOnly=true');
    expect(issues[0]).toEqual(['Site Name', 'Street', 'Street 2', 'City', 'State', 'Zip/Post Code', 'Country', 'Latitude', 'Longitude', 'Tags', 'Classifications', 'Notes', 'Store Number', 'Issues']);
    expect(issues.map((row) => row[0])).toEqual(['Site Name', 'Warned store', 'Broken store']);
    expect(issues[1]![1]).toBe("'+1 Main St");
    expect(issues[1]![13]).toBe('Another row of the queue looks like the same site.');
    expect(issues[2]![13]).toBe('A city is required.\nThe address could not be geocoded. Correct the address or give coordinates.');
  });

  it('lets a read-only user read their empty queue but not change it', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const readOnly = await createTestUser(ctx, { userType: 1, inAccount: admin.account });
    expect(await queue(readOnly)).toEqual([]);
    expect((await call(readOnly, 'GET', '/api/sites/import/queue/counts')).statusCode).toBe(200);
    const [row] = await seedQueue(ctx, admin, [{ siteName: 'Admin row' }]);
    for (const [url, body] of [
      ['/api/sites/import/queue/edit', { queuedSiteId: row!.id, siteName: 'x' }],
      ['/api/sites/import/queue/delete', { deleteMode: 2 }],
      ['/api/sites/import/queue/changeoptions', { queuedSiteIds: [], geocoderFlags: 128, updateFlags: 0 }],
      ['/api/sites/import/submit', {}],
    ] as const) {
      expect((await call(readOnly, 'POST', url, body)).statusCode, url).toBe(403);
    }
    expect((await call(readOnly, 'POST', '/api/sites/import/queue/rescoreids', {})).statusCode).toBe(200);
    expect((await queue(admin)).map((one: TQueuedImportSite) => one.siteName)).toEqual(['Admin row']);
  });
});
