import fc from 'fast-check';
import { and, asc, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_UPDATE_FLAGS, ImportMessages, ZImportChangeOptionsRequest, ZImportQueueDeleteRequest, ZImportQueueEditRequest } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { hostileJson, hostileNumber, hostileParam, hostileRawBody, isPlainSentence, valueFor, type JsonSchema } from '../../../../test/hostile-values';
import { importQueue, sites } from '../../../db/schema/index';
import { call, seedSites } from '../../sites/sites-test-fixtures';
import { candidate, FAILED, seedQueue, WARNED } from './queue-test-fixtures';

/*
 * The import queue's endpoints get hostile bodies and queries from a user whose account holds a
 * colleague's queue and beside another account's queue and site: never a server error, a refusal in
 * one plain sentence, the ids of other people's rows and sites never reached, and their rows never
 * touched. Seeded and bounded; FUZZ_RUNS and FUZZ_SEED widen or vary it locally.
 */

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/** Whose id a request aims at: the caller's own row, a colleague's, another account's, or the generated value as it is. */
type Target = 'own' | 'colleague' | 'outsider' | 'outsiderSite' | 'asGenerated';
const target = fc.constantFrom<Target>('own', 'colleague', 'outsider', 'outsiderSite', 'asGenerated');

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;

/** Odd queries of GET sites/import/queue: the selection mode out of range or not a number, and paging it does not have. */
const queueQuery = fc.record(
  {
    selectionMode: fc.oneof(fc.integer({ min: 1, max: 63 }).map(String), hostileParam),
    asExcel: fc.oneof(fc.constantFrom('true', 'false'), hostileParam),
    issuesOnly: fc.oneof(fc.constantFrom('true', 'false'), hostileParam),
    page: hostileParam,
    pageSize: hostileParam,
    offset: hostileParam,
    limit: hostileParam,
  },
  { requiredKeys: [] },
);

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });
/** Bodies that pass validation, so the request reaches the service and its ownership checks (the target's id is added). */
const FITTING_BODIES = {
  '/api/sites/import/queue/edit': fc.record(
    { siteName: fc.string({ maxLength: 30 }), city: fc.string({ maxLength: 20 }), notes: fc.string({ maxLength: 20 }), latitude, longitude, candidateIndex: fc.nat(3), pin: fc.record({ latitude, longitude }), matchSiteId: fc.constant(null), disableMatching: fc.boolean() },
    { requiredKeys: [] },
  ),
  '/api/sites/import/queue/delete': fc.record({ deleteMode: fc.constantFrom(1, 2), queuedSiteIds: fc.constant([]) }, { requiredKeys: ['queuedSiteIds'] }),
  '/api/sites/import/queue/changeoptions': fc.record({ queuedSiteIds: fc.constant([]), geocoderFlags: fc.oneof(fc.integer(), hostileNumber), updateFlags: fc.nat(ALL_UPDATE_FLAGS) }),
} as const;

/** A fitting body with one field hostile: the rest passes, so that field is what is refused or reaches the service. */
const oneFieldHostile = (fitting: fc.Arbitrary<Record<string, unknown>>, fields: readonly string[]) =>
  fc.tuple(fitting, fc.constantFrom(...fields), hostileJson).map(([body, field, value]) => ({ ...body, [field]: value }));

/** The requests of the fuzz: each write endpoint's body (fitting, one field hostile, from its schema, or raw junk) with a target, and the queue's queries. */
const request = fc.oneof(
  ...(
    [
      ['/api/sites/import/queue/edit', ZImportQueueEditRequest],
      ['/api/sites/import/queue/delete', ZImportQueueDeleteRequest],
      ['/api/sites/import/queue/changeoptions', ZImportChangeOptionsRequest],
    ] as const
  ).map(([url, schema]) =>
    fc.record({
      url: fc.constant(url),
      body: fc.oneof(
        { weight: 3, arbitrary: FITTING_BODIES[url].map((json) => ({ json })) },
        { weight: 3, arbitrary: oneFieldHostile(FITTING_BODIES[url], Object.keys(schema.shape)).map((json) => ({ json })) },
        { weight: 3, arbitrary: valueFor(schemaOf(schema)).map((json) => ({ json })) },
        { weight: 1, arbitrary: hostileRawBody.map((raw) => ({ raw })) },
      ),
      target,
      pick: fc.nat(),
    }),
  ),
  queueQuery.map((query) => ({ url: '/api/sites/import/queue', query })),
);
type FuzzRequest = typeof request extends fc.Arbitrary<infer R> ? R : never;

