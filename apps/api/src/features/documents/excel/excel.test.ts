import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultScoreFormat,
  ExcelMessages,
  FileDownloadType,
  ProductId,
  scoreBand,
  scoreIndexOf,
  TaskObjectType,
  ZExcelSummaryStarted,
  type TFileDownload,
} from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { CHICAGO, grant, postReport, RURAL_KANSAS, WASHINGTON_DC } from '../../../../test/report-fixtures';
import { reports } from '../../../db/schema/index';
import { call, seedSites, waitForTask } from '../../sites/sites-test-fixtures';

/** Opens an xlsx body with exceljs's reader. */
async function openWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** The solid fill colour of a cell as '#rrggbb'. */
function fillOf(cell: ExcelJS.Cell): string | undefined {
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  const argb = fill?.fgColor?.argb;
  return argb ? `#${argb.slice(2).toLowerCase()}` : undefined;
}

describe.each(await testDatabaseKinds())('Excel documents on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A user with a Basic report at Chicago on a site whose name is a formula; answers the report. */
  async function reportedSite(user: TestUser, siteName = '=HYPERLINK("http://evil","x")') {
    await grant(ctx, user.account.id, { [ProductId.Basic]: 3, [ProductId.Premium]: 3 });
    const [siteId] = await seedSites(ctx, user.account.id, [{ siteName, ...CHICAGO, city: 'Chicago', state: 'IL', admin1Code: 'IL', tags: ['-tag'] }]);
    const created = await postReport(user, { reportType: 0, siteId });
    expect(created.statusCode, created.body).toBe(200);
    return { siteId: siteId!, report: created.json() as { accountProductReportId: number; releaseYear: number; basicData: { scores: { value: number | null; low: number | null; high: number | null; coverage: string | null; crimeType: string | null; region: string | null; period: string | null }[] }[] } };
  }

  it('downloads one report as a workbook: site sheet, score grid in band colours, bounds, imputed flags, sources', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { externalIdName: 'Store #' } });
    const { report } = await reportedSite(user);
    const response = await user.request({ method: 'GET', url: `/api/reports/${report.accountProductReportId}/excel?v=1` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*\.xlsx"/);
    const workbook = await openWorkbook(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Site', 'Composite', 'Sources']);

    const site = workbook.getWorksheet('Site')!;
    const field = (label: string) => {
      let value: ExcelJS.CellValue = null;
      site.eachRow((row) => {
        if (row.getCell(1).value === label) value = row.getCell(2).value;
      });
      return value;
    };
    // A site name that is a formula arrives as text, defused by the shared rule; numbers stay numbers.
    expect(field('Site Name')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(field('Latitude')).toBe(CHICAGO.latitude);
    expect(field('Report Type')).toBe('Basic');
    expect(field('Release')).toBe(report.releaseYear);
    expect(field('Methodologies')).toBe('Composite');
    expect(field('Store #')).toBeNull();
    expect(field('Report Date (UTC)')).toBeInstanceOf(Date);

    const scores = report.basicData[0]!.scores.filter((row) => row.value !== null);
    const score = (crimeType: string, region: string, period: string) => scores.find((row) => row.crimeType === crimeType && row.region === region && row.period === period)!;
    const sheet = workbook.getWorksheet('Composite')!;
    // Row 3: areas (merged over their periods), row 4: periods, then one row per crime type (homicide first).
    expect(sheet.getCell('B3').value).toMatch(/^National/);
    expect(sheet.getCell('E3').value).toMatch(/^State/);
    expect(sheet.getCell('C4').value).toMatch(/^Current \(\d{4}\)$/);
    expect(sheet.getCell('A5').value).toBe('Homicide');
    const homicide = score('homicide', 'national', 'current');
    expect(sheet.getCell('C5').value).toBe(homicide.value);
    expect(fillOf(sheet.getCell('C5'))).toBe(scoreBand(homicide.value!, 1, defaultScoreFormat(report.releaseYear)).color);
    const totalRow = sheet.getRow(14);
    expect(totalRow.getCell(1).value).toBe('Total Crime');
    const total = score('total', 'county', 'projected');
    expect(totalRow.getCell(10).value).toBe(total.value);
    expect(fillOf(totalRow.getCell(10))).toBe(scoreBand(total.value!, 1, defaultScoreFormat(report.releaseYear)).color);

    // The detail table: every score with its bounds and imputed flag.
    let detail: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Robbery' && row.getCell(2).value === 'National' && row.getCell(3).value === 'Past') detail = row;
    });
    const robbery = score('robbery', 'national', 'past');
    expect(detail).toBeDefined();
    expect([detail!.getCell(5).value, detail!.getCell(6).value, detail!.getCell(7).value]).toEqual([robbery.value, robbery.low, robbery.high]);
    expect(detail!.getCell(8).value).toBe(robbery.coverage === 'imputed' ? 'Yes' : 'No');

    const sources = workbook.getWorksheet('Sources')!;
    expect(sources.getRow(1).values).toEqual([undefined, 'Source', 'Publisher', 'Licence', 'Attribution', 'URL']);
    expect(sources.rowCount).toBeGreaterThan(2);
  });

  it("refuses another account's report with 404", async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const { report } = await reportedSite(owner, 'Mine');
    const response = await stranger.request({ method: 'GET', url: `/api/reports/${report.accountProductReportId}/excel?v=1` });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('The report was not found.');
    const summary = await call(stranger, 'POST', '/api/reports/excelsummary', { accountProductReportIds: [report.accountProductReportId] });
    expect(summary.statusCode).toBe(404);
  });

  it('makes an Excel summary as a job: one row per report with every score, into File Downloads as Excel Summary', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { externalIdName: 'Store #' } });
    const { siteId, report } = await reportedSite(user);
    await grant(ctx, user.account.id, { [ProductId.Basic]: 3 });
    const [second, bare] = await seedSites(ctx, user.account.id, [{ siteName: 'Kansas farm', ...RURAL_KANSAS }, { siteName: 'No report' }]);
    const other = await postReport(user, { reportType: 0, siteId: second });
    expect(other.statusCode, other.body).toBe(200);

    const started = await call(user, 'POST', '/api/reports/excelsummary', { siteIds: [siteId, second, bare], releaseYear: -1 });
    expect(started.statusCode, started.body).toBe(200);
    const { taskStatusId, count } = ZExcelSummaryStarted.parse(started.json());
    expect(count).toBe(2);
    const task = await waitForTask(user, taskStatusId);
    expect(task).toMatchObject({ currentStatus: 2, countTotal: 2, countCompleted: 2, message: 'Excel summary', detail: ExcelMessages.ready, objectType: TaskObjectType.FileDownload });

    const files = (await call(user, 'GET', '/api/users/files')).json() as TFileDownload[];
    const file = files.find((entry) => entry.fileDownloadID === task.objectID)!;
    expect(file).toMatchObject({ fileDownloadType: FileDownloadType.ExcelSummary });
    expect(file.filename).toMatch(/^Excel Summary \d{4}-\d\d-\d\d\.xlsx$/);
    expect(file.size).toBeGreaterThan(0);
    const download = await user.request({ method: 'GET', url: `/api/users/files/${task.objectID}` });
    expect(download.statusCode).toBe(200);
    const sheet = (await openWorkbook(download.rawPayload)).getWorksheet('Summary')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Report ID', 'Site ID', 'Site Name', 'Store #']);
    expect(header).toHaveLength(18 + 90);
    const column = header.indexOf('Composite: Total Crime — National — Current') + 1;
    expect(column).toBeGreaterThan(18);
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(report.accountProductReportId);
    expect(first.getCell(3).value).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(first.getCell(14).value).toBe("'-tag");
    expect(first.getCell(column).value).toBe((await call(user, 'GET', `/api/sites/${siteId}`)).json().s['2']);
    const index = scoreIndexOf({ crimeType: 'homicide', region: 'county', period: 'projected' });
    const homicide = report.basicData[0]!.scores.find((row) => row.crimeType === 'homicide' && row.region === 'county' && row.period === 'projected')!;
    expect(first.getCell(18 + index + 1).value).toBe(homicide.value);
    expect(sheet.getRow(3).getCell(3).value).toBe('Kansas farm');
  });

  it('leaves out state scores where the report hides them (Washington DC)', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const [siteId] = await seedSites(ctx, user.account.id, [{ siteName: 'White House', ...WASHINGTON_DC, state: 'DC', admin1Code: 'DC' }]);
    const created = await postReport(user, { reportType: 0, siteId });
    expect(created.statusCode, created.body).toBe(200);
    const response = await user.request({ method: 'GET', url: `/api/reports/${created.json().accountProductReportId}/excel?v=1` });
    expect(response.statusCode).toBe(200);
    const sheet = (await openWorkbook(response.rawPayload)).getWorksheet('Composite')!;
    const areas = [sheet.getCell('B3').value, sheet.getCell('E3').value] as string[];
    expect(areas[0]).toMatch(/^National/);
    expect(areas[1]).toMatch(/^County/);
    expect(sheet.getRow(5).cellCount).toBe(7);
  });

  it('writes a summary larger than one read chunk in report order, every report once', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const { report } = await reportedSite(user, 'Template');
    const [template] = await ctx.deps.database.db.select().from(reports).where(eq(reports.accountProductReportId, report.accountProductReportId));
    const siteIds = await seedSites(ctx, user.account.id, Array.from({ length: 1_202 }, () => ({ ...CHICAGO })));
    const { accountProductReportId: _id, created: _created, ...copy } = template!;
    await ctx.deps.database.db.insert(reports).values(siteIds.map((id) => ({ ...copy, siteId: id })));
    const ids = (await ctx.deps.database.db.select({ id: reports.accountProductReportId }).from(reports).where(eq(reports.accountId, user.account.id))).map((row) => row.id);
    expect(ids).toHaveLength(1_203);

    const started = await call(user, 'POST', '/api/reports/excelsummary', { accountProductReportIds: [...ids].reverse(), methodologies: [2] });
    expect(started.statusCode, started.body).toBe(200);
    const task = await waitForTask(user, started.json().taskStatusId);
    expect(task).toMatchObject({ currentStatus: 2, countTotal: 1_203, countCompleted: 1_203 });
    const download = await user.request({ method: 'GET', url: `/api/users/files/${task.objectID}` });
    const sheet = (await openWorkbook(download.rawPayload)).getWorksheet('Summary')!;
    expect(sheet.rowCount).toBe(1_204);
    const written: number[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) written.push(row.getCell(1).value as number);
    });
    expect(written).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses a summary above 20,000 reports or sites in the product words, and an empty one', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const ids = Array.from({ length: 20_001 }, (_, i) => i + 1);
    for (const body of [{ accountProductReportIds: ids }, { siteIds: ids, releaseYear: -1 }]) {
      const refused = await call(user, 'POST', '/api/reports/excelsummary', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'The batch contains more than 20000 reports and is too large to download an Excel Summary. Consider creating a Report Archive containing only an Excel Report instead.',
      );
    }
    // Reading changes nothing: a read-only user may ask too (here for a site without reports).
    const reader = await createTestUser(ctx, { userType: 1 });
    const [bare] = await seedSites(ctx, reader.account.id, [{}]);
    const empty = await call(reader, 'POST', '/api/reports/excelsummary', { siteIds: [bare], releaseYear: -1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ExcelMessages.noReports);
    expect((await call(reader, 'POST', '/api/reports/excelsummary', {})).json().message).toBe(ExcelMessages.noReports);
  });
});
