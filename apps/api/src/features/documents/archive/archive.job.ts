import { z } from 'zod';
import { ARCHIVE_CONTENTS, archiveHasPdf, DownloadMessages, FileDownloadType } from '@riskatlas/domain';
import { findUserById } from '../../../access/identity.repository';
import { loadJobCaller } from '../../../access/job-caller';
import { siteScope } from '../../../access/site-scope';
import { spoolRootOf, withSpoolFile } from '../../../platform/files/spool';
import { fileDate, writeSpooledDownload } from '../../../platform/files/spooled-download';
import { defineJob, JobError, ZJobPayloadBase, type JobContext } from '../../../platform/jobs/job-definition';
import { coverLogo } from '../../account-logo/index';
import type { DocumentDeps } from '../documents-deps';
import { downloadFileKey, readDownloadReportIds } from '../download-job';
import { pdfsInOrder } from '../pdf/pdfs-in-order';
import { addReport, planPdf, type ArchiveWriter } from './archive-entries';
import { openArchiveIndex } from './archive-index';
import { archiveLinks, archiveReadyMail } from './archive-mail';
import { readArchiveReports } from './archive.repository';
import { createZipSpool } from './archive-zip';

/** The job's name (queue report-archive/v1). */
export const REPORT_ARCHIVE_JOB = 'report-archive';
/**
 * Reports read and written per chunk: the task's progress moves after each. Small, because each
 * report is a whole PDF: a chunk is a few seconds of work at most.
 */
const CHUNK_REPORTS = 20;

/** Payload: who asked, for whom the file is, what goes in, and where the report ids are. */
const ZReportArchivePayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive().describe('Who asked: the archive holds what this user may see'),
  taskStatusId: z.number().int().positive(),
  impersonating: z.boolean().describe('The request came from provider staff acting in the account'),
  recipientUserId: z.number().int().positive().describe('Whose File Downloads the archive goes to, and who is e-mailed'),
  reportIdsKey: z.string().describe('File-store key of the report ids (sorted)'),
  count: z.number().int().min(0).describe('Reports expected (the progress total)'),
  content: z.enum(ARCHIVE_CONTENTS),
  sections: z.number().int().min(1).describe('Section value of the PDFs (context sections already removed above 50,000)'),
  methodologies: z.array(z.number().int().min(1).max(4)).describe('Methodologies of the PDFs; empty = each report’s own'),
  contextSectionsRemoved: z.boolean(),
});
export type ReportArchivePayload = z.infer<typeof ZReportArchivePayload>;

function* idChunks(ids: readonly number[]): Generator<readonly number[]> {
  for (let start = 0; start < ids.length; start += CHUNK_REPORTS) yield ids.slice(start, start + CHUNK_REPORTS);
}

/** Sends the archive-ready e-mail to the file's recipient (a failed send leaves the archive in place). */
async function mailRecipient(context: JobContext<ReportArchivePayload>, fileDownloadId: number): Promise<void> {
  const { payload, deps } = context;
  const recipient = await findUserById(deps.database.db, payload.recipientUserId);
  if (!recipient?.isEnabled) return;
  const message = archiveReadyMail({
    to: recipient.email,
    firstName: recipient.firstName,
    count: payload.count,
    contextSectionsRemoved: payload.contextSectionsRemoved,
    ...archiveLinks(deps.config.publicUrl, fileDownloadId),
  });
  // The archive stands whatever the mail server says; File Downloads still has it.
  await deps.mailer.send(message).catch(() => undefined);
}

/**
 * Writes a report archive into File Downloads (type 2, Report Archive): a zip with each report's
 * PDF and/or workbook, in report id order, and an index.csv naming every report, its files and
 * what was left out and why. Reports are read through the requester's scope as it is now (those
 * deleted since are noted, not fatal). Each document is written into the zip before the next is
 * made, and each addition waits for the zip's output to drain, so memory holds about one document
 * however large the archive. Then the recipient is e-mailed a link to the file.
 */
export const reportArchiveJob = defineJob({
  name: REPORT_ARCHIVE_JOB,
  version: 1,
  schema: ZReportArchivePayload,
  retryLimit: 2,
  // A 100,000-report archive of PDFs runs for hours; the default hour would expire it midway.
  // pg-boss refuses an expiry of a day or more. A crashed worker's job is still retried soon: the
  // lease (job-lease.ts) keeps its deadline a heartbeat ahead only while it runs.
  expireInSeconds: 23 * 3600,
  async handler(context) {
    const { payload, deps, db } = context;
    if (await context.previousResult()) return;
    try {
      const caller = await loadJobCaller(db, payload);
      const scope = await siteScope(db, caller);
      const ids = await readDownloadReportIds(deps.fileStore, payload.reportIdsKey);
      // The account's logo is read once for the whole archive, not once per PDF.
      const logo = archiveHasPdf(payload.content) ? coverLogo(deps.fileStore, caller.account) : undefined;
      const documents: DocumentDeps = { db, gazetteer: deps.gazetteer, scoring: deps.scoring, mailer: deps.mailer, now: deps.now, fileStore: deps.fileStore, ...(logo ? { coverLogo: logo } : {}) };
      const { fileDownloadId } = await writeSpooledDownload(context, {
        spoolName: 'report-archive',
        contentType: 'application/zip',
        storageKey: downloadFileKey(payload.accountId, payload.taskStatusId, 'report-archive', 'zip'),
        filename: (now) => `Report Archive ${fileDate(now)}.zip`,
        fileDownloadType: FileDownloadType.ReportArchive,
        doneMessage: DownloadMessages.ready,
        ownerUserId: payload.recipientUserId,
        fill: (spool) =>
          withSpoolFile(spoolRootOf(deps.config.dataDir), `report-archive-index-${payload.accountId}-${payload.taskStatusId}`, async (indexPath) => {
            const zip = createZipSpool(spool, deps.now());
            try {
              const index = await openArchiveIndex(indexPath, caller.account.externalIdName);
              const writer: ArchiveWriter = { documents, caller, scope, choices: payload, sources: deps.gazetteer.sources, zip, index };
              await context.chunks({
                total: payload.count,
                source: idChunks(ids),
                handle: async (chunk) => {
                  const found = new Map((await readArchiveReports(db, scope, chunk)).map((report) => [report.accountProductReportId, report]));
                  const planned = chunk.map((id) => {
                    const report = found.get(id);
                    return { id, report, plan: report && planPdf(payload, report) };
                  });
                  // The chunk's PDFs are made ahead, in order, while the previous one is written.
                  const pdfs = pdfsInOrder(documents, caller, planned.flatMap(({ plan }) => (plan?.request ? [plan.request] : [])));
                  for (const { id, report, plan } of planned) {
                    const pdf = plan?.request ? (await pdfs.next()).value || undefined : undefined;
                    await addReport(writer, id, report && plan && { report, plan, pdf });
                  }
                },
              });
              await index.close();
              await zip.addFile('index.csv', indexPath);
              await zip.finish();
            } catch (error) {
              zip.abort();
              throw error;
            }
          }),
      });
      await deps.fileStore.delete(payload.reportIdsKey).catch(() => undefined);
      await mailRecipient(context, fileDownloadId);
    } catch (error) {
      // The task shows a plain sentence; the cause stays in the log.
      if (error instanceof JobError) throw error;
      throw new JobError(DownloadMessages.failed, { cause: error });
    }
  },
});
