import { ImportMessages } from '@riskatlas/domain';
import type { MailMessage } from '../../../platform/mail/mailer';
import { escapeHtml } from '../../../platform/mail/templates';

/** The e-mail asked for with emailWhenProcessingComplete: what the processing found, and a link to the queue. */
export function importProcessedMail(input: { to: string; firstName: string; summary: string; link: string }): MailMessage {
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const line = `Your import file has been processed. ${input.summary}`;
  const next = 'Review the rows on the Import Sites page, then import them into your account.';
  return {
    to: input.to,
    subject: ImportMessages.processingMailSubject,
    text: [greeting, '', line, next, '', `Open the import queue: ${input.link}`].join('\n'),
    html: [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(line)}</p>`, `<p>${escapeHtml(next)}</p>`, `<p><a href="${escapeHtml(input.link)}">Open the import queue</a></p>`].join('\n'),
  };
}

/** The Import Sites page of the installation. */
export function importPageLink(publicUrl: string): string {
  return `${publicUrl}/?currentPage=Import%20Sites`;
}
