import type { MailMessage } from './mailer';

/** Escapes text for the HTML part of a message. */
function escapeHtml(text: string): string {
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
