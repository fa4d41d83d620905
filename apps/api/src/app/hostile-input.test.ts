import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, PREF_VALUE_SCHEMAS, ProductId, type TPrefType } from '@riskatlas/domain';
import { z } from 'zod';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../test/context';
import { testDatabaseKinds } from '../../test/databases';
import { CHICAGO, grant } from '../../test/report-fixtures';
import { hostileParam, hostileRawBody, isPlainSentence, poisonedValue, valueFor, withEachTextReplaced, type JsonSchema, type Probe } from '../../test/hostile-values';
import { queryArrays } from '../db/raw-rows';

/*
 * Every route of the running app, as its OpenAPI document lists it, gets hostile path, query and
 * body values from a signed-in administrator of a fresh account: the answer is never a server
 * error, and a refused request leaves the account's data as it was. Seeded and bounded, so a run
 * takes well under a minute; FUZZ_RUNS and FUZZ_SEED widen or vary it locally.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** One route of the app with what it takes. */
interface Route {
  method: string;
  /** The OpenAPI path, e.g. /api/sites/{id}. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
}

/** What the fuzzer sends: values for the path, the query, and a JSON value or raw text as the body. */
interface HostileRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  body: { json: unknown } | { raw: string } | undefined;
}

async function listRoutes(ctx: TestContext): Promise<Route[]> {
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/** Fitting values for path parameters: the account's own site, report and file ids, or a point in Chicago. */
function fittingPathValue(name: string, ids: { siteId: number }): string {
  if (name === 'lat' || name === 'a') return String(CHICAGO.latitude);
  if (name === 'lng' || name === 'b') return String(CHICAGO.longitude);
  return String(ids.siteId);
}

/** The body schemas of the preference endpoints, whose route takes any JSON and checks it per type. */
const PREF_BODY_SCHEMAS = Object.fromEntries(
  Object.entries(PREF_VALUE_SCHEMAS).map(([type, schema]) => [type, z.toJSONSchema(schema, { unrepresentable: 'any' }) as JsonSchema]),
) as Record<TPrefType, JsonSchema>;

/** The preference saves, whose route takes any JSON and checks it against the schema of the type in the query. */
function isPrefsWrite(route: Route): boolean {
  return route.path.startsWith('/api/users/prefs') && route.method === 'POST';
}

function requestArbitrary(route: Route, ids: { siteId: number }): fc.Arbitrary<HostileRequest> {
  const path = fc.record(
    Object.fromEntries(
      route.pathParams.map((parameter) => [parameter.name, fc.oneof(fc.constant(fittingPathValue(parameter.name, ids)), hostileParam)]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      route.queryParams.map((parameter) => {
        const fitting = parameter.schema?.enum ? fc.constantFrom(...parameter.schema.enum.map(String)) : hostileParam;
        return [parameter.name, fc.oneof(fitting, hostileParam)];
      }),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
  const json = isPrefsWrite(route)
    ? fc.constantFrom(...(Object.keys(PREF_BODY_SCHEMAS) as TPrefType[])).chain((type) => valueFor(PREF_BODY_SCHEMAS[type]).map((value) => ({ type, value })))
    : valueFor(route.body ?? {}).map((value) => ({ type: undefined, value }));
  const body = fc.oneof(
    { weight: 8, arbitrary: json.map((generated) => ({ json: generated.value, prefType: generated.type })) },
    { weight: 1, arbitrary: hostileRawBody.map((raw) => ({ raw, prefType: undefined })) },
  );
  return fc.record({ path, query, body }).map(({ path: pathValues, query: queryValues, body: generated }) => {
    const queryWithType = { ...queryValues };
    if (generated.prefType && queryWithType.type === undefined) queryWithType.type = generated.prefType;
    const sent: HostileRequest['body'] = 'raw' in generated ? { raw: generated.raw } : { json: generated.json };
    return { path: pathValues, query: queryWithType, body: route.method === 'GET' ? undefined : sent };
  });
}

/** Percent-encodes a value for a URL; a lone surrogate goes as the invalid UTF-8 a hostile client would send. */
function percentEncode(value: string): string {
  let encoded = '';
  for (const character of value) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}

/** Numbers and texts every route is probed with, each in every place of one kind at once. */
const PROBE_NUMBERS: readonly number[] = [2 ** 31, 2 ** 53, -1, 1.5];
const PROBE_TEXTS: readonly string[] = ['a\u0000b', 'tab\there\u0007', '\u001b[31m', 'x'.repeat(5000)];

/**
 * The probe requests of a route: each probe number in every path value, every query value and
 * every number of the body, then each probe text in every text of the query and the body (the
 * rest fitting, so the probe is what is refused).
 */
function probeRequests(route: Route, ids: { siteId: number }): HostileRequest[] {
  const fittingPath = Object.fromEntries(route.pathParams.map((parameter) => [parameter.name, fittingPathValue(parameter.name, ids)]));
  const bodies: { query: Record<string, string>; schema: JsonSchema }[] = isPrefsWrite(route)
    ? Object.entries(PREF_BODY_SCHEMAS).map(([type, schema]) => ({ query: { type }, schema }))
    : [{ query: {}, schema: route.body ?? {} }];
  const fitting = { fittingNumber: ids.siteId, fittingByKey: { countryCode: 'USA', ...CHICAGO } };
  const isText = (parameter: Parameter) => parameter.schema?.type === 'string' && !parameter.schema.enum;
  const requests: HostileRequest[] = [];
  const withBodies = (probe: Probe, query: Record<string, string>) => {
    if (route.method === 'GET') return;
    for (const body of bodies) requests.push({ path: fittingPath, query: { ...query, ...body.query }, body: { json: poisonedValue(body.schema, probe) } });
  };
  for (const number of PROBE_NUMBERS) {
    requests.push({ path: Object.fromEntries(route.pathParams.map((parameter) => [parameter.name, String(number)])), query: {}, body: undefined });
    const query = Object.fromEntries(route.queryParams.filter((parameter) => !isText(parameter)).map((parameter) => [parameter.name, String(number)]));
    requests.push({ path: fittingPath, query, body: undefined });
    withBodies({ number, text: undefined, ...fitting }, {});
  }
  for (const text of PROBE_TEXTS) {
    const query = Object.fromEntries(route.queryParams.filter(isText).map((parameter) => [parameter.name, text]));
    requests.push({ path: fittingPath, query, body: undefined });
    withBodies({ number: undefined, text, ...fitting }, {});
  }
  // NUL in one text at a time, the rest fitting: each text field is reached on its own.
  if (route.method !== 'GET') {
    for (const body of bodies) {
      const fittingBody = poisonedValue(body.schema, { number: undefined, text: undefined, ...fitting });
      for (const json of withEachTextReplaced(fittingBody, PROBE_TEXTS[0]!)) requests.push({ path: fittingPath, query: body.query, body: { json } });
    }
  }
  // Routes without some part give the same probe more than once.
  const seen = new Set<string>();
  return requests.filter((request) => {
    const key = JSON.stringify(request);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function injectOptions(route: Route, request: HostileRequest): InjectOptions {
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(request.path[name] ?? '1'));
  const search = Object.entries(request.query)
    .map(([name, value]) => `${name}=${percentEncode(value)}`)
    .join('&');
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: search ? `${url}?${search}` : url };
  if (request.body && 'raw' in request.body) {
    options.payload = request.body.raw;
    options.headers = { 'content-type': 'application/json' };
  } else if (request.body) {
    options.payload = JSON.stringify(request.body.json);
    options.headers = { 'content-type': 'application/json' };
  }
  return options;
}

/** Tables whose rows belong to an account, compared before and after a refused request. */
const ACCOUNT_TABLES = ['sites', 'site_comments', 'reports', 'license_ledger', 'user_prefs', 'task_statuses', 'file_downloads', 'users'] as const;

/** A digest of everything the account holds. */
async function accountDigest(ctx: TestContext, accountId: number): Promise<string> {
  const parts = ACCOUNT_TABLES.map(
    (table) => sql`(select coalesce(string_agg(t::text, ',' order by t::text), '') from ${sql.identifier(table)} t where t.account_id = ${accountId})`,
  );
  const account = sql`(select t::text from accounts t where t.id = ${accountId})`;
  const rows = await queryArrays(ctx.deps.database, sql`select md5(concat_ws('|', ${sql.join([account, ...parts], sql`, `)}))`);
  return String(rows[0]?.[0]);
}

/** Waits until the account's background jobs are done, so their writes are not taken for a refused request's. */
async function settle(ctx: TestContext, accountId: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const rows = await queryArrays(ctx.deps.database, sql`select count(*)::int from task_statuses where account_id = ${accountId} and current_status in (0, 1)`);
    if (rows[0]?.[0] === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A fresh administrator whose account has a site with a comment and a few licences, so ids resolve and writes can go deep. */
async function freshAdministrator(ctx: TestContext): Promise<{ user: TestUser; siteId: number }> {
  const user = await createTestUser(ctx, { userType: 3 });
  await grant(ctx, user.account.id, { [ProductId.Basic]: 3 });
  const created = await user.request({ method: 'POST', url: '/api/sites', payload: { siteName: 'Fuzz HQ', ...CHICAGO } });
  expect(created.statusCode, created.body).toBe(200);
  const siteId = created.json<{ siteId: number }>().siteId;
  const comment = await user.request({ method: 'POST', url: `/api/sites/${siteId}/comments`, payload: { comment: 'Seen' } });
  expect(comment.statusCode, comment.body).toBe(200);
  return { user, siteId };
}

describe.each(await testDatabaseKinds())('hostile input on %s', (kind) => {
  let ctx: TestContext;
  let routes: Route[];
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    routes = await listRoutes(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('enumerates the routes from the running app', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some((route) => route.path === '/api/sites/{id}' && route.pathParams[0]?.name === 'id')).toBe(true);
  });

  it('never answers a server error, words a refusal in one plain sentence, and a refused request changes nothing', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const { user, siteId } = await freshAdministrator(ctx);
      const probes = probeRequests(route, { siteId });
      // A route that takes nothing gets a few junk queries and bodies only.
      const runs = route.pathParams.length + route.queryParams.length > 0 || route.body ? RUNS_PER_ROUTE : 3;
      // The digest is read again only after a request was accepted (and its jobs have run).
      let digest = await accountDigest(ctx, user.account.id);
      const details = await fc.check(
        fc.asyncProperty(requestArbitrary(route, { siteId }), async (request) => {
          const response = await user.request(injectOptions(route, request));
          const shown = `${response.statusCode} ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) throw new Error(shown);
          if (response.statusCode < 400) {
            await settle(ctx, user.account.id);
            digest = await accountDigest(ctx, user.account.id);
            return;
          }
          const refusal = response.json<{ code: string; message: string; field?: string }>();
          if (refusal.code === ErrorCode.ValidationFailed && !isPlainSentence(refusal.message)) throw new Error(`not a plain sentence: ${shown}`);
          if (refusal.code === ErrorCode.ValidationFailed && !refusal.field) throw new Error(`no field named: ${shown}`);
          if ((await accountDigest(ctx, user.account.id)) !== digest) throw new Error(`changed the account's data: ${shown}`);
        }),
        // The probes run first and count as runs of their own.
        { seed: SEED, numRuns: probes.length + runs, endOnFailure: true, examples: probes.map((request) => [request]) },
      );
      if (details.failed) {
        const example = details.counterexample?.[0];
        const shown = example ? JSON.stringify(injectOptions(route, example)).slice(0, 400) : '';
        failures.push(`${route.method} ${route.path}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n    ${shown}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