describe.each(await testDatabaseKinds())('import queue endpoints under hostile input on %s', (kind) => {
  let ctx: TestContext;
  let user: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let outsiderSiteId: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx, { userType: 3 });
    colleague = await createTestUser(ctx, { userType: 3, inAccount: user.account });
    outsider = await createTestUser(ctx, { userType: 3 });
    [outsiderSiteId] = (await seedSites(ctx, outsider.account.id, [{ siteName: 'Outsider HQ' }])) as [number];
    await seedQueue(ctx, colleague, [{ siteName: 'Colleague row' }, { siteName: 'Colleague issue', flags: FAILED }]);
    await seedQueue(ctx, outsider, [{ siteName: 'Outsider row' }, { siteName: 'Outsider issue', flags: FAILED }]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.deps.database.db;
  /** Everything the caller must not reach: the colleague's and the other account's queue rows, and the other account's sites. */
  async function othersDigest(): Promise<string> {
    const rows = await db()
      .select()
      .from(importQueue)
      .where(or(eq(importQueue.accountId, outsider.account.id), and(eq(importQueue.accountId, user.account.id), eq(importQueue.userId, colleague.user.id))))
      .orderBy(asc(importQueue.id));
    const outsiderSites = await db().select().from(sites).where(eq(sites.accountId, outsider.account.id)).orderBy(asc(sites.siteId));
    return JSON.stringify([rows, outsiderSites]);
  }
  const idsOf = async (owner: TestUser) =>
    (await db().select({ id: importQueue.id }).from(importQueue).where(and(eq(importQueue.accountId, owner.account.id), eq(importQueue.userId, owner.user.id)))).map((row) => row.id);

  /** The caller's queue, put back when deletes have emptied it: rows ready, warned and failed, one with candidates. */
  async function ownRows(): Promise<number[]> {
    const ids = await idsOf(user);
    if (ids.length >= 3) return ids;
    const seeded = await seedQueue(ctx, user, [
      { siteName: 'Own ready' },
      { siteName: 'Own warned', flags: WARNED },
      { siteName: 'Own ambiguous', flags: FAILED, geoCandidates: [candidate('1 N State St', 41.88, -87.63), candidate('2 N State St', 41.89, -87.62)] },
    ]);
    return [...ids, ...seeded.map((row) => row.id)];
  }

  /** The body with its id aimed at the target (an edit's row, or one more id in a list). */
  function aimed(body: unknown, aim: Target, pick: number, ids: { own: number[]; colleague: number[]; outsider: number[] }, listed: boolean): unknown {
    if (aim === 'asGenerated' || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const choose = (list: number[]) => list[pick % list.length]!;
    const id = aim === 'outsiderSite' ? choose(ids.own) : choose(ids[aim]);
    if (listed) {
      const list = (body as { queuedSiteIds?: unknown }).queuedSiteIds;
      return { ...body, queuedSiteIds: [...(Array.isArray(list) ? list : []), id] };
    }
    return aim === 'outsiderSite' ? { ...body, queuedSiteId: id, matchSiteId: outsiderSiteId } : { ...body, queuedSiteId: id };
  }

  /** Sends one fuzz request; throws what it did wrong. */
  async function send(fuzz: FuzzRequest, before: string): Promise<void> {
    const own = await ownRows();
    const ids = { own, colleague: await idsOf(colleague), outsider: await idsOf(outsider) };
    let response;
    if ('query' in fuzz) {
      const search = Object.entries(fuzz.query)
        .map(([name, value]) => `${name}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?'))}`)
        .join('&');
      response = await user.request({ method: 'GET', url: `${fuzz.url}${search ? `?${search}` : ''}` });
    } else {
      const payload = 'raw' in fuzz.body ? fuzz.body.raw : JSON.stringify(aimed(fuzz.body.json, fuzz.target, fuzz.pick, ids, !fuzz.url.endsWith('/edit')));
      response = await user.request({ method: 'POST', url: fuzz.url, payload, headers: { 'content-type': 'application/json' } });
    }
    const shown = `${response.statusCode} ${response.body.slice(0, 300)}`;
    if (response.statusCode >= 500) throw new Error(`server error: ${shown}`);
    if (response.statusCode >= 400) {
      const { message } = response.json<{ message: string }>();
      if (!isPlainSentence(message)) throw new Error(`not a plain sentence: ${shown}`);
    } else if ('query' in fuzz) {
      // A workbook (asExcel) is read by the queue's Excel test; the JSON rows are checked here.
      const json = response.headers['content-type']?.toString().startsWith('application/json');
      const listed = json ? response.json<{ queuedSiteId: number }[]>().map((row) => row.queuedSiteId) : [];
      if (listed.some((id) => !own.includes(id))) throw new Error(`listed rows not the caller's: ${shown}`);
    } else if (fuzz.url.endsWith('/edit')) {
      const edited = response.json<{ queuedSiteId: number; siteId: number | null }>();
      if (!own.includes(edited.queuedSiteId) || edited.siteId === outsiderSiteId) throw new Error(`edited what is not the caller's: ${shown}`);
    } else {
      const { deleted, changed } = response.json<{ deleted?: number; changed?: number }>();
      if ((deleted ?? changed ?? 0) > own.length) throw new Error(`reached more rows than the caller has: ${shown}`);
    }
    if ((await othersDigest()) !== before) throw new Error(`touched another user's or account's rows: ${shown}`);
  }

  it('never answers a server error, words refusals plainly, and never reaches another user or account', { timeout: 240_000 }, async () => {
    const before = await othersDigest();
    const details = await fc.check(
      fc.asyncProperty(request, (fuzz) => send(fuzz, before)),
      { seed: SEED, numRuns: RUNS_PER_ENDPOINT * 4, endOnFailure: true },
    );
    const example = details.counterexample?.[0];
    expect(details.failed, `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n${JSON.stringify(example)?.slice(0, 600)}`).toBe(false);
    // The re-checks the accepted edits started work on the caller's rows only.
    for (let attempt = 0; attempt < 100 && (await db().select().from(importQueue).where(and(eq(importQueue.accountId, user.account.id), eq(importQueue.pendingUpdate, true)))).length > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await othersDigest()).toBe(before);
  });

  it("answers other people's rows as not found or untouched, and says why in the spec's words", async () => {
    const [own] = await ownRows();
    const [colleagueRow] = await idsOf(colleague);
    const [outsiderRow] = await idsOf(outsider);
    const before = await othersDigest();
    for (const id of [colleagueRow!, outsiderRow!, 2 ** 31 - 1]) {
      const edit = await call(user, 'POST', '/api/sites/import/queue/edit', { queuedSiteId: id, siteName: 'Taken over' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe(ImportMessages.queuedSiteNotFound);
    }
    const foreignMatch = await call(user, 'POST', '/api/sites/import/queue/edit', { queuedSiteId: own, matchSiteId: outsiderSiteId });
    expect(foreignMatch.statusCode).toBe(404);
    expect(foreignMatch.json().message).toBe(ImportMessages.matchNotFound);
    const deleted = await call(user, 'POST', '/api/sites/import/queue/delete', { queuedSiteIds: [colleagueRow, outsiderRow] });
    expect(deleted.json()).toEqual({ deleted: 0 });
    const changed = await call(user, 'POST', '/api/sites/import/queue/changeoptions', { queuedSiteIds: [colleagueRow, outsiderRow], geocoderFlags: 128, updateFlags: 0 });
    expect(changed.json()).toEqual({ ok: true, changed: 0 });
    expect(await othersDigest()).toBe(before);

    const nothing = await call(user, 'POST', '/api/sites/import/queue/delete', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(ImportMessages.noItemsSelected);
    const badMode = await call(user, 'GET', '/api/sites/import/queue?selectionMode=64');
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().message).toMatch(/^Selection mode /);
    const hugeFlags = await call(user, 'POST', '/api/sites/import/queue/changeoptions', { queuedSiteIds: [own], geocoderFlags: 2 ** 53, updateFlags: 0 });
    expect(hugeFlags.statusCode).toBeLessThan(500);
  });
});
