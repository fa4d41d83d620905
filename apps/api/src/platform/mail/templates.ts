import type { MailMessage } from './mailer';

/** Escapes text for the HTML part of a message. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The password-reset e-mail: one link, valid for `validMinutes`, usable once. */
export function passwordResetMail(input: { to: string; firstName: string; link: string; validMinutes: number }): MailMessage {
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    'Someone (hopefully you) asked to reset the password of your RiskAtlas account.',
    `Open this link within ${input.validMinutes} minutes to choose a new password. It works once.`,
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>Someone (hopefully you) asked to reset the password of your RiskAtlas account.',
    `Open this link within ${input.validMinutes} minutes to choose a new password. It works once.</p>`,
    `<p><a href="${escapeHtml(input.link)}">Reset your password</a></p>`,
    '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
  ].join('\n');
  return { to: input.to, subject: 'Reset your RiskAtlas password', text, html };
}

/** The e-mail when a report batch the user submitted has finished: how many reports, and a link to the Batches page. */
export function batchCompleteMail(input: { to: string; firstName: string; reportsCreated: number; link: string }): MailMessage {
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const line = `Your report batch is complete: ${input.reportsCreated} report${input.reportsCreated === 1 ? ' was' : 's were'} created. They are in your Site Library.`;
  return {
    to: input.to,
    subject: 'RiskAtlas: your report batch is complete',
    text: [greeting, '', line, '', `See your batches: ${input.link}`].join('\n'),
    html: [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(line)}</p>`, `<p><a href="${escapeHtml(input.link)}">See your batches in RiskAtlas</a></p>`].join('\n'),
  };
}
