import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCountryList, ZReleaseYearsResponse, type TCountry, type TReleaseYearsResponse } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';

describe.each(await testDatabaseKinds())('account/releases/years and countries on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers each country's releases, the current one, the 11-year list and the account's chosen years", async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { releaseYears: { '1': 2024, '5': 2019 } } });
    const response = await user.request({ method: 'GET', url: '/api/account/releases/years?v=7' });
    expect(response.statusCode).toBe(200);
    const body = ZReleaseYearsResponse.parse(response.json()) as TReleaseYearsResponse;
    expect(body.releaseYears).toEqual({ '1': 2024, '5': 2019 });
    expect(body.countries.map((country) => [country.countryId, country.countryCode, country.firstRelease, country.currentRelease])).toEqual([
      [1, 'USA', 2003, 2026],
      [2, 'CAN', 2000, 2026],
      [3, 'GBR', 2005, 2026],
      [5, 'MEX', 2016, 2026],
      [6, 'PRI', 2008, 2026],
    ]);
    for (const country of body.countries) {
      expect(country.years).toHaveLength(11);
      expect(country.years[0]).toBe(2026);
      expect(country.years[10]).toBe(2016);
      expect(country.lastRelease).toBe(country.currentRelease);
    }
  });

  it('answers an account that chose nothing with an empty choice', async () => {
    const user = await createTestUser(ctx, { userType: 1 });
    const body = (await user.request({ method: 'GET', url: '/API/Account/Releases/Years' })).json() as TReleaseYearsResponse;
    expect(body.releaseYears).toEqual({});
  });

  it('lists the Country entities with releases, score ranges and map framing for the web map and legends', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const response = await user.request({ method: 'GET', url: '/api/countries' });
    expect(response.statusCode).toBe(200);
    const countries = ZCountryList.parse(response.json()) as TCountry[];
    expect(countries.map((country) => country.countryCode)).toEqual(['USA', 'CAN', 'GBR', 'MEX', 'PRI']);
    const byCode = new Map(countries.map((country) => [country.countryCode, country]));
    expect(byCode.get('CAN')!.metric).toBe(true);
    expect(countries.filter((country) => country.metric)).toHaveLength(1);
    const us = byCode.get('USA')!.countryReleases.scoreRange;
    expect([us.scoreBreak1, us.scoreBreak2, us.scoreBreak3, us.scoreBreak4, us.scoreBreak5]).toEqual(['0-99', '100-199', '200-399', '400-799', '800-2000']);
    expect(us.colorBreaks).toHaveLength(5);
    expect(us.detailedBreaks).toHaveLength(25);
    expect(byCode.get('GBR')!.countryReleases.scoreRange.scoreBreak5).toBe('400-1000');
    expect(byCode.get('MEX')!.countryReleases.scoreRange.scoreBreak4).toBe('300-399');
    expect(byCode.get('PRI')!.boundingBox).toEqual([-67.95, 17.88, -65.22, 18.52]);
    expect(byCode.get('PRI')!.countryReleases.firstRelease).toBe(2008);
  });

  it('refuses callers without a session', async () => {
    for (const url of ['/api/account/releases/years', '/api/countries']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
  });
});
