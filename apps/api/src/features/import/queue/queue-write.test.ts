import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImportMessages, importStatusBit, methodologyNotAllowedMessage, ProductId, ZImportQueueCounts, ZImportRescoreIds, ZImportValidateMethodologies, ZQueuedImportSite, type TQueuedImportSite } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { CHICAGO, grant, postReport, RURAL_KANSAS } from '../../../../test/report-fixtures';
import { call, seedSites } from '../../sites/sites-test-fixtures';
import { candidate, FAILED, READY_RESCORE, seedQueue, WARNED } from './queue-test-fixtures';

describe.each(await testDatabaseKinds())('import queue API (changes) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const row = async (user: TestUser, id: number) => ZQueuedImportSite.parse((await call(user, 'GET', `/api/sites/import/queue/${id}`)).json());
  const edit = (user: TestUser, body: Record<string, unknown>) => call(user, 'POST', '/api/sites/import/queue/edit', body);
  const remove = (user: TestUser, body: Record<string, unknown>) => call(user, 'POST', '/api/sites/import/queue/delete', body);
  const names = async (user: TestUser) => z.array(ZQueuedImportSite).parse((await call(user, 'GET', '/api/sites/import/queue')).json()).map((one) => one.siteName);

  /** Polls a row as the page does until its re-check settles it (or 20 s pass). */
  async function settled(user: TestUser, id: number): Promise<TQueuedImportSite> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const current = await row(user, id);
      if (!current.pendingUpdate || Date.now() > deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('edits a row: it becomes pending "Validating" with zero flags, then its re-check settles it', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const [failed] = await seedQueue(ctx, user, [{ siteName: 'Broken', flags: FAILED, street: '9 Nowhere', tags: 'a' }]);
    const response = await edit(user, { queuedSiteId: failed!.id, siteName: ' Fixed store ', street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'USA', tags: 'east;south' });
    expect(response.statusCode, response.body).toBe(200);
    // The answer is the row as the edit left it: pending, checked again by the job.
    expect(ZQueuedImportSite.parse(response.json())).toMatchObject({
      queuedSiteId: failed!.id,
      pendingUpdate: true,
      statusFlags: 0,
      errorFlags: 0,
      warningFlags: 0,
      statusDescription: 'Validating',
      siteName: 'Fixed store',
      street: '233 S Wacker Dr',
      tags: 'east;south',
    });
    // The re-check validates, geocodes and matches it again: the corrected address is ready to import, placed in Chicago.
    const fixed = await settled(user, failed!.id);
    expect(fixed).toMatchObject({ pendingUpdate: false, errorFlags: 0, siteName: 'Fixed store', city: 'Chicago', geocodeSource: 'Geocoded' });
    expect(fixed.statusFlags & importStatusBit('Ready')).not.toBe(0);
    expect(fixed.statusFlags & importStatusBit('Import')).not.toBe(0);
    expect(fixed.latitude).toBeCloseTo(41.88, 1);
  });

  it('resolves a row: a geocode candidate, a pin, a match accepted or removed, matching disabled', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const [mine, other] = await seedSites(ctx, user.account.id, [{ siteName: 'Mine 1' }, { siteName: 'Mine 2' }]);
    const [foreign] = await seedSites(ctx, stranger.account.id, [{ siteName: 'Foreign' }]);
    const [candidates, matched] = await seedQueue(ctx, user, [
      { siteName: 'Two places', flags: { statuses: ['Processed', 'Error'], errors: ['MultipleCandidatesFound'] }, geoCandidates: [candidate('1 A St', 41.88, -87.63), candidate('2 B St', 41.9, -87.64)], geocoderFlags: 384 },
      { siteName: 'Two sites', flags: { statuses: ['Processed', 'Error'], errors: ['MultipleMatchesFound'] }, matches: [{ siteId: mine!, similarity: 1, distanceMeters: 5, matchedBy: 'name' }], geocoderFlags: 384 },
    ]);

    expect((await edit(user, { queuedSiteId: candidates!.id, candidateIndex: 1 })).statusCode).toBe(200);
    expect(await row(user, candidates!.id)).toMatchObject({ street: '2 B St', city: 'Chicago', zipCode: '60606', latitude: 41.9, longitude: -87.64, geocodePrecision: 'ADDRESS', geocodeSource: 'Geocoded' });
    const missing = await edit(user, { queuedSiteId: candidates!.id, candidateIndex: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ImportMessages.candidateNotFound);

    expect((await edit(user, { queuedSiteId: candidates!.id, pin: RURAL_KANSAS })).statusCode).toBe(200);
    const pinned = await row(user, candidates!.id);
    expect(pinned).toMatchObject({ latitude: RURAL_KANSAS.latitude, longitude: RURAL_KANSAS.longitude, geocodePrecision: 'MANUAL', geocodeSource: 'User Defined' });
    expect(pinned.geocoderFlags & 64).toBe(64);

    expect((await edit(user, { queuedSiteId: matched!.id, matchSiteId: other })).statusCode).toBe(200);
    expect((await row(user, matched!.id)).siteId).toBe(other);
    const notVisible = await edit(user, { queuedSiteId: matched!.id, matchSiteId: foreign });
    expect(notVisible.statusCode).toBe(404);
    expect(notVisible.json().message).toBe(ImportMessages.matchNotFound);
    expect((await edit(user, { queuedSiteId: matched!.id, matchSiteId: null })).statusCode).toBe(200);
    expect((await row(user, matched!.id)).siteId).toBeNull();
    expect((await edit(user, { queuedSiteId: matched!.id, matchSiteId: mine })).statusCode).toBe(200);
    expect((await edit(user, { queuedSiteId: matched!.id, disableMatching: true })).statusCode).toBe(200);
    const unmatched = await row(user, matched!.id);
    expect(unmatched).toMatchObject({ siteId: null });
    expect(unmatched.geocoderFlags & 896).toBe(0);

    expect((await edit(stranger, { queuedSiteId: matched!.id, siteName: 'Hijack' })).statusCode).toBe(404);
    expect((await row(user, matched!.id)).siteName).toBe('Two sites');
  });

  it('deletes rows with issues, named rows or every row, of the caller only, with the product words when there is nothing', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const colleague = await createTestUser(ctx, { userType: 3, inAccount: user.account });
    const [theirs] = await seedQueue(ctx, colleague, [{ siteName: 'Theirs', flags: FAILED }]);
    const rows = await seedQueue(ctx, user, [{ siteName: 'Good' }, { siteName: 'Warned', flags: WARNED }, { siteName: 'Failed', flags: FAILED }, { siteName: 'Also good' }]);

    const empty = await remove(user, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(ImportMessages.noItemsSelected);
    expect((await remove(user, { deleteMode: 1 })).json()).toEqual({ deleted: 2 });
    expect(await names(user)).toEqual(['Good', 'Also good']);
    const none = await remove(user, { deleteMode: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ImportMessages.noItemsWithIssues);

    expect((await remove(user, { queuedSiteIds: [rows[0]!.id, theirs!.id] })).json()).toEqual({ deleted: 1 });
    expect(await names(user)).toEqual(['Also good']);
    expect(await names(colleague)).toEqual(['Theirs']);
    expect((await remove(user, { deleteMode: 2 })).json()).toEqual({ deleted: 1 });
    expect(await names(user)).toEqual([]);
    expect(await names(colleague)).toEqual(['Theirs']);
  });

  it('changes options: the matching bits replaced (masked with -897), updateFlags set, the rows re-checked', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const [first, second, untouched] = await seedQueue(ctx, user, [
      { siteName: 'One', geocoderFlags: 2 | 8 | 128, updateFlags: 1 },
      { siteName: 'Two', geocoderFlags: 64 | 896, flags: WARNED },
      { siteName: 'Three', geocoderFlags: 128 },
    ]);
    const response = await call(user, 'POST', '/api/sites/import/queue/changeoptions', { queuedSiteIds: [first!.id, second!.id], geocoderFlags: 384 | 2, updateFlags: 4 | 128 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, changed: 2 });
    // Each row is checked again with its new options and ends with a status (these seeds have no address: an issue).
    const one = await settled(user, first!.id);
    expect(one).toMatchObject({ geocoderFlags: 2 | 8 | 384, updateFlags: 132, pendingUpdate: false });
    expect(one.statusFlags).not.toBe(0);
    expect(await settled(user, second!.id)).toMatchObject({ updateFlags: 132, pendingUpdate: false });
    expect((await row(user, second!.id)).geocoderFlags & 896).toBe(384);
    expect(await row(user, untouched!.id)).toMatchObject({ geocoderFlags: 128, updateFlags: 0 });

    expect((await call(user, 'POST', '/api/sites/import/queue/changeoptions', { queuedSiteIds: [], geocoderFlags: 0, updateFlags: 0 })).json()).toEqual({ ok: true, changed: 3 });
    expect((await settled(user, untouched!.id)).geocoderFlags).toBe(0);
    expect((await call(user, 'POST', '/api/sites/import/queue/changeoptions', { queuedSiteIds: [], geocoderFlags: 0, updateFlags: 1 << 20 })).statusCode).toBe(400);
  });

  it('answers the sites ready rows update and which have a report this release; checks methodologies as a batch would', async () => {
    const user = await createTestUser(ctx, { userType: 3, account: { allowedMethodologies: 0b0011 } });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 2 });
    const [reported, plain, failedSite] = await seedSites(ctx, user.account.id, [{ siteName: 'Reported', ...CHICAGO }, { siteName: 'Plain', ...RURAL_KANSAS }, { siteName: 'Failed one' }]);
    const report = await postReport(user, { siteId: reported, reportType: 0 });
    expect(report.statusCode, report.body).toBe(200);
    const [first] = await seedQueue(ctx, user, [
      { siteName: 'Reported', flags: READY_RESCORE, siteId: reported },
      { siteName: 'Plain', flags: READY_RESCORE, siteId: plain },
      { siteName: 'Failed one', flags: FAILED, siteId: failedSite },
      { siteName: 'New one' },
    ]);
    const all = ZImportRescoreIds.parse((await call(user, 'POST', '/api/sites/import/queue/rescoreids', {})).json());
    expect(all).toEqual({ siteIds: [reported, plain].sort((a, b) => a! - b!), siteIdsWithExistingReportsForDeletion: [reported] });
    expect(ZImportRescoreIds.parse((await call(user, 'POST', '/api/sites/import/queue/rescoreids', { queuedSiteIds: [first!.id] })).json()).siteIds).toEqual([reported]);

    const validate = async (body: Record<string, unknown>) => ZImportValidateMethodologies.parse((await call(user, 'POST', '/api/sites/import/queue/validatemethodologies', body)).json());
    expect(await validate({ releaseYears: [-1], methodologyTypeIds: [2], reportType: 0 })).toEqual({ valid: true, message: null });
    expect(await validate({ releaseYears: [-1], methodologyTypeIds: [1, 2, 3], reportType: 1 })).toEqual({ valid: false, message: 'Please select no more than 2 methodologies.' });
    expect(await validate({ releaseYears: [], methodologyTypeIds: [3], reportType: 0 })).toEqual({ valid: false, message: methodologyNotAllowedMessage(3) });
    expect(ZImportQueueCounts.parse((await call(user, 'GET', '/api/sites/import/queue/counts')).json())).toMatchObject({ complete: 3, rescore: 2, duplicateReports: 1 });
  });
});
