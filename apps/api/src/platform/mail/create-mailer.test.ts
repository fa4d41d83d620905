import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createMailer } from './create-mailer';
import { passwordResetMail } from './templates';

describe('createMailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'riskatlas-mail-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const message = passwordResetMail({ to: 'ada@example.test', firstName: 'Ada', link: 'http://localhost:8080/?currentPage=Reset%20Password&token=abc<&>', validMinutes: 60 });

  it('writes .eml files only the server user can read into the outbox when no SMTP server is configured', async () => {
    const outboxDir = join(dir, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'RiskAtlas <no-reply@riskatlas.local>', outboxDir });
    await mailer.send(message);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ada@example\.test\.eml$/);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(outboxDir, files[0]!))).mode & 0o777).toBe(0o600);
    const eml = await readFile(join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ada@example\.test$/m);
    expect(eml).toMatch(/^From: RiskAtlas <no-reply@riskatlas\.local>$/m);
    expect(eml).toMatch(/^Subject: Reset your RiskAtlas password$/m);
    expect(eml).toContain('Hello Ada,');
    expect(eml).toContain('&lt;&amp;&gt;');
  });

  it('sends over SMTP when SMTP_URL is set', async () => {
    const smtp = await startSmtpCapture();
    const received = smtp.received;
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'RiskAtlas <no-reply@riskatlas.local>', outboxDir: join(dir, 'unused') });
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('no-reply@riskatlas.local');
      expect(received[0]!.to).toEqual(['ada@example.test']);
      expect(received[0]!.data).toMatch(/^Subject: Reset your RiskAtlas password/m);
      expect(received[0]!.data).toContain('Hello Ada,');
      await expect(readdir(join(dir, 'unused'))).rejects.toThrow();
    } finally {
      await smtp.close();
    }
  });
});
