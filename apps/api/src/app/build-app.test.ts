import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './build-app';
import { createTestContext, createTestUser, type TestContext } from '../../test/context';
import { testDatabaseKinds } from '../../test/databases';

describe.each(await testDatabaseKinds())('the API platform on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('matches paths case-insensitively and accepts the version parameter everywhere', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    for (const url of ['/api/users/current?v=1.2.3', '/API/Users/Current?v=9', '/api/USERS/taskstatuses?v=x&markSeen=false']) {
      const response = await user.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/api/Health?v=5' });
    expect(health.json()).toMatchObject({ status: 'ok', database: kind });
  });

  it('answers unknown API paths with a JSON 404 and unauthenticated calls with 401', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const missing = await user.request({ method: 'GET', url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested item was not found.' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/users/current' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Not Authenticated' });
  });

  it('answers a validation error with one plain sentence naming the field, and the field', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const response = await user.request({ method: 'POST', url: '/api/sites/edit', payload: { siteId: 1, siteName: 'x'.repeat(201) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Site name can be at most 200 characters.', field: 'siteName' });
    const wrongType = await user.request({ method: 'POST', url: '/api/sites/edit', payload: { siteId: 1, notes: 7 } });
    expect(wrongType.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Notes must be text.', field: 'notes' });
    const notAnObject = await user.request({ method: 'POST', url: '/api/sites/edit', payload: [1] });
    expect(notAnObject.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The request body must be an object with named fields.', field: 'body' });
  });

  it('sends security headers on answers, refusals and misses alike', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/users/current' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 401, 404]);
    for (const response of answers) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("object-src 'none'");
      expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers).not.toHaveProperty('cross-origin-embedder-policy');
      expect(response.headers).not.toHaveProperty('x-powered-by');
    }
  });

  it('publishes the OpenAPI document with the API paths', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/auth/login', '/api/users/session', '/api/users/current', '/api/users/prefs', '/api/users/taskstatuses', '/api/users/files/{objectID}']) {
      expect(paths).toContain(path);
    }
  });

  it('hides internals in 5xx bodies', async () => {
    const webDist = await mkdtemp(join(tmpdir(), 'riskatlas-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>RiskAtlas</title>');
    const app = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, webDist } });
    app.get('/api/test/explode', { config: { public: true } }, async () => {
      throw new Error('connection to 10.0.0.5 failed: password authentication failed for user "secret"');
    });
    await app.ready();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a few moments.' });
      expect(response.body).not.toContain('secret');

      // Any non-API path serves the single-page app; API paths never do.
      const page = await app.inject({ method: 'GET', url: '/?currentPage=Sites&siteId=3' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>RiskAtlas</title>');
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
    } finally {
      await app.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
