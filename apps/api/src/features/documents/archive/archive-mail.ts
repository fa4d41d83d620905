import { DownloadMessages } from '@riskatlas/domain';
import type { MailMessage } from '../../../platform/mail/mailer';
import { escapeHtml } from '../../../platform/mail/templates';

/** What the archive-ready e-mail says. */
export interface ArchiveMailInput {
  to: string;
  firstName: string;
  /** Reports in the archive. */
  count: number;
  /** The file itself: `${PUBLIC_URL}/api/users/files/<id>` (a signed-in download). */
  fileLink: string;
  /** The File Downloads page. */
  filesPageLink: string;
  /** Proximity and demographics were left out for the archive's size. */
  contextSectionsRemoved: boolean;
}

/** The e-mail sent when a report archive is ready: a link to the file and to File Downloads. */
export function archiveReadyMail(input: ArchiveMailInput): MailMessage {
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const ready = `Your report archive of ${input.count.toLocaleString('en-US')} report${input.count === 1 ? '' : 's'} is ready.`;
  const signIn = 'The link works once you are signed in to RiskAtlas; the file also stays in File Downloads.';
  const extra = input.contextSectionsRemoved ? [DownloadMessages.contextOff] : [];
  const text = [greeting, '', ready, '', `Download it: ${input.fileLink}`, `File Downloads: ${input.filesPageLink}`, '', signIn, ...extra].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(ready)}</p>`,
    `<p><a href="${escapeHtml(input.fileLink)}">Download the report archive</a></p>`,
    `<p><a href="${escapeHtml(input.filesPageLink)}">Open File Downloads</a></p>`,
    `<p>${escapeHtml(signIn)}</p>`,
    ...extra.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { to: input.to, subject: DownloadMessages.emailSubject, text, html };
}

/** The links of the e-mail, made from the installation's public address. */
export function archiveLinks(publicUrl: string, fileDownloadId: number): { fileLink: string; filesPageLink: string } {
  return { fileLink: `${publicUrl}/api/users/files/${fileDownloadId}`, filesPageLink: `${publicUrl}/?currentPage=File%20Downloads` };
}
