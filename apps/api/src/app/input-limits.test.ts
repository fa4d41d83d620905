import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../test/context';
import { testDatabaseKinds } from '../../test/databases';
import { CHICAGO } from '../../test/report-fixtures';

/*
 * The input limits as a user or a client meets them: ids past the database's integers and text
 * with control characters are refused with 400 and one sentence naming the field, and nothing is
 * written.
 */

async function siteCount(user: TestUser): Promise<number> {
  return (await user.request({ method: 'GET', url: '/api/sites/count' })).json<{ count: number }>().count;
}

describe.each(await testDatabaseKinds())('input limits on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses ids past 2147483647 in paths, queries and bodies, naming the id', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const refused = (label: string, field: string) => ({ code: 'VALIDATION_FAILED', message: `${label} must be a whole number from 1 to 2147483647.`, field });
    for (const url of ['/api/sites/2147483648', '/api/sites/full/2147483648', '/api/sites/2147483648/comments', '/api/reports/9007199254740993']) {
      const response = await user.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(refused('Site id', url.startsWith('/api/reports') ? 'siteId' : 'id'));
    }
    expect((await user.request({ method: 'GET', url: '/api/sites/byaprid/2147483648' })).json()).toEqual(refused('Report id', 'id'));
    expect((await user.request({ method: 'GET', url: '/api/users/files/-1' })).json()).toEqual(refused('File id', 'objectID'));
    // The largest id is a fine id that names nothing.
    expect((await user.request({ method: 'GET', url: '/api/sites/2147483647' })).statusCode).toBe(404);

    const counts = await user.request({ method: 'POST', url: '/api/reports/counts', payload: { accountProductReportIds: [5, 2 ** 31] } });
    expect(counts.json()).toEqual(refused('Report id', 'accountProductReportIds.1'));
    const tasks = await user.request({ method: 'POST', url: '/api/users/taskstatuses/delete', payload: [1.5] });
    expect(tasks.json()).toEqual(refused('Task id', '0'));
    const limit = await user.request({ method: 'GET', url: '/api/account/checkSiteOnlyAccountLimit?accountId=4294967296' });
    expect(limit.json()).toEqual(refused('Account id', 'accountId'));
  });

  it('refuses control characters in names, tags and external ids, and writes nothing', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const before = await siteCount(user);
    const created = await user.request({ method: 'POST', url: '/api/sites', payload: { siteName: 'HQ\u0000', ...CHICAGO } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Site name cannot contain control characters.', field: 'siteName' });
    expect(await siteCount(user)).toBe(before);

    const site = (await user.request({ method: 'POST', url: '/api/sites', payload: { siteName: 'HQ', ...CHICAGO } })).json<{ siteId: number }>();
    for (const [field, value, message] of [
      ['tags', 'north;\u0007south', 'Tags cannot contain control characters.'],
      ['externalID', 'E-1\n', 'External id cannot contain control characters.'],
      ['notes', 'bell\u0007', 'Notes cannot contain control characters.'],
      ['siteName', 'x'.repeat(201), 'Site name can be at most 200 characters.'],
    ] as const) {
      const edit = await user.request({ method: 'POST', url: '/api/sites/edit', payload: { siteId: site.siteId, [field]: value } });
      expect(edit.statusCode, field).toBe(400);
      expect(edit.json(), field).toEqual({ code: 'VALIDATION_FAILED', message, field });
    }
    const unchanged = (await user.request({ method: 'GET', url: `/api/sites/${site.siteId}` })).json<{ siteName: string; tags: string[]; eid: string | null; notes: string | null }>();
    expect(unchanged).toMatchObject({ siteName: 'HQ', tags: [], eid: null, notes: null });
  });

  it('keeps tabs and line breaks in notes and comments, and refuses other control characters there', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const site = (await user.request({ method: 'POST', url: '/api/sites', payload: { siteName: 'Depot', notes: 'Gate A\r\n\tback door', ...CHICAGO } })).json<{ siteId: number; notes: string }>();
    expect(site.notes).toBe('Gate A\r\n\tback door');
    const comment = await user.request({ method: 'POST', url: `/api/sites/${site.siteId}/comments`, payload: { comment: 'Line one\n\tLine two' } });
    expect(comment.statusCode).toBe(200);
    expect(comment.json()).toMatchObject({ comment: 'Line one\n\tLine two' });
    const nul = await user.request({ method: 'POST', url: `/api/sites/${site.siteId}/comments`, payload: { comment: 'a\u0000b' } });
    expect(nul.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Comment cannot contain control characters.', field: 'comment' });
    const comments = (await user.request({ method: 'GET', url: `/api/sites/${site.siteId}/comments` })).json<unknown[]>();
    expect(comments).toHaveLength(1);
  });

  it('refuses control characters in the e-mail of sign-in and password reset before any lookup', async () => {
    for (const url of ['/api/auth/login', '/api/auth/forgot']) {
      const response = await ctx.app.inject({ method: 'POST', url, payload: { email: 'ana\u0000@example.test', password: 'whatever-it-is' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ code: 'VALIDATION_FAILED', message: 'E-mail address cannot contain control characters.', field: 'email' });
    }
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token: `${'a'.repeat(20)}\u0000`, password: 'a-new-password' } });
    expect(reset.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'This password reset link is invalid or has expired. Please request a new one.', field: 'token' });
  });
});
