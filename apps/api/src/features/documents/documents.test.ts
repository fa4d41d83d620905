import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId, ReportDocumentMessages, type TReport } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { pdfPageImageCount, pdfPages, pngPixels, renderPdfPage } from '../../../test/pdf-reader';
import { CHICAGO, grant, postReport, siteName } from '../../../test/report-fixtures';
import { reports } from '../../db/schema/index';
import { BASE_COLORS } from './report-map-image/base-layer';

/** The base map's land colour as RGB. */
const LAND: [number, number, number] = [0xf3, 0xf0, 0xe8];

describe.each(await testDatabaseKinds())('report documents: PDF, report maps, e-mail on %s', (kind) => {
  let ctx: TestContext;
  let owner: TestUser;
  let premiumPlus: TReport;
  let pdf: Buffer;
  let willisTower: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    owner = await createTestUser(ctx, { userType: 2, account: { allowCrimeRiskFeature: true } });
    await grant(ctx, owner.account.id, { [ProductId.PremiumPlus]: 2, [ProductId.DemographicsAddOnPremium]: 1 });
    willisTower = siteName('Willis Tower');
    const response = await postReport(owner, { reportType: 6, siteName: willisTower, addOnProducts: [105], ...CHICAGO });
    expect(response.statusCode, response.body).toBe(200);
    premiumPlus = response.json() as TReport;
    const download = await owner.request({ method: 'GET', url: `/api/reports/${premiumPlus.accountProductReportId}/pdf?v=1` });
    expect(download.statusCode, download.body).toBe(200);
    pdf = download.rawPayload;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });

  it('downloads the whole PDF as an attachment named for the site, with the site, its scores and every section', async () => {
    const download = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/pdf`);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="RiskAtlas-Willis-Tower-[\w-]+-\d{4}\.pdf"$/);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    const text = pages.join(' ');
    expect(pages[0]).toContain(premiumPlus.siteId ? 'Crime Risk Report' : '');
    expect(pages[0]).toContain('Willis Tower');
    expect(pages[0]).toContain('Premium Plus');
    for (const heading of ['Score summary', 'Scores', 'Map A: Total Crime around the site', 'Map B: crimes against persons and property', 'Demographics', 'Crime rate comparison', 'Confidence and coverage', 'Data sources and attribution']) {
      expect(text).toContain(heading);
    }
    // Every methodology's Total Crime (national, current) appears as the Detail page shows it.
    for (const entry of premiumPlus.premiumPlusData!) {
      const total = entry.scores.find((score) => score.crimeType === 'total' && score.region === 'national' && score.period === 'current')!;
      expect(text).toContain(String(total.value));
    }
    for (const name of ['Composite', 'Predictors only']) expect(text).toContain(name);
    expect(text).toContain('Made with Natural Earth');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('writes the maps\' titles, the site and the place names as text over the map pictures', async () => {
    const pages = await pdfPages(pdf);
    const mapA = pages.findIndex((page) => page.includes('Map A: Total Crime around the site'));
    const mapB = pages.findIndex((page) => page.includes('Map B: crimes against persons and property'));
    expect(pages[mapA]).toContain('Map A — Total Crime');
    expect(pages[mapA]).toContain(`${willisTower} · Composite · release ${premiumPlus.releaseYear}`);
    for (const title of ['Map B — Crimes Against Persons', 'Map B — Crimes Against Property']) expect(pages[mapB]).toContain(title);
    // Chicago's neighbourhoods are labelled on map A; the suburbs on the county-zoom map B.
    expect(pages[mapA]).toMatch(/Near North Side|West Town|Lincoln Park/);
    expect(pages[mapB]).toMatch(/Oak Park|Evanston|Cicero/);
    // One picture drawn twice on map B's page (persons and property share their backdrop), one on map A's.
    expect(await pdfPageImageCount(pdf, mapA + 1)).toBe(1);
    expect(await pdfPageImageCount(pdf, mapB + 1)).toBe(2);
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('renders the cover page visibly (not a blank page)', async () => {
    const png = await renderPdfPage(pdf, 1, 1);
    const { total, nonWhite } = await pngPixels(png);
    expect(nonWhite / total).toBeGreaterThan(0.1);
  });

  it('includes only the sections and methodologies asked for', async () => {
    const download = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/pdf?sections=${2 + 65536}&methodologies=4`);
    expect(download.statusCode, download.body).toBe(200);
    const text = (await pdfPages(download.rawPayload)).join(' ');
    expect(text).toContain('Score summary');
    expect(text).toContain('Confidence and coverage');
    expect(text).toContain('Predictors only');
    expect(text).not.toContain('Composite');
    expect(text).not.toContain('Crime Risk Report');
    expect(text).not.toContain('Map A');
    expect(text).not.toContain('Data sources and attribution');
  });

  it("refuses no section with the dialog's words, and methodologies the report lacks", async () => {
    const none = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/pdf?sections=0`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ReportDocumentMessages.noSection);
    const bits = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/pdf?sections=8`);
    expect(bits.statusCode).toBe(400);
    const garbled = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/pdf?methodologies=2,x`);
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toBe(ReportDocumentMessages.methodologyNotInReport);
  });

  it("refuses a methodology a Basic report was not scored under, and another account's report", async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const basic = (await postReport(user, { reportType: 0, siteName: siteName(), ...CHICAGO })).json() as TReport;
    const other = basic.methodologyTypeIds[0] === 2 ? 3 : 2;
    const wrong = await get(user, `/api/reports/${basic.accountProductReportId}/pdf?methodologies=${other}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ReportDocumentMessages.methodologyNotInReport);
    expect((await get(user, `/api/reports/${premiumPlus.accountProductReportId}/pdf`)).statusCode).toBe(404);
    expect((await get(user, `/api/reports/${premiumPlus.accountProductReportId}/map/2/a`)).statusCode).toBe(404);
  });

  it('has no PDF or map for a release of 2006 or earlier', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const basic = (await postReport(user, { reportType: 0, siteName: siteName(), ...CHICAGO })).json() as TReport;
    await ctx.deps.database.db.update(reports).set({ releaseYear: 2006 }).where(eq(reports.accountProductReportId, basic.accountProductReportId));
    const refused = await get(user, `/api/reports/${basic.accountProductReportId}/pdf`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ReportDocumentMessages.noPdfForRelease);
    const map = await get(user, `/api/reports/${basic.accountProductReportId}/map/${basic.methodologyTypeIds[0]}/a`);
    expect(map.statusCode).toBe(400);
    expect(map.json().message).toBe(ReportDocumentMessages.noPdfForRelease);
  });

  it('draws map A and map B as PNGs over a base map of land and water', async () => {
    for (const kind of ['a', 'persons', 'property']) {
      const response = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/map/2/${kind}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const { total, nonWhite, matching } = await pngPixels(response.rawPayload, LAND, 3);
      expect(nonWhite / total).toBeGreaterThan(0.5);
      // Chicago lies on the lake: the base map shows land somewhere the cells do not cover.
      expect(matching).toBeGreaterThan(1000);
    }
    const water = hex(BASE_COLORS.water);
    const countyMap = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/map/2/persons`);
    expect((await pngPixels(countyMap.rawPayload, water, 3)).matching).toBeGreaterThan(1000);
    const unknown = await get(owner, `/api/reports/${premiumPlus.accountProductReportId}/map/2/b`);
    expect(unknown.statusCode).toBe(400);
  });

  it('e-mails the PDF to every recipient, and names the first address that is not one', async () => {
    const before = ctx.outbox.length;
    const bad = await owner.request({
      method: 'POST',
      url: '/api/reports/email?v=1',
      payload: { accountProductReportId: premiumPlus.accountProductReportId, recipients: 'ops@example.com; not-an-address', subject: 'Risk' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The e-mail address 'not-an-address' is invalid. Please correct and resubmit.");
    expect(ctx.outbox.length).toBe(before);

    const sent = await owner.request({
      method: 'POST',
      url: '/api/reports/email?v=1',
      payload: { accountProductReportId: premiumPlus.accountProductReportId, sections: 1 + 2, methodologies: [2], recipients: 'ops@example.com, risk@example.com;cfo@example.com', subject: 'Site risk', message: 'See the attached report.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true, recipients: ['ops@example.com', 'risk@example.com', 'cfo@example.com'] });
    const mail = ctx.outbox.at(-1)!;
    expect(mail.to).toBe('ops@example.com, risk@example.com, cfo@example.com');
    expect(mail.subject).toBe('Site risk');
    expect(mail.text).toContain('See the attached report.');
    const attachment = mail.attachments![0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toMatch(/^RiskAtlas-Willis-Tower-.*\.pdf$/);
    const text = (await pdfPages(attachment.content)).join(' ');
    expect(text).toContain('Score summary');
    expect(text).not.toContain('Data sources and attribution');
  });

  it('lets a read-only user e-mail a report they may read (it changes no data)', async () => {
    const reader = await createTestUser(ctx, { userType: 1, inAccount: owner.account });
    const sent = await reader.request({ method: 'POST', url: '/api/reports/email?v=1', payload: { accountProductReportId: premiumPlus.accountProductReportId, sections: 2, recipients: 'me@example.com' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(ctx.outbox.at(-1)!.to).toBe('me@example.com');
  });

  it('sends the report to the impersonating staff member when asked, and refuses that option to anyone else', async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: owner.account.id } })).statusCode).toBe(200);
    const sent = await staff.request({ method: 'POST', url: '/api/reports/email?v=1', payload: { accountProductReportId: premiumPlus.accountProductReportId, sections: 2, recipients: '', sendToImpersonatingUser: true } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().recipients).toEqual([staff.user.email]);
    expect(ctx.outbox.at(-1)!.to).toBe(staff.user.email);

    const refused = await owner.request({ method: 'POST', url: '/api/reports/email?v=1', payload: { accountProductReportId: premiumPlus.accountProductReportId, recipients: 'ops@example.com', sendToImpersonatingUser: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ReportDocumentMessages.notImpersonating);
  });
});

function hex(colour: string): [number, number, number] {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}
