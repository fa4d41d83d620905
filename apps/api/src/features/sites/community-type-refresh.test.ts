import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { siteRows } from '../../../test/report-fixtures';
import { refreshUnknownCommunityTypes } from './community-type-refresh';
import { seedSites } from './sites-test-fixtures';

describe.each(await testDatabaseKinds())('community types of older sites on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gives Canadian, British and Mexican sites recorded as Unknown the type their point has now, once, leaving others alone', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    await seedSites(ctx, user.account.id, [
      { siteName: 'Toronto', countryId: 2, latitude: 43.6532, longitude: -79.3832, ct: 3 },
      { siteName: 'Saskatchewan farm', countryId: 2, latitude: 51.2, longitude: -106.6, ct: 3 },
      { siteName: 'Cheapside', countryId: 3, latitude: 51.5138, longitude: -0.0927, ct: 3 },
      { siteName: 'Mexico City', countryId: 5, latitude: 19.4326, longitude: -99.1332, ct: 3 },
      // A US site's Unknown is not this refresh's business, nor is a type already known.
      { siteName: 'Chicago', countryId: 1, ct: 3 },
      { siteName: 'Known', countryId: 2, latitude: 43.6532, longitude: -79.3832, ct: 1 },
    ]);
    const now = new Date();
    expect(await refreshUnknownCommunityTypes(ctx.deps.database.db, ctx.deps.gazetteer, now)).toBeGreaterThanOrEqual(4);
    const byName = Object.fromEntries((await siteRows(ctx, user.account.id)).map((site) => [site.siteName, site.ct]));
    expect(byName).toEqual({ Toronto: 2, 'Saskatchewan farm': 0, Cheapside: 2, 'Mexico City': 2, Chicago: 3, Known: 1 });
    expect(await refreshUnknownCommunityTypes(ctx.deps.database.db, ctx.deps.gazetteer, now)).toBe(0);
  });
});
