import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PRODUCT_IDS, ErrorCode, ProductId, ZLicenseHistory, ZLicenseList, ZLicenseRateSummary, type TLicenseList, type TLicenseRateSummary } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { AppError } from '../../lib/app-error';
import { remainingLicenses } from './licenses.repository';
import { consumeLicenses, grantLicenses, refundLicenses } from './licenses.service';

describe.each(await testDatabaseKinds())('licence ledger on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.deps.database.db;
  const grant = (accountId: number, productId: number, quantity: number) => grantLicenses(db(), { accountId, productId, quantity, now: ctx.clock.now() });
  const consume = (accountId: number, userId: number, items: { productId: number; quantity: number }[], reference = 'report:1') =>
    db().transaction((tx) => consumeLicenses(tx, { accountId, userId, items, reference }));
  const entry = (list: TLicenseList, type: string) => list.find((e) => e.type === type)!.licenseCounts;

  it('answers Remaining, Granted and Used counts after grants and consumption', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(user.account.id, ProductId.Basic, 10);
    await grant(user.account.id, ProductId.Premium, 4);
    expect(await consume(user.account.id, user.user.id, [{ productId: ProductId.Basic, quantity: 3 }, { productId: ProductId.Premium, quantity: 1 }])).toEqual({ '0': 7, '1': 3 });
    const response = await user.request({ method: 'GET', url: '/api/account/licenses?v=3' });
    expect(response.statusCode).toBe(200);
    const list = ZLicenseList.parse(response.json());
    expect(list.map((e) => e.type)).toEqual(['Remaining', 'Granted', 'Used']);
    expect(entry(list, 'Remaining')).toMatchObject({ '0': 7, '1': 3, '5': 0, '150': 0 });
    expect(entry(list, 'Granted')).toMatchObject({ '0': 10, '1': 4, '5': 0 });
    expect(entry(list, 'Used')).toMatchObject({ '0': 3, '1': 1, '5': 0 });
    expect(Object.keys(entry(list, 'Remaining'))).toHaveLength(ALL_PRODUCT_IDS.length);
  });

  it('refuses a shortfall with 402 naming the product and the numbers, and writes nothing', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(user.account.id, ProductId.Basic, 1);
    await grant(user.account.id, ProductId.HeatMapAddOn, 5);
    const before = await remainingLicenses(db(), user.account.id);
    const error = await consume(user.account.id, user.user.id, [
      { productId: ProductId.HeatMapAddOn, quantity: 2 },
      { productId: ProductId.Basic, quantity: 3 },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.InsufficientLicenses);
    expect((error as AppError).statusCode).toBe(402);
    expect((error as AppError).message).toBe('Not enough Basic licences: 3 needed, 1 remaining (short by 2).');
    expect((error as AppError).details).toEqual({ shortfalls: [{ productId: 0, name: 'Basic', needed: 3, remaining: 1, shortBy: 2 }] });
    expect(await remainingLicenses(db(), user.account.id)).toEqual(before);
    const history = ZLicenseHistory.parse((await createTestUser(ctx, { userType: 3, inAccount: user.account }).then((admin) => admin.request({ method: 'GET', url: '/api/account/licenses/history' }))).json());
    expect(history.filter((row) => row.reason === 'consume')).toEqual([]);
  });

  it('names a product the account never had with 0 remaining', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await expect(consume(user.account.id, user.user.id, [{ productId: ProductId.UpgradeBasicToPremium, quantity: 1 }])).rejects.toThrow(
      'Not enough Upgrade Basic to Premium licences: 1 needed, 0 remaining (short by 1).',
    );
  });

  it('rolls consumption back with the transaction that pays for the work', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(user.account.id, ProductId.Scores, 5);
    await expect(
      db().transaction(async (tx) => {
        await consumeLicenses(tx, { accountId: user.account.id, userId: user.user.id, items: [{ productId: ProductId.Scores, quantity: 4 }], reference: 'scores:x' });
        throw new Error('the work failed after paying');
      }),
    ).rejects.toThrow('the work failed after paying');
    expect(await remainingLicenses(db(), user.account.id)).toEqual({ '5': 5 });
  });

  it('refunds failed work, never more than it consumed', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(user.account.id, ProductId.Basic, 5);
    await consume(user.account.id, user.user.id, [{ productId: ProductId.Basic, quantity: 2 }], 'report:77');
    await db().transaction((tx) => refundLicenses(tx, { accountId: user.account.id, userId: user.user.id, items: [{ productId: ProductId.Basic, quantity: 2 }], reference: 'report:77' }));
    expect(await remainingLicenses(db(), user.account.id)).toEqual({ '0': 5 });
    await expect(
      db().transaction((tx) => refundLicenses(tx, { accountId: user.account.id, userId: user.user.id, items: [{ productId: ProductId.Basic, quantity: 1 }], reference: 'report:77' })),
    ).rejects.toMatchObject({ code: ErrorCode.Conflict });
    const list = ZLicenseList.parse((await user.request({ method: 'GET', url: '/api/account/licenses' })).json());
    expect(entry(list, 'Used')['0']).toBe(0);
    expect(entry(list, 'Remaining')['0']).toBe(5);
  });

  it("keeps another account's licences invisible", async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    const other = await createTestUser(ctx, { userType: 3 });
    await grant(owner.account.id, ProductId.PremiumPlus, 9);
    const list = ZLicenseList.parse((await other.request({ method: 'GET', url: '/api/account/licenses' })).json());
    expect(entry(list, 'Remaining')['6']).toBe(0);
    const rates = ZLicenseRateSummary.parse((await other.request({ method: 'GET', url: '/api/account/licenses/ratesummary' })).json());
    expect(rates.find((r) => r.productId === 6)!.remaining).toBe(0);
    const history = ZLicenseHistory.parse((await other.request({ method: 'GET', url: '/api/account/licenses/history' })).json());
    expect(history).toEqual([]);
  });

  it('answers the rate summary with names, counts and allowProduct 0/1/3; read-only users read it with 0', async () => {
    const user = await createTestUser(ctx, { userType: 2, user: { allowProduct: { '1': 3, '6': 0 } } });
    await grant(user.account.id, ProductId.Basic, 2);
    await grant(user.account.id, ProductId.PremiumPlus, 2);
    await consume(user.account.id, user.user.id, [{ productId: ProductId.Basic, quantity: 1 }]);
    const response = await user.request({ method: 'GET', url: '/api/account/licenses/ratesummary?v=1' });
    expect(response.statusCode).toBe(200);
    const rates = ZLicenseRateSummary.parse(response.json()) as TLicenseRateSummary;
    expect(rates).toHaveLength(ALL_PRODUCT_IDS.length);
    const byId = new Map(rates.map((r) => [r.productId, r]));
    expect(byId.get(0)).toEqual({ productId: 0, name: 'Basic', remaining: 1, used: 1, allowed: 1 });
    expect(byId.get(1)).toMatchObject({ name: 'Premium', remaining: 0, allowed: 3 });
    expect(byId.get(6)).toMatchObject({ name: 'Premium Plus', remaining: 2, allowed: 0 });
    expect(byId.get(5)).toMatchObject({ name: 'Scores', remaining: 0, allowed: 0 });
    expect(byId.get(101)!.name).toBe('Supplemental Scores add-on (Basic)');

    const reader = await createTestUser(ctx, { userType: 1, inAccount: user.account });
    const readerRates = (await reader.request({ method: 'GET', url: '/api/account/licenses/ratesummary' })).json() as TLicenseRateSummary;
    expect(readerRates.find((r) => r.productId === 0)).toMatchObject({ remaining: 1, allowed: 0 });
    expect((await reader.request({ method: 'GET', url: '/api/account/licenses' })).statusCode).toBe(200);
  });

  it('shows administrators the ledger history newest first, filtered by product; others are refused', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(admin.account.id, ProductId.Basic, 3);
    ctx.clock.advance(1000);
    await grant(admin.account.id, ProductId.Scores, 4);
    ctx.clock.advance(1000);
    await db().transaction((tx) =>
      consumeLicenses(tx, { accountId: admin.account.id, userId: admin.user.id, items: [{ productId: ProductId.Basic, quantity: 1 }], reference: 'report:9', at: ctx.clock.now() }),
    );
    const all = ZLicenseHistory.parse((await admin.request({ method: 'GET', url: '/api/account/licenses/history' })).json());
    expect(all.map((r) => [r.productId, r.quantity, r.reason])).toEqual([
      [0, -1, 'consume'],
      [5, 4, 'grant'],
      [0, 3, 'grant'],
    ]);
    expect(all[0]).toMatchObject({ name: 'Basic', userId: admin.user.id, reference: 'report:9' });
    const basic = ZLicenseHistory.parse((await admin.request({ method: 'GET', url: '/api/account/licenses/history?productId=0&limit=1' })).json());
    expect(basic.map((r) => r.quantity)).toEqual([-1]);
    expect((await admin.request({ method: 'GET', url: '/api/account/licenses/history?limit=0' })).statusCode).toBe(400);
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    expect((await standard.request({ method: 'GET', url: '/api/account/licenses/history' })).statusCode).toBe(403);
  });

  it('never drives a count below zero under concurrent consumption', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await grant(user.account.id, ProductId.Basic, 5);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => consume(user.account.id, user.user.id, [{ productId: ProductId.Basic, quantity: 1 }], `report:${i}`)),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    expect(failed).toHaveLength(15);
    for (const f of failed) expect((f.reason as AppError).code).toBe(ErrorCode.InsufficientLicenses);
    expect(await remainingLicenses(db(), user.account.id)).toEqual({ '0': 0 });
  });
});
