import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductId } from '@riskatlas/domain';
import { createGeocoder } from '@riskatlas/geo';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { hashToken } from '../../lib/tokens';
import { toAuthContext, type AuthContext } from '../../access/caller';
import { findSessionWithUser } from '../../access/sessions.repository';
import { insertSites } from '../sites/sites.repository';
import { CHICAGO, grant, MID_ATLANTIC, remaining, reportRows, RURAL_KANSAS, siteRows } from '../../../test/report-fixtures';
import { createReportsForSites, type ReportServiceDeps } from './reports.service';

describe.each(await testDatabaseKinds())('createReportsForSites (the batch path) on %s', (kind) => {
  let ctx: TestContext;
  let services: ReportServiceDeps;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const geocoder = createGeocoder(ctx.deps.gazetteer);
    services = {
      db: ctx.deps.database.db,
      gazetteer: ctx.deps.gazetteer,
      scoring: ctx.deps.scoring,
      geocode: (address, options) => geocoder.geocode(address, options),
      mailer: ctx.deps.mailer,
      now: ctx.deps.now,
      publicUrl: ctx.deps.config.publicUrl,
    };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function authOf(user: TestUser): Promise<AuthContext> {
    const token = user.cookie.split('=')[1]!;
    return toAuthContext((await findSessionWithUser(ctx.deps.database.db, hashToken(token)))!);
  }

  /** Sites without reports, inserted directly rather than through the site routes. */
  async function sitesAt(user: TestUser, points: ReadonlyArray<{ latitude: number; longitude: number }>) {
    return insertSites(
      ctx.deps.database.db,
      points.map((point, index) => ({ accountId: user.account.id, siteName: `Batch ${index}`, nameKey: `batch ${index}`, countryId: 1, ...point })),
    );
  }

  it('writes reports in chunks, skips unscorable sites and keeps every summary in step', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 10 });
    const sites = await sitesAt(user, [CHICAGO, RURAL_KANSAS, MID_ATLANTIC, { latitude: 41.95, longitude: -87.7 }, { latitude: 39.1, longitude: -94.58 }]);
    const progress: number[] = [];
    const result = await createReportsForSites(services, await authOf(user), sites.map((s) => s.siteId), { reportType: 0 }, { chunkSize: 2, onProgress: (done) => void progress.push(done) });
    expect(result.notScorableSiteIds).toEqual([sites[2]!.siteId]);
    expect(result.accountProductReportIds).toHaveLength(4);
    expect(progress).toEqual([2, 4]);
    expect((await remaining(user))['0']).toBe(6);
    const rows = await reportRows(ctx, user.account.id);
    expect(rows.map((r) => r.siteId).sort()).toEqual(sites.filter((_, i) => i !== 2).map((s) => s.siteId).sort());
    for (const site of await siteRows(ctx, user.account.id)) {
      const report = rows.find((r) => r.siteId === site.siteId);
      expect(site.s).toEqual(report ? report.summaryScores : {});
      expect(site.l).toEqual(report ? { r: 2026, p: 0, f: 0 } : null);
    }
  });

  it('creates nothing when the licences cannot cover every report', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const sites = await sitesAt(user, [CHICAGO, RURAL_KANSAS]);
    await expect(createReportsForSites(services, await authOf(user), sites.map((s) => s.siteId), { reportType: 0 })).rejects.toMatchObject({
      code: 'INSUFFICIENT_LICENSES',
      message: 'Not enough Basic licences: 2 needed, 1 remaining (short by 1).',
    });
    expect(await reportRows(ctx, user.account.id)).toEqual([]);
  });

  it("refuses another account's site ids", async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    const [site] = await sitesAt(owner, [CHICAGO]);
    const other = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, other.account.id, { [ProductId.Basic]: 1 });
    await expect(createReportsForSites(services, await authOf(other), [site!.siteId], { reportType: 0 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
