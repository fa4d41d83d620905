import { vi } from 'vitest';
import { encodePackedSites, type TCurrentUser } from '@riskatlas/domain';
import { makeSession } from './fixtures';

/** One request the app made. */
export interface RecordedCall {
  method: string;
  /** The path under /api, e.g. 'users/files/delete'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** A response: status (200 by default) and a JSON body, or raw text. */
export interface MockReply {
  status?: number;
  body?: unknown;
  raw?: string;
  /** Binary body (application/octet-stream), e.g. a packed site list. */
  bytes?: Uint8Array;
}

export type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

/**
 * Replaces fetch at the network boundary: requests are matched by "METHOD path" (path under /api,
 * without the query) and recorded. An unmatched request answers 404 with the API's error body.
 */
export function mockApi(initial: Record<string, Handler> = {}) {
  const routes = new Map<string, Handler>(Object.entries(initial));
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\//, '');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers as Record<string, string> | undefined) ?? {})) headers[name.toLowerCase()] = value;
    const call: RecordedCall = { method, path, query: url.searchParams, headers, body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = routes.get(`${method} ${path}`);
    const reply: MockReply = handler === undefined
      ? { status: 404, body: { code: 'NOT_FOUND', message: `No mock for ${method} ${path}` } }
      : typeof handler === 'function' ? await handler(call) : handler;
    if (reply.bytes) return new Response(reply.bytes as BodyInit, { status: reply.status ?? 200, headers: { 'content-type': 'application/octet-stream' } });
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, { status: reply.status ?? 200, headers: { 'content-type': reply.raw ? 'text/html' : 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    fetch: fetchMock,
    /** Sets (or replaces) the handler of a route. */
    on(route: string, handler: Handler) {
      routes.set(route, handler);
    },
    /** The calls to a route ("METHOD path"). */
    callsTo(route: string): RecordedCall[] {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
  };
}

export type MockApi = ReturnType<typeof mockApi>;

/** The routes every signed-in page calls, answering as a quiet, healthy session. */
export function signedInRoutes(user: TCurrentUser): Record<string, Handler> {
  return {
    'GET users/current': { body: user },
    'GET users/session': { body: makeSession({ inactivityTimeout: user.account.inactivityTimeout, accountReadOnly: user.account.readOnly }) },
    'GET users/prefs': (call) => ({ body: { type: call.query.get('type'), value: null } }),
    'POST users/prefs': (call) => ({ body: { type: call.query.get('type'), value: call.body } }),
    'GET users/taskstatuses': { body: [] },
    'GET users/files': { body: [] },
    // An account without sites: the empty packed list.
    'GET m/sites': { bytes: encodePackedSites([]) },
    'POST auth/logout': { body: { ok: true } },
    'POST auth/keepalive': { body: makeSession() },
  };
}

/** The routes of a visitor without a session. */
export function signedOutRoutes(): Record<string, Handler> {
  return {
    'GET users/current': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not Authenticated' } },
    'GET users/session': { body: makeSession({ status: 0, sessionExpiration: 0 }) },
    'POST auth/logout': { body: { ok: true } },
  };
}
