import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/**
 * The configured mailer: SMTP when a URL is given; otherwise each message is written as an .eml
 * file into `outboxDir`, so a fresh install can read its password-reset mail without a server.
 * The files carry live reset links, so only the server's own user may read them (0700 and 0600).
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message: MailMessage) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const safeTo = message.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`;
      await writeFile(join(options.outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}
