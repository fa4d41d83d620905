import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProductId,
  ReportContextMessages,
  ZCrimeRateComparison,
  ZProximityLayerList,
  ZReportDemographics,
  ZReportProximity,
  type TReport,
} from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, grant, postReport, remaining, RURAL_KANSAS, siteName } from '../../../test/report-fixtures';
import { waitForTask } from '../sites/sites-test-fixtures';

describe.each(await testDatabaseKinds())('report context: proximity, demographics, crime rate comparison on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });
  const addProximity = (user: TestUser, ids: number[]) => user.request({ method: 'POST', url: '/api/reports/addProximity?v=1', payload: { accountProductReportIds: ids } });

  async function created(user: TestUser, body: Record<string, unknown>): Promise<TReport> {
    const response = await postReport(user, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TReport;
  }

  it('lists the proximity layers the product offers', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const layers = ZProximityLayerList.parse((await get(user, '/api/reports/proximity?v=1')).json());
    expect(layers.map((layer) => layer.name)).toEqual(['Hospitals', 'Police stations', 'Fire stations', "CTA 'L' stations"]);
    expect(layers.every((layer) => layer.enabled)).toBe(true);
  });

  it('adds proximity through a job that debits one add-on licence a report, then lists the points nearest first', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 2, [ProductId.ProximityAddOn]: 2 });
    const first = await created(user, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const second = await created(user, { reportType: 0, siteName: siteName(), ...RURAL_KANSAS });
    expect(first.hasProximity).toBe(false);
    const refused = await get(user, `/api/reports/${first.accountProductReportId}/proximity`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ReportContextMessages.noProximity);

    const started = await addProximity(user, [first.accountProductReportId, second.accountProductReportId]);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().count).toBe(2);
    const task = await waitForTask(user, started.json().taskStatusId);
    expect(task).toMatchObject({ currentStatus: 2, countTotal: 2, countCompleted: 2, detail: 'Points of interest were added to 2 reports.' });
    expect((await remaining(user))[String(ProductId.ProximityAddOn)] ?? 0).toBe(0);

    const latest = (await get(user, `/api/reports/${first.siteId}/latest`)).json() as TReport;
    expect(latest).toMatchObject({ hasProximity: true, features: 8 });
    const proximity = ZReportProximity.parse((await get(user, `/api/reports/${first.accountProductReportId}/proximity?v=1`)).json());
    const transit = proximity.layers.find((layer) => layer.proximityLayerID === 4)!;
    expect(transit.pointsOfInterest.length).toBeGreaterThan(5);
    const distances = transit.pointsOfInterest.map((point) => point.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((distance) => distance <= proximity.radiusMeters)).toBe(true);
    expect(proximity.layers.find((layer) => layer.proximityLayerID === 1)!.pointsOfInterest[0]).toMatchObject({ icon: 'local_hospital' });
    // Rural Kansas has no Chicago stations around it.
    const rural = ZReportProximity.parse((await get(user, `/api/reports/${second.accountProductReportId}/proximity`)).json());
    expect(rural.layers.find((layer) => layer.proximityLayerID === 2)!.pointsOfInterest).toEqual([]);

    const again = await addProximity(user, [first.accountProductReportId]);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ReportContextMessages.proximityAlreadyAdded);
  });

  it('fails the task with the licence message when no add-on licence is left, changing nothing', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const report = await created(user, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const started = await addProximity(user, [report.accountProductReportId]);
    expect(started.statusCode, started.body).toBe(200);
    const task = await waitForTask(user, started.json().taskStatusId);
    expect(task.currentStatus).toBe(-1);
    expect(task.detail).toMatch(/licen[cs]e/i);
    expect(((await get(user, `/api/reports/${report.siteId}/latest`)).json() as TReport).hasProximity).toBe(false);
  });

  it("keeps another account's reports and sites out of reach (404) and read-only users from adding", async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, owner.account.id, { [ProductId.Basic]: 1, [ProductId.DemographicsAddOnBasic]: 1 });
    const report = await created(owner, { reportType: 0, siteName: siteName(), addOnProducts: [104], ...CHICAGO });
    const other = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, other.account.id, { [ProductId.ProximityAddOn]: 1 });
    const id = report.accountProductReportId;
    expect((await get(other, `/api/reports/${id}/proximity`)).statusCode).toBe(404);
    expect((await get(other, `/api/reports/${id}/all/demographics`)).statusCode).toBe(404);
    expect((await get(other, `/api/reports/${report.siteId}/crcfData`)).statusCode).toBe(404);
    expect((await addProximity(other, [id])).statusCode).toBe(404);
    expect((await remaining(other))[String(ProductId.ProximityAddOn)]).toBe(1);

    const readOnly = await createTestUser(ctx, { userType: 1, inAccount: owner.account });
    expect((await addProximity(readOnly, [id])).statusCode).toBe(403);
    expect((await get(readOnly, `/api/reports/${id}/all/demographics`)).statusCode).toBe(200);
  });

  it("answers the county's demographics for a report with the Demographics add-on, all or one section", async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 2, [ProductId.DemographicsAddOnBasic]: 1 });
    const plain = await created(user, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const refused = await get(user, `/api/reports/${plain.accountProductReportId}/all/demographics`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ReportContextMessages.noDemographics);

    const report = await created(user, { reportType: 0, siteId: plain.siteId, addOnProducts: [104] });
    const all = ZReportDemographics.parse((await get(user, `/api/reports/${report.accountProductReportId}/all/demographics?v=1`)).json());
    expect(all).toMatchObject({ countyFips: '17031', countyName: 'Cook County, Illinois' });
    expect(all.demographics).toMatchObject({ Income: 59426, TotalPop: 5238541 });
    expect(all.demographicSections.find((s) => s.demographicSectionID === 2)).toEqual({ demographicSectionID: 2, parentID: 1, sectionName: 'Race and ethnicity' });
    expect(all.demographicNames.find((n) => n.dataName === 'IncomeErr')!.visible).toBe(false);

    const income = ZReportDemographics.parse((await get(user, `/api/reports/${report.accountProductReportId}/5/demographics`)).json());
    expect(income.demographicSections.map((s) => s.sectionName)).toEqual(['Income and poverty']);
    expect(Object.keys(income.demographics)).toContain('Poverty');
    expect(Object.keys(income.demographics)).not.toContain('TotalPop');
    const employment = ZReportDemographics.parse((await get(user, `/api/reports/${report.accountProductReportId}/6/demographics`)).json());
    expect(employment.demographicSections.map((s) => s.demographicSectionID)).toEqual([6, 7, 8]);

    expect((await get(user, `/api/reports/${report.accountProductReportId}/99/demographics`)).json().message).toBe(ReportContextMessages.unknownSection);
    expect((await get(user, `/api/reports/${report.accountProductReportId}/everything/demographics`)).statusCode).toBe(400);
  });

  it('compares actual and expected crime rates per methodology for an urban US site, behind the crime-risk feature', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { defaultPremiumMethodology: [2, 1] } });
    await grant(ctx, user.account.id, { [ProductId.Premium]: 1, [ProductId.Basic]: 1 });
    const report = await created(user, { reportType: 1, siteName: siteName(), ...CHICAGO });
    expect(report.hasCrimeRateComparison).toBe(true);
    const comparison = ZCrimeRateComparison.parse((await get(user, `/api/reports/${report.siteId}/crcfData?v=1`)).json());
    expect(comparison.accountProductReportId).toBe(report.accountProductReportId);
    expect(comparison.methodologies.map((m) => m.methodologyType)).toEqual(report.methodologyTypeIds);
    for (const methodology of comparison.methodologies) {
      expect(methodology.areaName).toBe('Cook County');
      expect(methodology.rates).toHaveLength(10);
      const total = methodology.rates.find((rate) => rate.crimeType === 'total')!;
      expect(total.actual).toBeGreaterThan(500);
      expect(total.expected).toBeGreaterThan(0);
    }
    // Both methodologies compare with the same reported rate; their expectations are their own.
    const [a, b] = comparison.methodologies;
    expect(a!.rates.find((r) => r.crimeType === 'total')!.actual).toBe(b!.rates.find((r) => r.crimeType === 'total')!.actual);

    const rural = await created(user, { reportType: 0, siteName: siteName(), ...RURAL_KANSAS });
    const notApplicable = await get(user, `/api/reports/${rural.siteId}/crcfData`);
    expect(notApplicable.statusCode).toBe(400);
    expect(notApplicable.json().message).toBe(ReportContextMessages.crimeRateNotAvailable);

    const withoutFeature = await createTestUser(ctx, { userType: 2, account: { allowCrimeRiskFeature: false } });
    await grant(ctx, withoutFeature.account.id, { [ProductId.Basic]: 1 });
    const theirs = await created(withoutFeature, { reportType: 0, siteName: siteName(), ...CHICAGO });
    const forbidden = await get(withoutFeature, `/api/reports/${theirs.siteId}/crcfData`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(ReportContextMessages.crimeRateNotAllowed);
  });
});
