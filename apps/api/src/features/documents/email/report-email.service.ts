import { MAX_REPORT_RECIPIENTS, recipientsProblem, ReportDocumentMessages, splitRecipients, type TReportEmailRequest, type TReportEmailResponse } from '@riskatlas/domain';
import type { AuthContext } from '../../../access/caller';
import { AppError } from '../../../lib/app-error';
import type { DocumentDeps } from '../documents-deps';
import { pdfBuffer, reportPdf } from '../pdf/report-pdf.service';
import { reportEmail } from './report-email';

/**
 * POST reports/email: the report's PDF (sections and methodologies as asked) attached to one
 * e-mail to every recipient (and to the impersonating staff member when asked). Each recipient must
 * look like an e-mail address; the first that does not is named in the answer and nothing is sent.
 */
export async function emailReport(deps: DocumentDeps, auth: AuthContext, request: TReportEmailRequest): Promise<TReportEmailResponse> {
  const toSelf = request.sendToImpersonatingUser === true;
  if (toSelf && !auth.impersonating) throw AppError.badRequest(ReportDocumentMessages.notImpersonating, 'sendToImpersonatingUser');
  // The impersonating staff member may send to themselves alone; anyone else names a recipient.
  const typed = splitRecipients(request.recipients);
  const problem = toSelf && typed.length === 0 ? undefined : recipientsProblem(request.recipients);
  if (problem) throw AppError.badRequest(problem, 'recipients');
  // While impersonating, the session's user is the provider's staff member, not the customer's.
  const recipients = [...new Set([...typed, ...(toSelf ? [auth.user.email] : [])])];
  if (recipients.length > MAX_REPORT_RECIPIENTS) throw AppError.badRequest(`Please enter at most ${MAX_REPORT_RECIPIENTS} e-mail addresses.`, 'recipients');
  if (request.sections === 0) throw AppError.badRequest(ReportDocumentMessages.noSection, 'sections');
  const { doc, fileName, siteName } = await reportPdf(deps, auth, { id: request.accountProductReportId, sections: request.sections, methodologies: request.methodologies });
  const pdf = await pdfBuffer(doc);
  const sender = [auth.user.firstName, auth.user.lastName].filter(Boolean).join(' ') || auth.user.email;
  await deps.mailer.send(reportEmail({ to: recipients.join(', '), sender, siteName, subject: request.subject, message: request.message, pdf, fileName }));
  return { sent: true, recipients };
}
