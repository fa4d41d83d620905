import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ProductId, ZReportCountsResponse, ZReportList, ZReportSummaryInfoResponse, type TReport } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { auditLog } from '../../db/schema/index';
import { CHICAGO, grant, postReport, remaining, reportRows, RURAL_KANSAS, siteName, siteRows } from '../../../test/report-fixtures';

describe.each(await testDatabaseKinds())('reading, upgrading, deleting and counting reports on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });
  const post = (user: TestUser, url: string, payload: unknown) => user.request({ method: 'POST', url, payload: payload as Record<string, unknown> });

  async function created(user: TestUser, body: Record<string, unknown>): Promise<TReport> {
    const response = await postReport(user, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TReport;
  }

  it('lists a site’s reports newest first, its latest report and the caller’s last created', async () => {
    const user = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 3 });
    const first = await created(user, { reportType: 0, siteName: siteName(), ...CHICAGO });
    ctx.clock.advance(1000);
    const older = await created(user, { reportType: 0, siteId: first.siteId, releaseYear: 2019 });
    const list = ZReportList.parse((await get(user, `/api/reports/${first.siteId}?v=2`)).json());
    expect(list.map((report) => report.accountProductReportId)).toEqual([older.accountProductReportId, first.accountProductReportId]);
    // Latest = highest release, so the backdated report created later is not it.
    expect((await get(user, `/api/reports/${first.siteId}/latest`)).json().accountProductReportId).toBe(first.accountProductReportId);
    expect((await get(user, '/api/reports/lastcreatedforuser')).json().accountProductReportId).toBe(older.accountProductReportId);
    const [site] = await siteRows(ctx, user.account.id);
    expect(site!.l).toEqual({ r: 2026, p: 0, f: 0 });
    expect(site!.lrr?.toISOString()).toBe(older.created);

    const fresh = await createTestUser(ctx, { userType: 2 });
    expect((await get(fresh, '/api/reports/lastcreatedforuser')).json()).toBeNull();
  });

  it("keeps other accounts' sites and reports out of reach: 404", async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, owner.account.id, { [ProductId.Basic]: 1, [ProductId.UpgradeBasicToPremium]: 1 });
    const report = await created(owner, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const other = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, other.account.id, { [ProductId.UpgradeBasicToPremium]: 1 });
    expect((await get(other, `/api/reports/${report.siteId}`)).statusCode).toBe(404);
    expect((await get(other, `/api/reports/${report.siteId}/latest`)).statusCode).toBe(404);
    expect((await post(other, '/api/reports/upgrade/single', { accountProductReportId: report.accountProductReportId, reportType: 1 })).statusCode).toBe(404);
    expect((await post(other, '/api/reports/delete?reason=x', { accountProductReportIds: [report.accountProductReportId] })).statusCode).toBe(404);
    expect((await post(other, '/api/reports/delete?reason=x', { siteIds: [report.siteId] })).statusCode).toBe(404);
    const counts = ZReportCountsResponse.parse((await post(other, '/api/reports/counts', { accountProductReportIds: [report.accountProductReportId] })).json());
    expect(counts).toMatchObject({ total: 0, notFound: 1 });
    expect(await reportRows(ctx, owner.account.id)).toHaveLength(1);
    expect((await remaining(other))['200']).toBe(1);
  });

  it('shows a user with only allowViewOwnReports their own reports', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 2 });
    const theirs = await created(admin, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const own = await createTestUser(ctx, { userType: 2, inAccount: admin.account, user: { allowViewAllReports: false, allowViewOwnReports: true } });
    expect((await get(own, `/api/reports/${theirs.siteId}`)).json()).toEqual([]);
    const mine = await created(own, { reportType: 0, siteId: theirs.siteId });
    expect(((await get(own, `/api/reports/${theirs.siteId}`)).json() as TReport[]).map((r) => r.accountProductReportId)).toEqual([mine.accountProductReportId]);
  });

  it('upgrades one report: consumes the upgrade product, scores the added methodology, records the supplement', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { defaultPremiumMethodology: [2, 3] } });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1, [ProductId.UpgradeBasicToPremium]: 1, [ProductId.SupplementalScoresAddOnPremium]: 1 });
    const basic = await created(user, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const response = await post(user, '/api/reports/upgrade/single', { accountProductReportId: basic.accountProductReportId, reportType: 1, addOnProducts: [102], sendReportEmail: true });
    expect(response.statusCode, response.body).toBe(200);
    const premium = response.json() as TReport;
    expect(premium).toMatchObject({ accountProductReportId: basic.accountProductReportId, reportType: 1, methodologyTypeIds: [2, 3], features: 2, addOnProducts: [102] });
    expect(premium.basicData).toBeUndefined();
    expect(premium.premiumData!.map((entry) => entry.methodologyType)).toEqual([2, 3]);
    // The existing methodology keeps its scores.
    expect(premium.premiumData![0]!.scores).toEqual(basic.basicData![0]!.scores);
    expect(premium.reportSupplements.map((s) => s.productId)).toEqual([200, 102]);
    expect(premium.upgradeOptions.upgrades).toEqual([{ toType: 6, productId: 202 }]);
    expect(await remaining(user)).toMatchObject({ '200': 0, '102': 0 });
    const [site] = await siteRows(ctx, user.account.id);
    expect(Object.keys(site!.s).sort()).toEqual(['2', '3']);
    expect(site!.l).toEqual({ r: 2026, p: 1, f: 2 });
    expect(ctx.outbox.at(-1)?.subject).toContain('has been upgraded');

    const again = await post(user, '/api/reports/upgrade/single', { accountProductReportId: basic.accountProductReportId, reportType: 0 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('A Premium report cannot be upgraded to Basic.');
  });

  it('refuses an upgrade without the licences and leaves the report as it was', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const basic = await created(user, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const response = await post(user, '/api/reports/upgrade/single', { accountProductReportId: basic.accountProductReportId, reportType: 6 });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Not enough Upgrade Basic to Premium Plus licences: 1 needed, 0 remaining (short by 1).');
    const [row] = await reportRows(ctx, user.account.id);
    expect(row).toMatchObject({ reportType: 0, methodologyTypeIds: [2], supplements: [] });
    expect(row!.productData).toHaveLength(1);
  });

  it("upgrades several reports for provider staff, with the product's messages when they differ", async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true, defaultPremiumMethodology: [2, 3] } });
    await grant(ctx, staff.account.id, { [ProductId.Basic]: 4, [ProductId.Premium]: 1, [ProductId.UpgradeBasicToPremium]: 2 });
    const a = await created(staff, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const b = await created(staff, { reportType: 0, siteName: siteName(), ...RURAL_KANSAS });
    const other = await created(staff, { reportType: 0, siteName: siteName(), latitude: 41.95, longitude: -87.7, methodologyTypeIds: [3] });
    const premium = await created(staff, { reportType: 1, siteName: siteName(), latitude: 41.96, longitude: -87.7, methodologyTypeIds: [2, 3] });
    const mixedMethodologies = await post(staff, '/api/reports/upgrade', { accountProductReportIds: [a.accountProductReportId, other.accountProductReportId], reportType: 1 });
    expect(mixedMethodologies.json()).toMatchObject({ message: 'The selected reports do not have the same existing methodologies.' });
    const mixedTypes = await post(staff, '/api/reports/upgrade', { accountProductReportIds: [a.accountProductReportId, premium.accountProductReportId], reportType: 6 });
    expect(mixedTypes.json()).toMatchObject({ message: 'The selected reports do not have the same report type.' });

    const response = await post(staff, '/api/reports/upgrade', { accountProductReportIds: [a.accountProductReportId, b.accountProductReportId], reportType: 1, methodologyTypeIds: [2, 4] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accountProductReportIds: [a.accountProductReportId, b.accountProductReportId], reportType: 1, methodologyTypeIds: [2, 4], licensesConsumed: { '200': 2 } });
    expect((await remaining(staff))['200']).toBe(0);

    const customer = await createTestUser(ctx, { userType: 3 });
    const refused = await post(customer, '/api/reports/upgrade', { accountProductReportIds: [1, 2], reportType: 1 });
    expect(refused.statusCode).toBe(403);
  });

  it('deletes reports for administrators with an audited reason and recomputes the site summary', async () => {
    const admin = await createTestUser(ctx, { userType: 3, account: { allowBackdating: true } });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 3, [ProductId.BackdateFee]: 1 });
    const current = await created(admin, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const backdated = await created(admin, { reportType: 0, siteId: current.siteId, releaseYear: 2021 });
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    expect((await post(standard, '/api/reports/delete', { accountProductReportIds: [current.accountProductReportId] })).statusCode).toBe(403);
    const reader = await createTestUser(ctx, { userType: 1, inAccount: admin.account });
    expect((await post(reader, '/api/reports/delete', { accountProductReportIds: [current.accountProductReportId] })).statusCode).toBe(403);

    const response = await post(admin, '/api/reports/delete?reason=Customer%20Request', { accountProductReportIds: [current.accountProductReportId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1, accountProductReportIds: [current.accountProductReportId], siteIds: [current.siteId] });
    let [site] = await siteRows(ctx, admin.account.id);
    expect(site!.l).toEqual({ r: 2021, p: 0, f: 0 });
    expect(site!.s).toEqual(backdated.basicData && { '2': backdated.basicData[0]!.scores.find((r) => r.crimeType === 'total' && r.region === 'national' && r.period === 'current')!.value });
    const [audit] = await ctx.deps.database.db.select().from(auditLog).where(and(eq(auditLog.accountId, admin.account.id), eq(auditLog.action, 'reports.deleted')));
    expect(audit!.detail).toMatchObject({ reason: 'Customer Request', count: 1 });

    const bySite = await post(admin, '/api/reports/delete', { siteIds: [current.siteId] });
    expect(bySite.json()).toMatchObject({ deletedCount: 1, accountProductReportIds: [backdated.accountProductReportId] });
    [site] = await siteRows(ctx, admin.account.id);
    expect(site).toMatchObject({ s: {}, l: null, lrr: null });
    expect(await reportRows(ctx, admin.account.id)).toEqual([]);

    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    const noReason = await post(staff, '/api/reports/delete', { siteIds: [1] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please give a reason for deleting the reports.');
  });

  it('counts and summarises the reports of a download', async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    await grant(ctx, staff.account.id, { [ProductId.Basic]: 2, [ProductId.Premium]: 1, [ProductId.HeatMapAddOn]: 1 });
    const a = await created(staff, { reportType: 0, siteName: siteName('A'), ...CHICAGO, addOnProducts: [100] });
    const b = await created(staff, { reportType: 0, siteName: siteName('B'), ...RURAL_KANSAS, releaseYear: 2005 });
    const c = await created(staff, { reportType: 1, siteId: a.siteId });
    const ids = [c.accountProductReportId, a.accountProductReportId, b.accountProductReportId, 999_999_999];
    const counts = ZReportCountsResponse.parse((await post(staff, '/api/reports/counts', { accountProductReportIds: ids })).json());
    expect(counts).toEqual({
      total: 3,
      siteCount: 2,
      notFound: 1,
      byReportType: [
        { reportType: 0, name: 'Basic', count: 2 },
        { reportType: 1, name: 'Premium', count: 1 },
      ],
      byCountry: [{ countryId: 1, count: 3 }],
      byReleaseYear: [
        { releaseYear: 2026, count: 2 },
        { releaseYear: 2005, count: 1 },
      ],
      byMethodology: [
        { methodologyType: 2, count: 3 },
        { methodologyType: 3, count: 1 },
      ],
      withHeatMap: 1,
      withSupplementalScores: 0,
      withDemographics: 0,
      withoutMapAndPdf: 1,
    });
    const summary = ZReportSummaryInfoResponse.parse((await post(staff, '/api/reports/summaryinfo', { accountProductReportIds: ids })).json());
    expect(summary.notFound).toEqual([999_999_999]);
    expect(summary.reports.map((r) => r.accountProductReportId)).toEqual(ids.slice(0, 3));
    expect(summary.reports[2]).toMatchObject({ siteId: b.siteId, reportType: 0, releaseYear: 2005, hasMapAndPdf: false });
    expect(summary.reports[1]).toMatchObject({ siteName: expect.stringContaining('A '), features: 1, addOnProducts: [100] });

    const tooMany = await post(staff, '/api/reports/counts', { accountProductReportIds: Array.from({ length: 100_001 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Download requests cannot contain more than 100000 reports. Current count: 100001');
  });

  it("counts the sites' reports of a release and, for administrators only, the account's data", async () => {
    const admin = await createTestUser(ctx, { userType: 3, account: { allowBackdating: true } });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 3, [ProductId.BackdateFee]: 1 });
    const a = await created(admin, { reportType: 0, siteName: siteName('A'), ...CHICAGO });
    const older = await created(admin, { reportType: 0, siteId: a.siteId, releaseYear: 2019 });
    const b = await created(admin, { reportType: 0, siteName: siteName('B'), ...RURAL_KANSAS });
    const count = async (user: TestUser, body: unknown) => ZReportCountsResponse.parse((await post(user, '/api/reports/counts', body)).json()).total;

    // The library's selection: each site's report of the release (the current one, or 2019).
    expect(await count(admin, { siteIds: [a.siteId, b.siteId], releaseYear: -1 })).toBe(2);
    expect(await count(admin, { siteIds: [a.siteId, b.siteId], releaseYear: 2019 })).toBe(1);
    // Admin data mode: the current release, every release, one country.
    expect(await count(admin, { accountData: { releaseYear: -1, countryId: null } })).toBe(2);
    expect(await count(admin, { accountData: { releaseYear: null, countryId: 1 } })).toBe(3);
    expect(await count(admin, { accountData: { releaseYear: null, countryId: 3 } })).toBe(0);
    // The union counts each report once.
    expect(await count(admin, { accountProductReportIds: [older.accountProductReportId], accountData: { releaseYear: null, countryId: null } })).toBe(3);

    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    const refused = await post(standard, '/api/reports/counts', { accountData: { releaseYear: null, countryId: null } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only account administrators can download the data of the whole account.');
    const foreign = await post(standard, '/api/reports/counts', { siteIds: [999_999_999] });
    expect(foreign.statusCode).toBe(404);
    const nothing = await post(admin, '/api/reports/counts', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('There are no reports for the selected site(s) in the currently selected release year.');
  });
});
