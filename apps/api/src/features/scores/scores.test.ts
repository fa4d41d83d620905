import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId, ZScoresResponse, type TScoresResponse } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, grant, MID_ATLANTIC, remaining, RURAL_KANSAS, WASHINGTON_DC } from '../../../test/report-fixtures';

describe.each(await testDatabaseKinds())('POST scores on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const score = (user: TestUser, body: Record<string, unknown>) => user.request({ method: 'POST', url: '/api/scores?v=1', payload: body });

  it('scores locations in the order given, unscorable ones without scores or licence', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Scores]: 5 });
    const locations = [CHICAGO, MID_ATLANTIC, RURAL_KANSAS];
    const response = await score(user, { locations, methodologyTypeIds: [2, 1], releaseYear: -1 });
    expect(response.statusCode, response.body).toBe(200);
    const body = ZScoresResponse.parse(response.json()) as TScoresResponse;
    expect(body.results.map((r) => [r.latitude, r.longitude])).toEqual(locations.map((l) => [l.latitude, l.longitude]));
    expect(body.results.map((r) => r.isScorable)).toEqual([true, false, true]);
    expect(body.results[1]).toEqual({ ...MID_ATLANTIC, countryId: null, isScorable: false, releaseYear: null, scores: [], sameScoresNote: null, fewResidents: false });
    const chicago = body.results[0]!;
    expect(chicago).toMatchObject({ countryId: 1, releaseYear: 2026, sameScoresNote: null, fewResidents: false });
    expect(chicago.scores).toHaveLength(180);
    expect(chicago.scores.slice(0, 90).every((s) => s.methodologyType === 2)).toBe(true);
    expect(chicago.scores[0]).toMatchObject({ methodologyType: 2, crimeType: 'homicide', region: 'national', period: 'past' });
    for (const s of chicago.scores) {
      expect(s.low).toBeLessThanOrEqual(s.value);
      expect(s.high).toBeGreaterThanOrEqual(s.value);
      expect(['reported', 'imputed']).toContain(s.coverage);
    }
    expect((await remaining(user))['5']).toBe(3);
  });

  it('notes identical methodologies and few residents as a report of the point does', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Scores]: 1 });
    const cheapside = { latitude: 51.5138, longitude: -0.0927 };
    const response = await score(user, { locations: [cheapside], methodologyTypeIds: [1, 2, 3, 4] });
    expect(response.statusCode, response.body).toBe(200);
    const [result] = (ZScoresResponse.parse(response.json()) as TScoresResponse).results;
    // Outside the USA methodologies 1, 2 and 4 rest on the force area's rates; 3 has the City's incidents.
    expect(result).toMatchObject({
      countryId: 3,
      sameScoresNote: 'Methodologies 1, 2 and 4 give the same scores here: with no finer data at this location they all rest on the same area data (City of London).',
      fewResidents: true,
    });
  });

  it('scores a chosen release, and leaves out the DC state comparison from 2022', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Scores]: 2 });
    const body = (await score(user, { locations: [WASHINGTON_DC, WASHINGTON_DC], methodologyTypeIds: [2] })).json() as TScoresResponse;
    expect(body.results[0]!.scores).toHaveLength(60);
    expect(body.results[0]!.scores.some((s) => s.region === 'state')).toBe(false);
    await grant(ctx, user.account.id, { [ProductId.Scores]: 1 });
    const older = (await score(user, { locations: [WASHINGTON_DC], methodologyTypeIds: [2], releaseYear: 2021 })).json() as TScoresResponse;
    expect(older.results[0]).toMatchObject({ releaseYear: 2021 });
    expect(older.results[0]!.scores).toHaveLength(90);
  });

  it('consumes nothing when licences are short, and refuses more than 1,000 locations', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(ctx, user.account.id, { [ProductId.Scores]: 1 });
    const short = await score(user, { locations: [CHICAGO, RURAL_KANSAS], methodologyTypeIds: [2] });
    expect(short.statusCode).toBe(402);
    expect(short.json().message).toBe('Not enough Scores licences: 2 needed, 1 remaining (short by 1).');
    expect((await remaining(user))['5']).toBe(1);
    // Unscorable points cost nothing, so this one fits.
    expect((await score(user, { locations: [MID_ATLANTIC, CHICAGO], methodologyTypeIds: [2] })).statusCode).toBe(200);
    expect((await remaining(user))['5']).toBe(0);

    const tooMany = await score(user, { locations: Array.from({ length: 1001 }, () => CHICAGO), methodologyTypeIds: [2] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'locations' });
  });

  it("refuses methodologies the account does not allow, callers without the Scores product, and read-only users", async () => {
    const limited = await createTestUser(ctx, { userType: 2, account: { allowedMethodologies: 0b0010 } });
    await grant(ctx, limited.account.id, { [ProductId.Scores]: 5 });
    const refused = await score(limited, { locations: [CHICAGO], methodologyTypeIds: [2, 3] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'methodologyTypeIds', message: 'The Incident density methodology (3) is not available to this account.' });
    const noProduct = await createTestUser(ctx, { userType: 2, inAccount: limited.account, user: { allowProduct: { '5': 0 } } });
    expect((await score(noProduct, { locations: [CHICAGO], methodologyTypeIds: [2] })).statusCode).toBe(403);
    const reader = await createTestUser(ctx, { userType: 1, inAccount: limited.account });
    expect((await score(reader, { locations: [CHICAGO], methodologyTypeIds: [2] })).statusCode).toBe(403);
    expect((await remaining(limited))['5']).toBe(5);
  });
});
