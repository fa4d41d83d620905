import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';

describe.each(await testDatabaseKinds())('POST reports/validatemethodologies on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const validate = (user: TestUser, reportType: number, methodologyTypeIds: number[]) =>
    user.request({ method: 'POST', url: '/api/reports/validatemethodologies?v=1', payload: { reportType, methodologyTypeIds } });

  it("applies the product's methodology rules with its exact messages", async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { defaultPremiumMethodology: [2, 3] } });
    expect((await validate(user, 1, [2])).json()).toEqual({ isValid: false, message: 'Please select 2 methodologies.', methodologyTypeIds: [] });
    expect((await validate(user, 1, [3, 2])).json()).toEqual({ isValid: true, message: null, methodologyTypeIds: [3, 2] });
    expect((await validate(user, 0, [2, 3])).json()).toMatchObject({ isValid: false, message: 'Please select no more than 1 methodology.' });
    expect((await validate(user, 1, [1, 2, 3])).json()).toMatchObject({ isValid: false, message: 'Please select no more than 2 methodologies.' });
    expect((await validate(user, 6, [1, 2, 3, 4])).json()).toMatchObject({ isValid: true, methodologyTypeIds: [1, 2, 3, 4] });
  });

  it('fills in the account defaults when no methodology is named', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { defaultBasicMethodology: 3, defaultPremiumMethodology: [1, 2] } });
    expect((await validate(user, 0, [])).json()).toEqual({ isValid: true, message: null, methodologyTypeIds: [3] });
    expect((await validate(user, 1, [])).json()).toEqual({ isValid: true, message: null, methodologyTypeIds: [1, 2] });
  });

  it("refuses methodologies the account does not allow, and lets provider staff choose one premium methodology", async () => {
    const limited = await createTestUser(ctx, { userType: 3, account: { allowedMethodologies: 0b0011, defaultPremiumMethodology: [1, 2] } });
    const refused = (await validate(limited, 0, [3])).json();
    expect(refused.isValid).toBe(false);
    expect(refused.message).toContain('is not available to this account');

    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true, defaultPremiumMethodology: [2, 3] } });
    expect((await validate(staff, 1, [2])).json()).toMatchObject({ isValid: true, methodologyTypeIds: [2] });
  });

  it('names the field of a malformed request and needs a session', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const bad = await validate(user, 7, [2]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reportType' });
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/reports/validatemethodologies', payload: { reportType: 0, methodologyTypeIds: [2] } });
    expect(anonymous.statusCode).toBe(401);
  });
});
