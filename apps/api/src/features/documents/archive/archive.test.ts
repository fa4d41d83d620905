import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DownloadMessages,
  FileDownloadType,
  Messages,
  ProductId,
  ReportDocumentMessages,
  TaskObjectType,
  ZBulkDownloadStarted,
  type TFileDownload,
} from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { pdfPages } from '../../../../test/pdf-reader';
import { unzip } from '../../../../test/zip-reader';
import { CHICAGO, grant, postReport, RURAL_KANSAS } from '../../../../test/report-fixtures';
import { startSmtpCapture } from '../../../../test/smtp-capture';
import { reports } from '../../../db/schema/index';
import { putJobInput } from '../../../platform/jobs/job-input-file';
import { createMailer } from '../../../platform/mail/create-mailer';
import { createTask } from '../../../platform/tasks/tasks.service';
import { call, seedSites, waitForTask } from '../../sites/sites-test-fixtures';
import { ArchiveNotes } from './archive-index';
import { archiveLinks, archiveReadyMail } from './archive-mail';
import { archiveSections } from './archive-sections';
import { createZipSpool } from './archive-zip';
import { REPORT_ARCHIVE_JOB, type ReportArchivePayload } from './archive.job';

/** The lines of a CSV file without its byte-order mark. */
function csvLines(body: Buffer): string[] {
  return body.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
}

describe('the archive sections above 50,000 reports', () => {
  it('keeps the asked sections up to 50,000 reports and removes proximity and demographics above', () => {
    expect(archiveSections(233223, 50_000)).toEqual({ sections: 233223, contextSectionsRemoved: false });
    expect(archiveSections(233223, 50_001)).toEqual({ sections: 233223 - 1024 - 2048, contextSectionsRemoved: true });
    expect(archiveSections(1024 + 2, 100_000)).toEqual({ sections: 2, contextSectionsRemoved: true });
    // Nothing to remove: the answer says so.
    expect(archiveSections(1 + 2 + 4, 100_000)).toEqual({ sections: 7, contextSectionsRemoved: false });
  });
});

