import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, SiteMessages, ZSiteTagsResponse } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { accounts, auditLog, sites } from '../../db/schema/index';
import { call, seedSites } from './sites-test-fixtures';
import { ID_CHUNK } from '../../db/sql-helpers';

describe.each(await testDatabaseKinds())('POST sites/tags on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.deps.database.db;
  const tagsOf = async (siteIds: number[]) => {
    const rows = await db().select({ siteId: sites.siteId, tags: sites.tags }).from(sites).where(inArray(sites.siteId, siteIds));
    const byId = new Map(rows.map((row) => [row.siteId, row.tags]));
    return siteIds.map((id) => byId.get(id));
  };
  const dataLastUpdated = async (accountId: number) =>
    (await db().select({ at: accounts.dataLastUpdated }).from(accounts).where(eq(accounts.id, accountId)))[0]!.at.getTime();

  it('adds, removes and replaces tags of every selected site, counting the sites that changed', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const ids = await seedSites(ctx, user.account.id, [{ tags: ['North', 'VIP'] }, { tags: ['vip'] }, { tags: [] }, { tags: ['Keep'] }]);
    const selected = ids.slice(0, 3);

    ctx.clock.advance(5000);
    const before = await dataLastUpdated(user.account.id);
    const added = await call(user, 'POST', '/api/sites/tags', { siteIds: selected, mode: 'add', tags: ' Vip ; Night;night' });
    expect(added.statusCode, added.body).toBe(200);
    expect(ZSiteTagsResponse.parse(added.json())).toEqual({ count: 3 });
    // A tag a site already has (ignoring case) keeps the site's spelling; the unselected site is untouched.
    expect(await tagsOf(ids)).toEqual([['North', 'VIP', 'Night'], ['vip', 'Night'], ['Vip', 'Night'], ['Keep']]);
    expect(await dataLastUpdated(user.account.id)).toBeGreaterThan(before);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.accountId, user.account.id), eq(auditLog.action, 'sites.tagged')));
    expect(audit?.detail).toMatchObject({ mode: 'add', tags: ['Vip', 'Night'], count: 3 });

    const again = await call(user, 'POST', '/api/sites/tags', { siteIds: selected, mode: 'add', tags: ['NIGHT'] });
    expect(again.json()).toEqual({ count: 0 });

    const removed = await call(user, 'POST', '/api/sites/tags', { siteIds: [...selected, selected[0]], mode: 'remove', tags: 'VIP' });
    expect(removed.json()).toEqual({ count: 3 });
    expect(await tagsOf(selected)).toEqual([['North', 'Night'], ['Night'], ['Night']]);

    const replaced = await call(user, 'POST', '/api/sites/tags', { siteIds: selected, mode: 'replace', tags: ['Closed', ' closed ', ''] });
    expect(replaced.json()).toEqual({ count: 3 });
    expect(await tagsOf(selected)).toEqual([['Closed'], ['Closed'], ['Closed']]);

    const cleared = await call(user, 'POST', '/api/sites/tags', { siteIds: selected.slice(0, 2), mode: 'replace', tags: '' });
    expect(cleared.json()).toEqual({ count: 2 });
    expect(await tagsOf(ids)).toEqual([[], [], ['Closed'], ['Keep']]);
  });

  it('folds case beyond ASCII the way the domain rules do, whatever the database locale', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const [siteId] = await seedSites(ctx, user.account.id, [{ tags: ['Été', 'Zürich'] }]);
    expect((await call(user, 'POST', '/api/sites/tags', { siteIds: [siteId], mode: 'add', tags: 'ÉTÉ;ZÜRICH;Ørsted' })).json()).toEqual({ count: 1 });
    expect(await tagsOf([siteId!])).toEqual([['Été', 'Zürich', 'Ørsted']]);
    expect((await call(user, 'POST', '/api/sites/tags', { siteIds: [siteId], mode: 'remove', tags: 'été;ørsted' })).json()).toEqual({ count: 1 });
    expect(await tagsOf([siteId!])).toEqual([['Zürich']]);
  });

  it("refuses another account's site (404, nothing changes), read-only and denied users (403), and empty requests (400)", async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const other = await createTestUser(ctx, { userType: 3 });
    const [mine] = await seedSites(ctx, user.account.id, [{ tags: ['A'] }]);
    const [theirs] = await seedSites(ctx, other.account.id, [{ tags: ['B'] }]);

    const foreign = await call(user, 'POST', '/api/sites/tags', { siteIds: [mine, theirs], mode: 'add', tags: 'X' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: ErrorCode.NotFound, message: `This site was not found: ${theirs}.` });
    expect(await tagsOf([mine!, theirs!])).toEqual([['A'], ['B']]);

    const reader = await createTestUser(ctx, { userType: 1, inAccount: user.account });
    const readOnly = await call(reader, 'POST', '/api/sites/tags', { siteIds: [mine], mode: 'add', tags: 'X' });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().code).toBe(ErrorCode.ReadOnly);
    const denied = await createTestUser(ctx, { userType: 2, inAccount: user.account, user: { denyEditSiteAbility: true } });
    const refused = await call(denied, 'POST', '/api/sites/tags', { siteIds: [mine], mode: 'replace', tags: 'X' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SiteMessages.cannotEditSites);

    const noTag = await call(user, 'POST', '/api/sites/tags', { siteIds: [mine], mode: 'remove', tags: ' ; ' });
    expect(noTag.statusCode).toBe(400);
    expect(noTag.json()).toMatchObject({ message: SiteMessages.tagRequired, field: 'tags' });
    const noSites = await call(user, 'POST', '/api/sites/tags', { siteIds: [], mode: 'add', tags: 'X' });
    expect(noSites.statusCode).toBe(400);
    expect(noSites.json().message).toBe(SiteMessages.noSitesSelected);
    expect((await call(user, 'POST', '/api/sites/tags', { siteIds: [mine], mode: 'rename', tags: 'X' })).statusCode).toBe(400);
    expect(await tagsOf([mine!])).toEqual([['A']]);
  });

  it('changes a selection larger than one statement chunk', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const total = ID_CHUNK + 5;
    const ids: number[] = [];
    // Seeded in slices: one multi-row INSERT of every row would pass PostgreSQL's 65,535 parameters.
    for (let start = 0; start < total; start += 4000) {
      ids.push(...(await seedSites(ctx, user.account.id, Array.from({ length: Math.min(4000, total - start) }, (_, i) => ({ tags: (start + i) % 2 === 0 ? ['Even'] : [] })))));
    }
    const response = await call(user, 'POST', '/api/sites/tags', { siteIds: ids, mode: 'add', tags: 'Even;Bulk' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: total });
    // Sites that had the tag keep it once; the others gain both, in the order given.
    expect(await tagsOf([ids[0]!, ids[1]!, ids[ID_CHUNK]!, ids.at(-1)!])).toEqual(Array.from({ length: 4 }, () => ['Even', 'Bulk']));
  });
});
