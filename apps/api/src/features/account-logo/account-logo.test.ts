import { createCanvas } from '@napi-rs/canvas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountLogoMessages, ErrorCode, LOGO_MAX_BYTES, ProductId, type TReport } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { multipart } from '../../../test/multipart';
import { pdfPageImageCount, pdfPages } from '../../../test/pdf-reader';
import { CHICAGO, grant, postReport, RURAL_KANSAS, siteName } from '../../../test/report-fixtures';
import { unzip } from '../../../test/zip-reader';
import { announceAuthChange } from '../../access/session-cache';
import { accounts, auditLog } from '../../db/schema/index';
import { call, waitForTask } from '../sites/sites-test-fixtures';
import { logoKey } from './account-logo.service';

/** A drawn logo: a 320×120 image with a transparent corner, as PNG (with alpha) or JPEG. */
function drawnLogo(type: 'png' | 'jpeg'): Buffer {
  const canvas = createCanvas(320, 120);
  const context = canvas.getContext('2d');
  context.fillStyle = '#c62828';
  context.fillRect(20, 10, 280, 100);
  return type === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 90);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(await testDatabaseKinds())('the account logo: upload, read, delete, PDF cover on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** An administrator of a new account that may personalise (unless told otherwise). */
  const admin = (account: { allowPersonalize?: boolean } = {}) => createTestUser(ctx, { userType: 3, account: { allowPersonalize: true, ...account } });
  const upload = (user: TestUser, filename: string, bytes: Buffer, query = 'useLogoOnWeb=true', contentType = 'image/png') =>
    user.request({ method: 'POST', url: `/api/account/logo?${query}`, ...multipart('file', filename, contentType, bytes) });
  const getLogo = (user: TestUser, query = '') => user.request({ method: 'GET', url: `/api/account/logo${query}` });

  it('stores a PNG and answers GET with the same bytes, its type and a private cache policy; the change is audited', async () => {
    const user = await admin();
    const png = drawnLogo('png');
    const uploaded = await upload(user, 'acme.png', png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ hasLogo: true, useLogoOnWeb: true });
    expect(typeof uploaded.json().logoUpdated).toBe('string');

    for (const query of ['', `?accountId=${user.account.id}`]) {
      const read = await getLogo(user, query);
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/png');
      expect(read.headers['cache-control']).toContain('private');
      expect(read.rawPayload.equals(png)).toBe(true);
    }
    const [row] = await ctx.deps.database.db.select().from(accounts).where(eq(accounts.id, user.account.id));
    expect(row).toMatchObject({ useLogoOnWeb: true, logoContentType: 'image/png' });
    const audit = await ctx.deps.database.db.select().from(auditLog).where(and(eq(auditLog.accountId, user.account.id), eq(auditLog.action, 'account.logo_uploaded')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ filename: 'acme.png', contentType: 'image/png', size: png.length });
  });

  it("never shows another account's logo", async () => {
    const owner = await admin();
    expect((await upload(owner, 'owner.png', drawnLogo('png'))).statusCode).toBe(200);
    const stranger = await admin();
    expect((await getLogo(stranger, `?accountId=${owner.account.id}`)).statusCode).toBe(404);
    // The stranger's own account has no logo.
    expect((await getLogo(stranger)).json().code).toBe(ErrorCode.NotFound);
  });

  it('lets provider staff acting in the account read and change its logo, audited as the impersonator', async () => {
    const customer = await admin();
    const png = drawnLogo('png');
    expect((await upload(customer, 'customer.png', png)).statusCode).toBe(200);
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } })).statusCode).toBe(200);
    const read = await getLogo(staff, `?accountId=${customer.account.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(png)).toBe(true);
    const jpeg = drawnLogo('jpeg');
    expect((await upload(staff, 'support.jpg', jpeg)).statusCode).toBe(200);
    expect((await getLogo(customer)).rawPayload.equals(jpeg)).toBe(true);
    const [entry] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, customer.account.id), eq(auditLog.action, 'account.logo_uploaded'), eq(auditLog.actorUserId, staff.user.id)));
    expect(entry?.impersonatorUserId).toBe(staff.user.id);
  });

  it('accepts a JPEG, served as image/jpeg, and sets useLogoOnWeb as asked', async () => {
    const user = await admin();
    const jpeg = drawnLogo('jpeg');
    const uploaded = await upload(user, 'Logo Final.JPG', jpeg, 'useLogoOnWeb=false', 'application/octet-stream');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ hasLogo: true, useLogoOnWeb: false });
    const read = await getLogo(user);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.rawPayload.equals(jpeg)).toBe(true);
    // The flag alone, without a new file.
    const flag = await user.request({ method: 'POST', url: '/api/account/logo?useLogoOnWeb=true' });
    expect(flag.statusCode, flag.body).toBe(200);
    expect(flag.json()).toMatchObject({ hasLogo: true, useLogoOnWeb: true });
    expect((await getLogo(user)).rawPayload.equals(jpeg)).toBe(true);
  });

  it('refuses files that are not PNG or JPEG by their bytes, naming the file, whatever the name and type claim', async () => {
    const user = await admin();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const text = Buffer.from('just some text, not a picture');
    for (const [filename, bytes] of [
      ['logo.gif.png', gif],
      ['notes.png', text],
      ['drawing.png', svg],
      ['drawing.svg', svg],
    ] as const) {
      const response = await upload(user, filename, bytes, 'useLogoOnWeb=true', 'image/png');
      expect(response.statusCode, filename).toBe(400);
      expect(response.json(), filename).toMatchObject({ code: ErrorCode.BadRequest, message: `'${filename}' is not a valid image file.`, field: 'file' });
    }
    expect(AccountLogoMessages.notAnImage('x.png')).toBe("'x.png' is not a valid image file.");
    expect((await getLogo(user)).statusCode).toBe(404);
  });

  it('refuses a logo above 204,800 bytes with the size sentence, and takes one of exactly 204,800', async () => {
    const user = await admin();
    const padded = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length)]);
    const tooBig = await upload(user, 'big.png', padded(LOGO_MAX_BYTES + 1));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ message: 'The logo must be 200 KB (204,800 bytes) or smaller.', field: 'file' });
    expect((await getLogo(user)).statusCode).toBe(404);
    const limit = await upload(user, 'limit.png', padded(LOGO_MAX_BYTES));
    expect(limit.statusCode, limit.body).toBe(200);
    expect((await getLogo(user)).rawPayload.length).toBe(LOGO_MAX_BYTES);
  });

  it('lets only administrators of accounts that allow personalisation change the logo', async () => {
    const personalised = await admin();
    const standard = await createTestUser(ctx, { userType: 2, inAccount: personalised.account });
    const refusedUser = await upload(standard, 'logo.png', drawnLogo('png'));
    expect(refusedUser.statusCode).toBe(403);
    expect(refusedUser.json()).toEqual({ code: ErrorCode.Forbidden, message: AccountLogoMessages.notAdmin });
    expect((await standard.request({ method: 'POST', url: '/api/account/logo?deleteLogo=true' })).statusCode).toBe(403);

    const plain = await admin({ allowPersonalize: false });
    const refusedAccount = await upload(plain, 'logo.png', drawnLogo('png'));
    expect(refusedAccount.statusCode).toBe(403);
    expect(refusedAccount.json()).toEqual({ code: ErrorCode.Forbidden, message: AccountLogoMessages.notAllowed });
    // The file was never read: the connection closes after the answer instead.
    expect(refusedAccount.headers.connection).toBe('close');
    expect(await ctx.deps.fileStore.get(logoKey(plain.account.id)).catch((error: unknown) => error)).toMatchObject({ code: ErrorCode.NotFound });
    // A write without its CSRF header is refused before anything else.
    const noCsrf = await personalised.request({ method: 'POST', url: '/api/account/logo?useLogoOnWeb=true', csrf: false, ...multipart('file', 'a.png', 'image/png', drawnLogo('png')) });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('asks for a file when the upload has none', async () => {
    const user = await admin();
    const response = await user.request({ method: 'POST', url: '/api/account/logo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AccountLogoMessages.noFile, field: 'file' });
  });

  it('deletes the logo: GET then answers 404, the stored bytes are gone and the deletion is audited', async () => {
    const user = await admin();
    expect((await upload(user, 'logo.png', drawnLogo('png'))).statusCode).toBe(200);
    const deleted = await user.request({ method: 'POST', url: '/api/account/logo?deleteLogo=true' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ hasLogo: false, useLogoOnWeb: true, logoUpdated: null });
    expect((await getLogo(user)).statusCode).toBe(404);
    expect(await ctx.deps.fileStore.get(logoKey(user.account.id)).catch((error: unknown) => error)).toMatchObject({ code: ErrorCode.NotFound });
    const audit = await ctx.deps.database.db.select().from(auditLog).where(and(eq(auditLog.accountId, user.account.id), eq(auditLog.action, 'account.logo_deleted')));
    expect(audit).toHaveLength(1);
  });

  describe('on the PDF cover', () => {
    /** Each account's one Basic report, made at its first PDF. */
    const reportOf = new Map<number, number>();
    /** A cover-only PDF of the Basic report of the user's account. */
    const coverPdf = async (user: TestUser): Promise<Buffer> => {
      let accountProductReportId = reportOf.get(user.account.id);
      if (accountProductReportId === undefined) {
        await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
        const created = await postReport(user, { reportType: ProductId.Basic, siteName: siteName('Logo store'), ...CHICAGO });
        expect(created.statusCode, created.body).toBe(200);
        accountProductReportId = (created.json() as TReport).accountProductReportId;
        reportOf.set(user.account.id, accountProductReportId);
      }
      const download = await user.request({ method: 'GET', url: `/api/reports/${accountProductReportId}/pdf?sections=1` });
      expect(download.statusCode, download.body).toBe(200);
      return download.rawPayload;
    };
    /** Turns the account's personalisation off or on, as an operator would (signed-in sessions see it at once). */
    const setPersonalize = async (user: TestUser, allowPersonalize: boolean) => {
      await ctx.deps.database.db.update(accounts).set({ allowPersonalize }).where(eq(accounts.id, user.account.id));
      await announceAuthChange(ctx.deps.database.db, { accountId: user.account.id });
    };

    it('draws the logo on page 1 while the account allows personalisation, and none without the flag', async () => {
      const user = await admin();
      expect(await pdfPageImageCount(await coverPdf(user), 1)).toBe(0);
      expect((await upload(user, 'logo.png', drawnLogo('png'))).statusCode).toBe(200);
      const withLogo = await coverPdf(user);
      expect(await pdfPageImageCount(withLogo, 1)).toBe(1);
      expect((await pdfPages(withLogo))[0]).toContain('Crime Risk Report');

      expect((await upload(user, 'logo.jpg', drawnLogo('jpeg'))).statusCode).toBe(200);
      expect(await pdfPageImageCount(await coverPdf(user), 1)).toBe(1);

      await setPersonalize(user, false);
      expect(await pdfPageImageCount(await coverPdf(user), 1)).toBe(0);
      expect((await getLogo(user)).statusCode).toBe(404);
    });

    it('puts the logo on every PDF of a report archive, reading it once for the whole archive', async () => {
      const user = await admin();
      expect((await upload(user, 'logo.png', drawnLogo('png'))).statusCode).toBe(200);
      await grant(ctx, user.account.id, { [ProductId.Basic]: 2 });
      const ids: number[] = [];
      for (const point of [CHICAGO, RURAL_KANSAS]) {
        const created = await postReport(user, { reportType: ProductId.Basic, siteName: siteName('Archive logo'), ...point });
        expect(created.statusCode, created.body).toBe(200);
        ids.push((created.json() as TReport).accountProductReportId);
      }
      // Count the job's reads of this account's logo through the one file store the app and its jobs share.
      const store = ctx.deps.fileStore;
      const get = store.get.bind(store);
      let logoReads = 0;
      store.get = (key) => {
        if (key === logoKey(user.account.id)) logoReads += 1;
        return get(key);
      };
      try {
        const started = await call(user, 'POST', '/api/reports/bulkdownload', { accountProductReportIds: ids, content: 'pdf', sections: 1 });
        expect(started.statusCode, started.body).toBe(200);
        const task = await waitForTask(user, (started.json() as { taskStatusId: number }).taskStatusId);
        expect(task.currentStatus, task.detail ?? '').toBe(2);
        const zip = await user.request({ method: 'GET', url: `/api/users/files/${task.objectID}` });
        const pdfs = (await unzip(zip.rawPayload)).filter((entry) => entry.name.endsWith('.pdf'));
        expect(pdfs).toHaveLength(2);
        for (const pdf of pdfs) expect(await pdfPageImageCount(pdf.body, 1), pdf.name).toBe(1);
        expect(logoReads).toBe(1);
      } finally {
        store.get = get;
      }
    });

    it('makes the PDF without the logo when the stored image is broken', async () => {
      const user = await admin();
      // A PNG with transparency whose image data is damaged: pdfkit decodes such an image in a zlib
      // callback, where the error would be thrown outside any caller and end the process.
      const broken = drawnLogo('png');
      const imageData = broken.indexOf('IDAT');
      broken.fill(0x55, imageData + 6, imageData + 30);
      for (const bytes of [broken, Buffer.concat([PNG_SIGNATURE, Buffer.from('garbage')]), Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01])]) {
        expect((await upload(user, 'broken.png', bytes)).statusCode).toBe(200);
        const pdf = await coverPdf(user);
        expect(await pdfPageImageCount(pdf, 1)).toBe(0);
        expect((await pdfPages(pdf))[0]).toContain('Crime Risk Report');
      }
    });
  });
});
