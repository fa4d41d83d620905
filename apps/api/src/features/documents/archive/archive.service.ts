import {
  archiveHasPdf,
  DEFAULT_REPORT_SECTIONS,
  DownloadMessages,
  MAX_DOWNLOAD_REPORTS,
  ReportDocumentMessages,
  tooManyReportsMessage,
  type TBulkDownloadRequest,
  type TBulkDownloadStarted,
} from '@riskatlas/domain';
import type { AuthContext } from '../../../access/caller';
import { siteScope } from '../../../access/site-scope';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { resolveDownloadSelection } from '../../reports/index';
import { startDownloadJob, type DownloadJobDeps } from '../download-job';
import { archiveSections, type ArchiveSections } from './archive-sections';
import { REPORT_ARCHIVE_JOB, type ReportArchivePayload } from './archive.job';
import { findFirstAdministrator } from './archive.repository';

/** What the archive service uses. */
export interface ArchiveDeps extends DownloadJobDeps {
  db: Db;
}

/**
 * Who gets the archive (its File Downloads row and the e-mail). The requester, normally. Provider
 * staff acting in a customer account make it for the customer: the account's first enabled
 * administrator, unless they ask for it themselves (sendToImpersonatingUser). An account with no
 * enabled administrator leaves it with the staff member. Either way the file lives in the customer
 * account, where its administrators, and staff acting in it, can open it.
 */
async function archiveRecipient(db: Db, auth: AuthContext, toSelf: boolean): Promise<number> {
  if (!auth.impersonating || toSelf) return auth.userId;
  return (await findFirstAdministrator(db, auth.accountId))?.id ?? auth.userId;
}

/** The PDFs' sections: 0 is refused with the dialog's words; above 50,000 reports the context sections go. */
function sectionsFor(body: TBulkDownloadRequest, count: number): ArchiveSections {
  const asked = body.sections ?? DEFAULT_REPORT_SECTIONS;
  if (!archiveHasPdf(body.content)) return { sections: asked, contextSectionsRemoved: false };
  const chosen = archiveSections(asked, count);
  if (chosen.sections === 0) throw AppError.badRequest(`${DownloadMessages.contextOff} ${ReportDocumentMessages.noSection}`, 'sections');
  return chosen;
}

/**
 * POST reports/bulkdownload: starts the job that writes a zip of the selected reports' PDFs and/or
 * workbooks (at most 100,000 reports) into File Downloads and e-mails a link when it is ready.
 * Reading changes nothing, so read-only callers may ask too.
 */
export async function requestReportArchive(deps: ArchiveDeps, auth: AuthContext, body: TBulkDownloadRequest): Promise<TBulkDownloadStarted> {
  const toSelf = body.sendToImpersonatingUser === true;
  if (toSelf && !auth.impersonating) throw AppError.badRequest(DownloadMessages.notImpersonating, 'sendToImpersonatingUser');
  if (archiveHasPdf(body.content) && body.sections === 0) throw AppError.badRequest(ReportDocumentMessages.noSection, 'sections');
  const scope = await siteScope(deps.db, auth);
  const { ids } = await resolveDownloadSelection(deps.db, auth, scope, body, { max: MAX_DOWNLOAD_REPORTS, tooLarge: tooManyReportsMessage, unseen: 'refuse' });
  if (ids.length === 0) throw AppError.badRequest(DownloadMessages.noReports, 'accountProductReportIds');
  const { sections, contextSectionsRemoved } = sectionsFor(body, ids.length);
  const recipientUserId = await archiveRecipient(deps.db, auth, toSelf);
  const taskStatusId = await startDownloadJob(deps, auth, {
    jobName: REPORT_ARCHIVE_JOB,
    taskTitle: DownloadMessages.taskTitle,
    ids,
    payload: (base): ReportArchivePayload => ({
      ...base,
      recipientUserId,
      content: body.content,
      sections,
      methodologies: [...new Set(body.methodologies ?? [])],
      contextSectionsRemoved,
    }),
  });
  return { taskStatusId, count: ids.length, contextSectionsRemoved };
}
