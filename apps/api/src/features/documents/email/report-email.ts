import type { MailMessage } from '../../../platform/mail/mailer';
import { escapeHtml } from '../../../platform/mail/templates';

/** What the e-mailed report says and carries. */
export interface ReportEmailInput {
  to: string;
  /** Who sent it (the user's name, else their e-mail address). */
  sender: string;
  siteName: string;
  subject: string | undefined;
  message: string | undefined;
  pdf: Buffer;
  fileName: string;
}

/** The e-mail of POST reports/email: the sender's note (if any) above one line naming the attached report. */
export function reportEmail(input: ReportEmailInput): MailMessage {
  const line = `${input.sender} sent you the RiskAtlas crime risk report for ${input.siteName}. The report is attached as a PDF.`;
  const note = input.message?.trim() ?? '';
  const text = [...(note ? [note, ''] : []), line].join('\n');
  const html = [...(note ? [`<p>${escapeHtml(note).replace(/\n/g, '<br>')}</p>`] : []), `<p>${escapeHtml(line)}</p>`].join('\n');
  return {
    to: input.to,
    subject: input.subject?.trim() || `RiskAtlas report: ${input.siteName}`,
    text,
    html,
    attachments: [{ filename: input.fileName, content: input.pdf, contentType: 'application/pdf' }],
  };
}