describe('the zip spool', () => {
  it('lets an entry in only once the one before is written: memory holds about one document, whatever the count', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'riskatlas-zip-spool-'));
    try {
      const path = join(dir, 'archive.zip');
      await writeFile(path, '');
      const zip = createZipSpool(path, new Date('2026-01-02T03:04:05Z'));
      const entry = Buffer.alloc(512 * 1024, 7);
      for (let index = 0; index < 40; index += 1) {
        await zip.addBuffer(`entry ${index}.pdf`, entry, { compress: false });
        // Everything added is on disk but the 4 MiB window (and a few stream buffers).
        expect((await stat(path)).size).toBeGreaterThan((index + 1) * entry.length - 4.2 * 2 ** 20);
      }
      await zip.addBuffer('index.csv', Buffer.from('a,b\r\n'), { compress: true });
      await zip.finish();
      const entries = await unzip(await readFile(path));
      expect(entries).toHaveLength(41);
      expect(entries[39]!.body.equals(entry)).toBe(true);
      expect(entries[40]!.body.toString()).toBe('a,b\r\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the archive-ready e-mail', () => {
  it('reaches an SMTP server with the link to the file and to File Downloads', async () => {
    const smtp = await startSmtpCapture();
    const dir = await mkdtemp(join(tmpdir(), 'riskatlas-archive-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'RiskAtlas <no-reply@riskatlas.local>', outboxDir: join(dir, 'unused') });
      await mailer.send(archiveReadyMail({ to: 'ops@example.com', firstName: 'Ada', count: 1234, contextSectionsRemoved: true, ...archiveLinks('https://atlas.example.com', 77) }));
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['ops@example.com']);
      const data = smtp.received[0]!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(data).toMatch(/^Subject: Your RiskAtlas report archive is ready/m);
      expect(data).toContain('Your report archive of 1,234 reports is ready.');
      expect(data).toContain('https://atlas.example.com/api/users/files/77');
      expect(data).toContain('https://atlas.example.com/?currentPage=File%20Downloads');
      expect(data).toContain(DownloadMessages.contextOff);
    } finally {
      await smtp.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(await testDatabaseKinds())('POST reports/bulkdownload (report archive) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const bulk = (user: TestUser, body: unknown) => call(user, 'POST', '/api/reports/bulkdownload', body);

  /** Basic reports at Chicago (a site named like a formula) and in Kansas, plus a copy of the first in release 2005. */
  async function threeReports(user: TestUser): Promise<{ chicago: number; kansas: number; old: number; release: number }> {
    await grant(ctx, user.account.id, { [ProductId.Basic]: 2 });
    const [a, b, c] = await seedSites(ctx, user.account.id, [
      { siteName: '=HYPERLINK("http://evil","x")', externalId: '-7', ...CHICAGO, city: 'Chicago', state: 'IL', admin1Code: 'IL' },
      { siteName: 'Kansas farm', ...RURAL_KANSAS },
      { siteName: 'Old depot', ...CHICAGO },
    ]);
    const chicago = (await postReport(user, { reportType: 0, siteId: a })).json().accountProductReportId as number;
    const kansas = (await postReport(user, { reportType: 0, siteId: b })).json().accountProductReportId as number;
    const [template] = await ctx.deps.database.db.select().from(reports).where(eq(reports.accountProductReportId, chicago));
    const { accountProductReportId: _id, created: _created, ...copy } = template!;
    const [old] = await ctx.deps.database.db.insert(reports).values({ ...copy, siteId: c!, releaseYear: 2005 }).returning();
    return { chicago, kansas, old: old!.accountProductReportId, release: template!.releaseYear };
  }

  async function downloadArchive(user: TestUser, fileDownloadId: number) {
    const response = await user.request({ method: 'GET', url: `/api/users/files/${fileDownloadId}?v=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    return unzip(response.rawPayload);
  }

  it('zips each report’s PDF and workbook with an index.csv into File Downloads (Report Archive) and e-mails a link', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { externalIdName: 'Store #' } });
    const { chicago, kansas, old, release } = await threeReports(user);
    const started = await bulk(user, { accountProductReportIds: [old, kansas, chicago], content: 'pdfExcel', sections: 1 + 2 + 4 });
    expect(started.statusCode, started.body).toBe(200);
    const answer = ZBulkDownloadStarted.parse(started.json());
    expect(answer).toMatchObject({ count: 3, contextSectionsRemoved: false });

    const task = await waitForTask(user, answer.taskStatusId);
    expect(task).toMatchObject({ currentStatus: 2, countTotal: 3, countCompleted: 3, message: DownloadMessages.taskTitle, detail: DownloadMessages.ready, objectType: TaskObjectType.FileDownload });
    const files = (await call(user, 'GET', '/api/users/files')).json() as TFileDownload[];
    const file = files.find((entry) => entry.fileDownloadID === task.objectID)!;
    expect(file).toMatchObject({ fileDownloadType: FileDownloadType.ReportArchive, userId: user.user.id });
    expect(file.filename).toMatch(/^Report Archive \d{4}-\d\d-\d\d\.zip$/);

    const entries = await downloadArchive(user, file.fileDownloadID);
    const names = entries.map((entry) => entry.name);
    // In report id order; the formula-like site name made file-system safe; release 2005 has no PDF.
    const safe = '=HYPERLINK( http evil , x )';
    expect(names).toEqual([
      `${safe} ${release} (${chicago}).pdf`,
      `${safe} ${release} (${chicago}).xlsx`,
      `Kansas farm ${release} (${kansas}).pdf`,
      `Kansas farm ${release} (${kansas}).xlsx`,
      `Old depot 2005 (${old}).xlsx`,
      'index.csv',
    ]);
    const kansasPdf = (await pdfPages(entries[2]!.body)).join(' ');
    expect(kansasPdf).toContain('Kansas farm');
    expect(kansasPdf).toContain('Score summary');
    expect(kansasPdf).not.toContain('Data sources and attribution');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entries[3]!.body as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Site', 'Composite', 'Sources']);

    const index = csvLines(entries[5]!.body);
    expect(index[0]).toBe('Report ID,Site Name,Store #,Release,Files,Note');
    expect(index).toHaveLength(4);
    // Cells a spreadsheet would run as formulas are defused by the one rule ('=…, '-7).
    expect(index[1]).toBe(`${chicago},"'=HYPERLINK(""http://evil"",""x"")",'-7,${release},"'${names[0]}; ${names[1]}",`);
    expect(index[2]).toBe(`${kansas},Kansas farm,,${release},${names[2]}; ${names[3]},`);
    expect(index[3]).toBe(`${old},Old depot,,2005,${names[4]},${ArchiveNotes.noPdf}`);

    const mail = await mailLinking(task.objectID!);
    expect(mail.to).toBe(user.user.email);
    expect(mail.subject).toBe(DownloadMessages.emailSubject);
    expect(mail.text).toContain(`${ctx.deps.config.publicUrl}/api/users/files/${file.fileDownloadID}`);
    expect(mail.text).toContain(`${ctx.deps.config.publicUrl}/?currentPage=File%20Downloads`);
  });

  it('refuses what it cannot make in the product’s words', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const { chicago } = await threeReports(stranger);

    const tooMany = await bulk(user, { accountProductReportIds: Array.from({ length: 100_001 }, (_, i) => i + 1), content: 'pdf' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Download requests cannot contain more than 100000 reports. Current count: 100001');

    const theirs = await bulk(user, { accountProductReportIds: [chicago], content: 'excel' });
    expect(theirs.statusCode).toBe(404);

    const data = await bulk(user, { accountData: { releaseYear: -1, countryId: 1 }, content: 'excel' });
    expect(data.statusCode).toBe(403);
    expect(data.json().message).toBe(DownloadMessages.adminOnly);

    const noSection = await bulk(stranger, { accountProductReportIds: [chicago], content: 'pdf', sections: 0 });
    expect(noSection.statusCode).toBe(400);
    expect(noSection.json().message).toBe(ReportDocumentMessages.noSection);

    const notStaff = await bulk(stranger, { accountProductReportIds: [chicago], content: 'pdf', sendToImpersonatingUser: true });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().message).toBe(DownloadMessages.notImpersonating);

    const [bare] = await seedSites(ctx, user.account.id, [{ siteName: 'No report' }]);
    const none = await bulk(user, { siteIds: [bare], releaseYear: -1, content: 'pdf' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(DownloadMessages.noReports);

    // Reading changes nothing: a read-only user may ask too.
    const reader = await createTestUser(ctx, { userType: 1, inAccount: stranger.account });
    const asked = await bulk(reader, { accountProductReportIds: [chicago], content: 'excel' });
    expect(asked.statusCode, asked.body).toBe(200);
  });

  it('makes the archive for the customer’s administrator while staff impersonate, and for the staff member when asked', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const { kansas } = await threeReports(admin);
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: admin.account.id } })).statusCode).toBe(200);

    const forCustomer = ZBulkDownloadStarted.parse((await bulk(staff, { accountProductReportIds: [kansas], content: 'excel' })).json());
    const customerTask = await waitForTask(staff, forCustomer.taskStatusId);
    expect(customerTask.currentStatus).toBe(2);
    const adminFiles = (await call(admin, 'GET', '/api/users/files')).json() as TFileDownload[];
    expect(adminFiles.map((file) => file.fileDownloadID)).toContain(customerTask.objectID);
    expect((await mailLinking(customerTask.objectID!)).to).toBe(admin.user.email);

    const forStaff = ZBulkDownloadStarted.parse((await bulk(staff, { accountProductReportIds: [kansas], content: 'excel', sendToImpersonatingUser: true })).json());
    const staffTask = await waitForTask(staff, forStaff.taskStatusId);
    expect(staffTask.currentStatus).toBe(2);
    const staffFiles = (await call(staff, 'GET', '/api/users/files')).json() as TFileDownload[];
    expect(staffFiles.map((file) => file.fileDownloadID)).toEqual([staffTask.objectID]);
    expect((await mailLinking(staffTask.objectID!)).to).toBe(staff.user.email);
    expect((await downloadArchive(staff, staffTask.objectID!)).map((entry) => entry.name)).toEqual([expect.stringMatching(/^Kansas farm .*\.xlsx$/), 'index.csv']);
  });

  /** The e-mail linking a file: it is sent just after the task completes, so it is waited for. */
  function mailLinking(fileDownloadId: number) {
    return vi.waitFor(() => {
      const mail = ctx.outbox.findLast((message) => message.text.includes(`/api/users/files/${fileDownloadId}`));
      if (!mail) throw new Error(`no e-mail links file ${fileDownloadId} yet`);
      return mail;
    });
  }

  /** Starts the job directly with a stored list of ids, as the service would. */
  async function startJob(user: TestUser, ids: unknown): Promise<number> {
    const reportIdsKey = await putJobInput(ctx.deps.fileStore, user.account.id, 'report-archive', ids);
    return ctx.deps.jobs.transaction(async (tx, enqueue) => {
      const task = await createTask(tx, { accountId: user.account.id, userId: user.user.id, message: DownloadMessages.taskTitle, objectType: TaskObjectType.FileDownload, countTotal: 2 }, ctx.clock.now());
      const payload: ReportArchivePayload = {
        accountId: user.account.id,
        userId: user.user.id,
        taskStatusId: task.id,
        impersonating: false,
        recipientUserId: user.user.id,
        reportIdsKey,
        count: 2,
        content: 'pdf',
        sections: 2,
        methodologies: [4],
        contextSectionsRemoved: false,
      };
      await enqueue(REPORT_ARCHIVE_JOB, payload);
      return task.id;
    });
  }

  it('notes reports deleted since the request in index.csv, and a report without the methodologies asked shows its own', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const { kansas } = await threeReports(user);
    const task = await waitForTask(user, await startJob(user, [kansas, 999_999_999]));
    expect(task.currentStatus, task.detail ?? '').toBe(2);
    const entries = await downloadArchive(user, task.objectID!);
    expect(entries.map((entry) => entry.name)).toEqual([expect.stringMatching(/^Kansas farm .*\.pdf$/), 'index.csv']);
    const index = csvLines(entries[1]!.body);
    expect(index[1]).toMatch(new RegExp(`^${kansas},Kansas farm,,\\d{4},Kansas farm .*\\.pdf,${ArchiveNotes.ownMethodologies}$`));
    expect(index[2]).toBe(`999999999,,,,,"${ArchiveNotes.gone}"`);
  });

  it('marks the task failed with a plain sentence and sends no e-mail when the archive cannot be made', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const mailsBefore = ctx.outbox.filter((message) => message.to === user.user.email).length;
    const task = await waitForTask(user, await startJob(user, ['not', 'ids']));
    expect(task.currentStatus).toBe(-1);
    expect(task.detail).toBe('The list of reports of this task is damaged.');
    expect(task.detail).not.toBe(Messages.internal);
    expect(ctx.outbox.filter((message) => message.to === user.user.email)).toHaveLength(mailsBefore);
  });
});
