import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages, ProductId, readScore, ZReport, ZSiteFull, type TReport } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { accounts } from '../../db/schema/index';
import { CHICAGO, grant, MID_ATLANTIC, postReport, remaining, reportRows, RURAL_KANSAS, siteName, siteRows, WASHINGTON_DC } from '../../../test/report-fixtures';

describe.each(await testDatabaseKinds())('POST reports on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A standard user in a new account holding `licences`. */
  async function userWith(licences: Record<number, number>, options: Parameters<typeof createTestUser>[1] = {}) {
    const user = await createTestUser(ctx, { userType: 2, ...options });
    await grant(ctx, user.account.id, licences);
    return user;
  }

  it('creates a Basic report for a new site by coordinates: 90 scores, one licence, the site summary', async () => {
    const user = await userWith({ [ProductId.Basic]: 3 });
    const name = siteName('Willis Tower');
    const response = await postReport(user, { reportType: 0, siteName: name, ...CHICAGO, tags: ' hq; Chicago ;hq;;chicago ', notes: 'Lobby' });
    expect(response.statusCode).toBe(200);
    const report = ZReport.parse(response.json()) as TReport;
    expect(report).toMatchObject({ countryID: 1, reportType: 0, releaseYear: 2026, methodologyTypeIds: [2], features: 0, sections: 233223, hasProximity: false, hasHeatMap: false });
    expect(report).toMatchObject({ updatable: false, upgradable: true, hasMap: true, hasPdf: true, stateScoresHidden: false, hasCrimeRateComparison: true });
    expect(report.premiumData).toBeUndefined();
    const [entry] = report.basicData!;
    expect(entry!.methodologyType).toBe(2);
    expect(entry!.regions.map((region) => region.name)).toEqual(['National', 'State', 'County']);
    expect(entry!.regions[1]!.areaName).toBe('Illinois');
    expect(entry!.regions[2]!.areaName).toMatch(/Cook/);
    expect(entry!.periods.map((period) => period.key)).toEqual(['past', 'current', 'projected']);
    const rows = entry!.scores.filter((row) => !row.isHeading);
    expect(rows).toHaveLength(90);
    expect(entry!.scores.filter((row) => row.isHeading).map((row) => row.name)).toEqual(['Crimes Against Persons', 'Crimes Against Property', 'Total Crime']);
    expect(entry!.scores.map((row) => row.order)).toEqual(entry!.scores.map((_, index) => index));
    expect(new Set(rows.map((row) => row.scoreIndex)).size).toBe(90);
    for (const row of rows) {
      expect(row.low!).toBeLessThanOrEqual(row.value!);
      expect(row.high!).toBeGreaterThanOrEqual(row.value!);
    }
    expect(report.upgradeOptions).toEqual({ upgrades: [{ toType: 1, productId: 200 }, { toType: 6, productId: 201 }], addOns: [100, 101, 104] });

    expect((await remaining(user))['0']).toBe(2);
    const [site] = await siteRows(ctx, user.account.id);
    expect(site).toMatchObject({ siteId: report.siteId, siteName: name, latitude: CHICAGO.latitude, longitude: CHICAGO.longitude, countryId: 1, admin1Code: 'IL', ct: 2, geocodeType: 'MANUAL', notes: 'Lobby' });
    expect(site!.tags).toEqual(['hq', 'Chicago']);
    // A pin's address comes from the nearest postal area.
    expect(site).toMatchObject({ city: 'Chicago', state: 'IL', county: 'Cook County' });
    expect(site!.zipCode).toMatch(/^606/);
    const totalNationalCurrent = rows.find((row) => row.crimeType === 'total' && row.region === 'national' && row.period === 'current')!.value;
    expect(site!.s).toEqual({ '2': totalNationalCurrent });
    expect(site!.l).toEqual({ r: 2026, p: 0, f: 0 });
    expect(site!.lrr?.toISOString()).toBe(report.created);
  });

  it('notes identical methodologies and few residents in the City of London, in the report and in the site\'s report list', async () => {
    const user = await userWith({ [ProductId.PremiumPlus]: 1 });
    const response = await postReport(user, { reportType: 6, siteName: siteName('Cheapside'), latitude: 51.5138, longitude: -0.0927, methodologyTypeIds: [1, 2, 3, 4] });
    expect(response.statusCode).toBe(200);
    const report = ZReport.parse(response.json()) as TReport;
    expect(report.countryID).toBe(3);
    // Outside the USA methodologies 1, 2 and 4 rest on the force area's rates; 3 has the City's incidents.
    expect(report.sameScoresNote).toBe('Methodologies 1, 2 and 4 give the same scores here: with no finer data at this location they all rest on the same area data (City of London).');
    expect(report.premiumPlusData!.map((entry) => entry.fewResidents)).toEqual([true, true, true, true]);
    const full = ZSiteFull.parse((await user.request({ method: 'GET', url: `/api/sites/full/${report.siteId}` })).json());
    expect(full.reports[0]).toMatchObject({ sameScoresNote: report.sameScoresNote, fewResidents: true });

    const chicago = ZReport.parse((await postReport(await userWith({ [ProductId.Basic]: 1 }), { reportType: 0, siteName: siteName('Loop'), ...CHICAGO })).json()) as TReport;
    expect(chicago.sameScoresNote).toBeNull();
    expect(chicago.basicData![0]!.fewResidents).toBe(false);
  });

  it("marks the account's data as changed, so cached site lists reload", async () => {
    const user = await userWith({ [ProductId.Basic]: 1 });
    const before = await accountDataLastUpdated(user.account.id);
    ctx.clock.advance(60_000);
    expect((await postReport(user, { reportType: 0, siteName: siteName('Cache'), ...CHICAGO })).statusCode).toBe(200);
    const after = await accountDataLastUpdated(user.account.id);
    expect(after).toBeGreaterThanOrEqual(before + 60_000);
    expect(after).toBeLessThanOrEqual(ctx.clock.now().getTime());
  });

  async function accountDataLastUpdated(accountId: number): Promise<number> {
    const rows = await ctx.deps.database.db.select({ at: accounts.dataLastUpdated }).from(accounts).where(eq(accounts.id, accountId));
    return rows[0]!.at.getTime();
  }

  it('scores downtown Chicago above a rural Kansas county, and offers the crime-rate comparison only for the urban site', async () => {
    const user = await userWith({ [ProductId.Basic]: 2 });
    const total = (report: TReport) => report.basicData![0]!.scores.find((row) => row.crimeType === 'total' && row.region === 'national' && row.period === 'current')!.value!;
    const chicago = (await postReport(user, { reportType: 0, siteName: siteName('Loop'), ...CHICAGO })).json() as TReport;
    const rural = (await postReport(user, { reportType: 0, siteName: siteName('Rush County'), ...RURAL_KANSAS })).json() as TReport;
    expect(total(chicago)).toBeGreaterThan(total(rural));
    expect(chicago.hasCrimeRateComparison).toBe(true);
    expect(rural.hasCrimeRateComparison).toBe(false);
    expect(rural.basicData![0]!.regions.map((region) => region.areaName)).toEqual([null, 'Kansas', 'Rush County']);
  });

  it('creates a report for a new site by address, geocoding it, and keeps coordinates to 7 decimals', async () => {
    const user = await userWith({ [ProductId.Premium]: 1 });
    const response = await postReport(
      user,
      { reportType: 1, siteName: siteName('By address'), street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'USA' },
      'acceptFirstCandidate=true&allowZipLevelPrecision=true',
    );
    expect(response.statusCode).toBe(200);
    const report = response.json() as TReport;
    expect(report.premiumData!.map((entry) => entry.methodologyType)).toEqual([2, 3]);
    const [site] = await siteRows(ctx, user.account.id);
    expect(site).toMatchObject({ countryId: 1, zipCode: '60606', city: 'Chicago', state: 'IL', geocodeType: 'POSTCODE' });
    expect(Math.abs(site!.latitude - 41.878)).toBeLessThan(0.05);
    expect(site!.latitude).toBe(Number(site!.latitude.toFixed(7)));
  });

  it("answers the product's messages for a missing name, a taken name, an ungeocodable address and an unscorable point", async () => {
    const user = await userWith({ [ProductId.Basic]: 5 });
    const noName = await postReport(user, { reportType: 0, siteName: '  ', ...CHICAGO });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ field: 'siteName' });
    expect(noName.json().message).toContain('Site Name is required.');

    const name = siteName('Taken');
    expect((await postReport(user, { reportType: 0, siteName: name, ...CHICAGO })).statusCode).toBe(200);
    const taken = await postReport(user, { reportType: 0, siteName: ` ${name.toUpperCase()} `, latitude: 41.9, longitude: -87.7 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ field: 'siteName', message: `Another site in the account already has the name '${name.toUpperCase()}'. Please use a different site name.` });

    const nowhere = await postReport(user, { reportType: 0, siteName: siteName(), street: '1 Nowhere Lane', city: 'Qqqqqq', state: 'ZZ', zipCode: '99999', countryCode: 'USA' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe(Messages.geocodeFailed);
    expect(Messages.geocodeFailed).toBe('The address cannot be geocoded or is not scorable. Please modify address or provide coordinates and try again.');

    const ocean = await postReport(user, { reportType: 0, siteName: siteName(), ...MID_ATLANTIC });
    expect(ocean.statusCode).toBe(400);
    expect(ocean.json().message).toBe('The location is not scorable. Please verify coordinates and try again.');

    expect((await remaining(user))['0']).toBe(4);
    expect(await siteRows(ctx, user.account.id)).toHaveLength(1);
  });

  it('refuses a second site at the same point with 409 naming it, unless ignoreDuplicates', async () => {
    const user = await userWith({ [ProductId.Basic]: 5 });
    const first = (await postReport(user, { reportType: 0, siteName: siteName('First'), ...CHICAGO })).json() as TReport;
    const again = await postReport(user, { reportType: 0, siteName: siteName('Second'), latitude: CHICAGO.latitude + 1e-9, longitude: CHICAGO.longitude });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', details: { siteId: first.siteId } });
    const anyway = await postReport(user, { reportType: 0, siteName: siteName('Second'), ...CHICAGO }, 'ignoreDuplicates=true');
    expect(anyway.statusCode).toBe(200);
    expect((anyway.json() as TReport).siteId).not.toBe(first.siteId);
    // A report for the existing site by id.
    const onSite = await postReport(user, { reportType: 0, siteId: first.siteId });
    expect(onSite.statusCode).toBe(200);
    expect((onSite.json() as TReport).siteId).toBe(first.siteId);
    expect((await remaining(user))['0']).toBe(2);
  });

  it('creates nothing when licences are short: no site, no report, the ledger names the product and the shortfall', async () => {
    const user = await userWith({ [ProductId.Basic]: 2, [ProductId.HeatMapAddOn]: 0 });
    const response = await postReport(user, { reportType: 0, siteName: siteName(), ...CHICAGO, addOnProducts: [100] });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_LICENSES', message: 'Not enough Heat Map add-on licences: 1 needed, 0 remaining (short by 1).' });
    expect(await siteRows(ctx, user.account.id)).toEqual([]);
    expect(await reportRows(ctx, user.account.id)).toEqual([]);
    expect((await remaining(user))['0']).toBe(2);

    const none = await userWith({});
    const short = await postReport(none, { reportType: 6, siteName: siteName(), ...CHICAGO });
    expect(short.statusCode).toBe(402);
    expect(short.json().message).toBe('Not enough Premium Plus licences: 1 needed, 0 remaining (short by 1).');
    expect(await siteRows(ctx, none.account.id)).toEqual([]);
  });

  it('consumes add-ons with the report and sets their features', async () => {
    const user = await userWith({ [ProductId.Premium]: 1, [ProductId.HeatMapAddOn]: 1, [ProductId.DemographicsAddOnPremium]: 1 });
    const response = await postReport(user, { reportType: 1, siteName: siteName(), ...CHICAGO, addOnProducts: [100, 105] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ features: 5, addOnProducts: [100, 105], hasHeatMap: true, hasDemographics: true });
    expect(await remaining(user)).toMatchObject({ '1': 0, '100': 0, '105': 0 });
    const wrongType = await postReport(user, { reportType: 0, siteName: siteName(), latitude: 41.95, longitude: -87.65, addOnProducts: [102] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ field: 'addOnProducts', message: 'The Supplemental Scores add-on (Premium) cannot be added to Basic reports.' });
  });

  it('offers end users only the add-ons the account makes available to them (allowAddingByEndUser)', async () => {
    const user = await userWith({ [ProductId.Premium]: 2, [ProductId.HeatMapAddOn]: 2 }, { account: { endUserAddOnProducts: [105] } });
    const current = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: user.cookie } });
    expect(current.json().allowProduct).toMatchObject({ '100': 0, '105': 1, '1': 1 });
    expect(current.json().account.endUserAddOnProducts).toEqual([105]);
    const refused = await postReport(user, { reportType: 1, siteName: siteName(), ...CHICAGO, addOnProducts: [100] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to use Heat Map add-on licences.');
    expect(await siteRows(ctx, user.account.id)).toEqual([]);
    expect(await remaining(user)).toMatchObject({ '1': 2, '100': 2 });
    const plain = await postReport(user, { reportType: 1, siteName: siteName(), ...CHICAGO });
    expect(plain.statusCode).toBe(200);
  });

  it('never drives a balance below zero under concurrent creations', async () => {
    const user = await userWith({ [ProductId.Basic]: 3 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => postReport(user, { reportType: 0, siteName: siteName('Race'), latitude: 41.8 + index / 100, longitude: -87.7 })),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 402)).toHaveLength(5);
    expect((await remaining(user))['0']).toBe(0);
    expect(await reportRows(ctx, user.account.id)).toHaveLength(3);
    expect(await siteRows(ctx, user.account.id)).toHaveLength(3);
  });

  it("answers 400 with the product's methodology messages", async () => {
    const user = await userWith({ [ProductId.Basic]: 5, [ProductId.Premium]: 5 }, { account: { defaultPremiumMethodology: [2, 3], allowedMethodologies: 0b0111 } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ reportType: 1, methodologyTypeIds: [2] }, 'Please select 2 methodologies.'],
      [{ reportType: 0, methodologyTypeIds: [2, 3] }, 'Please select no more than 1 methodology.'],
      [{ reportType: 1, methodologyTypeIds: [1, 2, 3] }, 'Please select no more than 2 methodologies.'],
      [{ reportType: 0, methodologyTypeIds: [4] }, 'The Predictors only methodology (4) is not available to this account.'],
    ];
    for (const [body, message] of cases) {
      const response = await postReport(user, { ...body, siteName: siteName(), ...CHICAGO });
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ field: 'methodologyTypeIds', message });
    }
    expect(await siteRows(ctx, user.account.id)).toEqual([]);
    expect(await remaining(user)).toMatchObject({ '0': 5, '1': 5 });
  });

  it('refuses callers without the right to create reports or use the product, and read-only users', async () => {
    const noCreate = await userWith({ [ProductId.Basic]: 1 }, { user: { allowCreateReports: false } });
    const refused = await postReport(noCreate, { reportType: 0, siteName: siteName(), ...CHICAGO });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to create reports.');
    const noPremium = await userWith({ [ProductId.Premium]: 1 }, { user: { allowProduct: { '1': 0 } } });
    const premium = await postReport(noPremium, { reportType: 1, siteName: siteName(), ...CHICAGO });
    expect(premium.statusCode).toBe(403);
    expect(premium.json().message).toBe('You are not allowed to use Premium licences.');
    const reader = await userWith({ [ProductId.Basic]: 1 }, { userType: 1 });
    expect((await postReport(reader, { reportType: 0, siteName: siteName(), ...CHICAGO })).statusCode).toBe(403);
    expect(await siteRows(ctx, reader.account.id)).toEqual([]);
  });

  it('hides the state scores of DC sites from release 2022 and shows them before', async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    await grant(ctx, staff.account.id, { [ProductId.Basic]: 2 });
    const current = (await postReport(staff, { reportType: 0, siteName: siteName('White House'), ...WASHINGTON_DC })).json() as TReport;
    expect(current.stateScoresHidden).toBe(true);
    const entry = current.basicData![0]!;
    expect(entry.regions.map((region) => region.key)).toEqual(['national', 'county']);
    expect(entry.scores.filter((row) => !row.isHeading)).toHaveLength(60);
    expect(entry.scores.some((row) => row.region === 'state')).toBe(false);
    const older = (await postReport(staff, { reportType: 0, siteId: current.siteId, releaseYear: 2021 })).json() as TReport;
    expect(older).toMatchObject({ releaseYear: 2021, stateScoresHidden: false, updatable: true });
    expect(older.basicData![0]!.scores.filter((row) => !row.isHeading)).toHaveLength(90);
    // Provider staff backdate without the fee.
    expect((await remaining(staff))['150']).toBe(0);
  });

  it('applies the backdating rule and fee for end users, and keeps old releases without map and PDF', async () => {
    const user = await userWith({ [ProductId.Basic]: 5, [ProductId.BackdateFee]: 1 });
    const refused = await postReport(user, { reportType: 0, siteName: siteName(), ...CHICAGO, releaseYear: 2020 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Backdating is not enabled for this account.');

    const allowed = await userWith({ [ProductId.Basic]: 5, [ProductId.BackdateFee]: 1 }, { account: { allowBackdating: true } });
    const backdated = await postReport(allowed, { reportType: 0, siteName: siteName(), ...CHICAGO, releaseYear: 2020 });
    expect(backdated.statusCode).toBe(200);
    expect(backdated.json()).toMatchObject({ releaseYear: 2020, updatable: true, hasMap: true });
    expect(await remaining(allowed)).toMatchObject({ '0': 4, '150': 0 });

    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    await grant(ctx, staff.account.id, { [ProductId.Basic]: 1 });
    const old = await postReport(staff, { reportType: 0, siteName: siteName(), ...CHICAGO, releaseYear: 2005 });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ releaseYear: 2005, hasMap: false, hasPdf: false });
  });

  it('e-mails the user when sendReportEmail is set, reading the score with its country\'s band and risk level', async () => {
    const user = await userWith({ [ProductId.Basic]: 1 });
    const before = ctx.outbox.length;
    const name = siteName('Mailed');
    // The City of London: a UK score above the compact legend's top band.
    const report = (await postReport(user, { reportType: 0, siteName: name, latitude: 51.5138, longitude: -0.0927 }, 'sendReportEmail=true')).json() as TReport;
    const mail = ctx.outbox.slice(before).find((message) => message.to === user.user.email);
    expect(mail?.subject).toBe(`RiskAtlas: Basic report for ${name} is ready`);
    expect(mail?.text).toContain(`accountProductReportId=${report.accountProductReportId}`);
    const total = report.basicData![0]!.scores.find((row) => row.crimeType === 'total' && row.region === 'national' && row.period === 'current')!.value!;
    expect(mail?.text).toContain(`Total Crime ${readScore(total, 3).text} (100 = the national average)`);
  });

  it("answers 404 for another account's site", async () => {
    const owner = await userWith({ [ProductId.Basic]: 1 });
    const site = ((await postReport(owner, { reportType: 0, siteName: siteName(), ...CHICAGO })).json() as TReport).siteId;
    const other = await userWith({ [ProductId.Basic]: 1 });
    const response = await postReport(other, { reportType: 0, siteId: site });
    expect(response.statusCode).toBe(404);
    expect((await remaining(other))['0']).toBe(1);
  });
});
