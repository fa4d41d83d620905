import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileDownloadType, type TFileDownload } from '@riskatlas/domain';
import { createTestContext, createTestUser, unique, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { attachmentDisposition } from './content-disposition';
import { insertFileDownload } from '../../platform/files/files.repository';

describe('Content-Disposition for downloads', () => {
  it('gives an ASCII fallback and the exact name RFC 5987-encoded', () => {
    expect(attachmentDisposition('report.csv')).toBe(`attachment; filename="report.csv"; filename*=UTF-8''report.csv`);
    expect(attachmentDisposition('Résumé "Q1" (α).xlsx')).toBe(
      `attachment; filename="Resume _Q1_ (_).xlsx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22Q1%22%20%28%CE%B1%29.xlsx`,
    );
    expect(attachmentDisposition('bad\r\nname.txt')).toBe(`attachment; filename="bad  name.txt"; filename*=UTF-8''bad%20%20name.txt`);
  });
});

describe.each(await testDatabaseKinds())('users/files on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Stores bytes and records a file for a user, as a job does. */
  async function storedFile(owner: TestUser, options: { filename?: string; content?: string; contentType?: string; createdAt?: Date } = {}) {
    const content = Buffer.from(options.content ?? `id,name\n1,${unique()}\n`);
    const storageKey = `accounts/${owner.account.id}/downloads/${unique()}.csv`;
    const { size } = await ctx.deps.fileStore.put(storageKey, content, options.contentType ?? 'text/csv; charset=utf-8');
    const row = await insertFileDownload(ctx.deps.database.db, {
      accountId: owner.account.id,
      userId: owner.user.id,
      filename: options.filename ?? 'Sites.csv',
      fileDownloadType: FileDownloadType.ExcelSummary,
      contentType: options.contentType ?? 'text/csv; charset=utf-8',
      storageKey,
      size,
      createdAt: options.createdAt ?? ctx.clock.now(),
    });
    return { row, content };
  }
  const storedPath = (key: string) => join(ctx.deps.config.fileStore, key);
  const exists = (path: string) => access(path).then(() => true, () => false);
  const list = async (user: TestUser, query = '') => {
    const response = await user.request({ method: 'GET', url: `/api/users/files?v=9${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as TFileDownload[];
  };
  const remove = (user: TestUser, ids: unknown) =>
    user.request({ method: 'POST', url: '/api/users/files/delete', payload: JSON.stringify(ids), headers: { 'content-type': 'application/json' } });

  it("lists the caller's files newest first with the grid's fields", async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: user.account });
    const now = ctx.clock.now().getTime();
    const older = await storedFile(user, { filename: 'Older.csv', createdAt: new Date(now - 60_000) });
    const newer = await storedFile(user, { filename: 'Newer.csv', createdAt: new Date(now) });
    await storedFile(colleague, { filename: 'Theirs.csv' });

    const files = await list(user);
    expect(files).toEqual([
      { fileDownloadID: newer.row.id, filename: 'Newer.csv', fileDownloadType: 0, created: new Date(now).toISOString(), size: newer.content.length, userId: user.user.id },
      { fileDownloadID: older.row.id, filename: 'Older.csv', fileDownloadType: 0, created: new Date(now - 60_000).toISOString(), size: older.content.length, userId: user.user.id },
    ]);
  });

  it('administrators may list every file of the account; others may not ask for that', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    const mine = await storedFile(admin);
    const theirs = await storedFile(standard);
    expect((await list(admin)).map((f) => f.fileDownloadID)).toEqual([mine.row.id]);
    expect((await list(admin, '&all=true')).map((f) => f.fileDownloadID).sort()).toEqual([mine.row.id, theirs.row.id].sort());
    expect((await standard.request({ method: 'GET', url: '/api/users/files?all=true' })).statusCode).toBe(403);
  });

  it('downloads a file with its content type, an attachment file name and the exact bytes', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const { row, content } = await storedFile(user, { filename: 'Café sites "2024".csv', content: 'name\nCafé\n' });
    const response = await user.request({ method: 'GET', url: `/api/users/files/${row.id}?v=2` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Cafe sites _2024_.csv"; filename*=UTF-8''Caf%C3%A9%20sites%20%222024%22.csv`,
    );
    expect(Number(response.headers['content-length'])).toBe(content.length);
    expect(response.rawPayload.equals(content)).toBe(true);
  });

  it("answers 404 for another account's file, even to its administrator, and for missing bytes", async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const { row } = await storedFile(owner);
    const response = await stranger.request({ method: 'GET', url: `/api/users/files/${row.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect((await remove(stranger, [row.id])).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: `/api/users/files/${row.id}` })).statusCode).toBe(200);

    await ctx.deps.fileStore.delete(row.storageKey);
    expect((await owner.request({ method: 'GET', url: `/api/users/files/${row.id}` })).statusCode).toBe(404);
  });

  it("keeps a colleague's file from a non-admin, while an admin of the account may download it", async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    const readOnly = await createTestUser(ctx, { userType: 1, inAccount: admin.account });
    const { row, content } = await storedFile(standard);
    expect((await readOnly.request({ method: 'GET', url: `/api/users/files/${row.id}` })).statusCode).toBe(404);
    // Read-only users delete nothing, not even what they could see.
    expect((await remove(readOnly, [row.id])).statusCode).toBe(403);
    const asAdmin = await admin.request({ method: 'GET', url: `/api/users/files/${row.id}` });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.rawPayload.equals(content)).toBe(true);
  });

  it('delete removes the rows and the stored bytes; one id the caller may not see deletes nothing', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: user.account });
    const a = await storedFile(user);
    const b = await storedFile(user);
    const theirs = await storedFile(colleague);

    const refused = await remove(user, [a.row.id, theirs.row.id]);
    expect(refused.statusCode).toBe(404);
    expect((await list(user)).length).toBe(2);
    expect(await exists(storedPath(a.row.storageKey))).toBe(true);

    const response = await remove(user, [a.row.id, b.row.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    expect(await list(user)).toEqual([]);
    expect(await exists(storedPath(a.row.storageKey))).toBe(false);
    expect(await exists(storedPath(b.row.storageKey))).toBe(false);
    expect(await exists(storedPath(theirs.row.storageKey))).toBe(true);
    expect((await user.request({ method: 'GET', url: `/api/users/files/${a.row.id}` })).statusCode).toBe(404);
  });

  it('an admin may delete a colleague’s file; bad ids are refused with 400', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    const { row } = await storedFile(standard);
    expect((await remove(admin, [row.id])).json()).toEqual({ count: 1 });
    expect(await list(standard)).toEqual([]);
    expect((await remove(admin, [])).statusCode).toBe(400);
    expect((await remove(admin, ['1'])).statusCode).toBe(400);
    expect((await admin.request({ method: 'GET', url: '/api/users/files/0' })).statusCode).toBe(400);
  });
});
