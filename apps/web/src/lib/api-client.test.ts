import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZSessionInfo } from '@riskatlas/domain';
import { mockApi } from '../test/mock-api';
import { ApiError, apiFetch, apiFetchBytes, apiUrl, setSessionProblemHandler } from './api-client';
import { APP_VERSION } from './app-version';
import { clearCsrfToken, setCsrfToken } from './csrf';

afterEach(() => setSessionProblemHandler(null));

describe('api client', () => {
  it('appends the version parameter to every request, keeping the query', async () => {
    const api = mockApi({ 'GET users/prefs': { body: { type: 'appSettings', value: null } }, 'POST users/files/delete': { body: { ok: true } } });
    await apiFetch('users/prefs', { query: { type: 'appSettings', skipped: undefined } });
    await apiFetch('users/files/delete', { method: 'POST', body: [3] });
    expect(api.calls.map((call) => call.query.get('v'))).toEqual([APP_VERSION, APP_VERSION]);
    expect(api.calls[0]?.query.get('type')).toBe('appSettings');
    expect(api.calls[0]?.query.has('skipped')).toBe(false);
    expect(apiUrl('users/files/9')).toBe(`/api/users/files/9?v=${encodeURIComponent(APP_VERSION)}`);
  });

  it('sends the CSRF token on writes only, with same-origin credentials', async () => {
    setCsrfToken('tok-123');
    const api = mockApi({ 'GET users/files': { body: [] }, 'POST users/files/delete': { body: { ok: true } } });
    await apiFetch('users/files');
    await apiFetch('users/files/delete', { method: 'POST', body: [1, 2] });
    expect(api.calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(api.calls[1]?.headers['x-csrf-token']).toBe('tok-123');
    expect(api.calls[1]?.headers['content-type']).toBe('application/json');
    expect(api.calls[1]?.body).toEqual([1, 2]);
    expect(api.fetch.mock.calls[1]?.[1]?.credentials).toBe('same-origin');
    clearCsrfToken();
  });

  it("sends the session's CSRF cookie when there is one, so a tab that did not sign in can write", async () => {
    setCsrfToken('this-tab-only');
    document.cookie = 'ra_csrf=from-the-cookie; path=/';
    const api = mockApi({ 'POST users/files/delete': { body: { ok: true } } });
    await apiFetch('users/files/delete', { method: 'POST', body: [1] });
    expect(api.calls[0]?.headers['x-csrf-token']).toBe('from-the-cookie');
    clearCsrfToken();
    expect(document.cookie).not.toContain('ra_csrf');
    await apiFetch('users/files/delete', { method: 'POST', body: [1] });
    expect(api.calls[1]?.headers['x-csrf-token']).toBeUndefined();
  });

  it('turns an error body into an ApiError with code, message, status and field', async () => {
    mockApi({
      'POST auth/reset': { status: 400, body: { code: 'VALIDATION_FAILED', message: 'The password must be at least 10 characters long.', field: 'password' } },
    });
    const error = await apiFetch('auth/reset', { method: 'POST', body: {}, authenticated: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, field: 'password', message: 'The password must be at least 10 characters long.' });
  });

  it('gives a plain message when the error body is not the API’s (a proxy page)', async () => {
    mockApi({ 'GET users/files': { status: 502, raw: '<html>Bad gateway</html>' } });
    const error = (await apiFetch('users/files').catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe('INTERNAL');
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/Something went wrong/);
    expect(error.isTransient).toBe(true);
  });

  it('reports a network failure as NETWORK with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await apiFetch('users/files').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('calls the session handler on a 401 or CSRF failure of an authenticated call, not of a public one', async () => {
    const handler = vi.fn();
    setSessionProblemHandler(handler);
    mockApi({
      'GET users/files': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not Authenticated' } },
      'POST users/files/delete': { status: 403, body: { code: 'CSRF_FAILED', message: 'Your session could not be verified.' } },
      'POST auth/login': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'The e-mail address or password is incorrect.' } },
    });
    await expect(apiFetch('users/files')).rejects.toMatchObject({ status: 401 });
    await expect(apiFetch('users/files/delete', { method: 'POST', body: [1] })).rejects.toMatchObject({ code: 'CSRF_FAILED' });
    await expect(apiFetch('auth/login', { method: 'POST', body: {}, authenticated: false })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(handler.mock.calls).toEqual([['unauthenticated'], ['csrf']]);
  });

  it('reads a binary answer as bytes, with the version parameter and the Accept header asked for', async () => {
    const api = mockApi({ 'GET m/sites': { bytes: new Uint8Array([1, 2, 3]) } });
    const bytes = await apiFetchBytes('m/sites', { query: { releaseYear: 2026 }, accept: 'application/x-test' });
    expect([...bytes]).toEqual([1, 2, 3]);
    expect(api.calls[0]?.query.get('releaseYear')).toBe('2026');
    expect(api.calls[0]?.query.get('v')).toBe(APP_VERSION);
    expect(api.calls[0]?.headers.accept).toBe('application/x-test');
  });

  it('treats a refused binary call like any other: ApiError from the JSON body, and the session handler on a 401', async () => {
    const handler = vi.fn();
    setSessionProblemHandler(handler);
    mockApi({
      'GET m/sites': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not Authenticated' } },
      'GET m/other': { status: 403, body: { code: 'FORBIDDEN', message: 'You may not see these sites.' } },
    });
    await expect(apiFetchBytes('m/sites')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    await expect(apiFetchBytes('m/other')).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'You may not see these sites.' });
    expect(handler.mock.calls).toEqual([['unauthenticated']]);
  });

  it('validates the response against the contract schema', async () => {
    mockApi({ 'GET users/session': { body: { status: 'yes' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiFetch('users/session', { schema: ZSessionInfo })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
