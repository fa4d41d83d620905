import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MAX_SITES_PER_REQUEST, Messages } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../test/context';
import { testDatabaseKinds } from '../../test/databases';

/** What came back on a raw connection: the status line and headers, or null when nothing came in time. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends a request's head announcing a body of `announced` bytes, then only `sent` bytes of it, and
 * waits up to `waitMs` for an answer. A server that reads the body before deciding cannot answer.
 */
function announceBody(port: number, options: { path: string; headers: Record<string, string>; announced: number; sent: number; waitMs: number }): Promise<RawAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, options.waitMs);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (received.length - end - 4 < length) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: received.slice(end + 4, end + 4 + length) });
    });
    socket.on('connect', () => {
      const head = [`POST ${options.path} HTTP/1.1`, 'Host: localhost', 'Content-Type: application/json', `Content-Length: ${options.announced}`, ...Object.entries(options.headers).map(([key, value]) => `${key}: ${value}`)];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      if (options.sent > 0) socket.write(`[${'1,'.repeat(Math.floor((options.sent - 2) / 2))}1]`.slice(0, options.sent));
    });
  });
}

describe.each(await testDatabaseKinds())('requests refused before their body is read, on %s', (kind) => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const FOUR_MB = 4 * 1024 * 1024;

  it('answers an unauthenticated 4 MB id list with 401 before reading it, and closes the connection', async () => {
    const answer = await announceBody(port, { path: '/api/sites/delete', headers: {}, announced: FOUR_MB, sent: 64 * 1024, waitMs: 5000 });
    expect(answer?.status).toBe(401);
    expect(JSON.parse(answer!.body)).toMatchObject({ code: ErrorCode.Unauthenticated });
    expect(answer?.headers.connection).toBe('close');
  });

  it('answers a stale session the same way, and a forged CSRF header on a live one', async () => {
    const stale = await announceBody(port, { path: '/api/sites/tags', headers: { cookie: 'ra_session=not-a-session' }, announced: 1000, sent: 0, waitMs: 5000 });
    expect(stale?.status).toBe(401);
    const user = await createTestUser(ctx, { userType: 3 });
    const forged = await announceBody(port, { path: '/api/sites/tags', headers: { cookie: user.cookie, 'x-csrf-token': 'forged' }, announced: 1000, sent: 0, waitMs: 5000 });
    expect(forged?.status).toBe(403);
    expect(JSON.parse(forged!.body)).toMatchObject({ code: ErrorCode.CsrfFailed });
  });

  it('waits for the body of a signed-in request it may accept (so the answers above came before reading)', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const answer = await announceBody(port, { path: '/api/sites/tags', headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken }, announced: 1000, sent: 10, waitMs: 700 });
    expect(answer).toBeNull();
  });

  it('refuses a body larger than the route accepts with 413 and a plain sentence, without reading it', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const headers = { cookie: user.cookie, 'x-csrf-token': user.csrfToken };
    const tooLarge = await announceBody(port, { path: '/api/sites/delete', headers, announced: FOUR_MB, sent: 0, waitMs: 5000 });
    expect(tooLarge?.status).toBe(413);
    expect(JSON.parse(tooLarge!.body)).toEqual({ code: ErrorCode.PayloadTooLarge, message: Messages.payloadTooLarge });
    // Sign-in takes an e-mail and a password, not a megabyte.
    const signIn = await announceBody(port, { path: '/api/auth/login', headers: {}, announced: 64 * 1024, sent: 0, waitMs: 5000 });
    expect(signIn?.status).toBe(413);
  });

  it('still accepts the largest id list a route allows', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    // The largest ids the database holds, as many as the schema allows: over 1 MB of JSON.
    const ids = Array.from({ length: MAX_SITES_PER_REQUEST }, (_, i) => 2_000_000_000 + i);
    const response = await user.request({ method: 'POST', url: '/api/sites/tags', payload: { siteIds: ids, mode: 'add', tags: ['x'] } });
    expect(JSON.stringify(ids).length).toBeGreaterThan(1_048_576);
    // Parsed and validated: none of these sites exists, so nothing changes.
    expect(response.statusCode).toBe(404);
  });
});
