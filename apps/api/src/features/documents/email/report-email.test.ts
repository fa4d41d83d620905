import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../../../test/smtp-capture';
import { createMailer } from '../../../platform/mail/create-mailer';
import { reportEmail } from './report-email';

describe('the e-mailed report', () => {
  it('reaches an SMTP server with the note, the default subject and the PDF attached', async () => {
    const smtp = await startSmtpCapture();
    const dir = await mkdtemp(join(tmpdir(), 'riskatlas-report-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'RiskAtlas <no-reply@riskatlas.local>', outboxDir: join(dir, 'unused') });
      const pdf = Buffer.from('%PDF-1.3\n% a report\n%%EOF\n');
      await mailer.send(reportEmail({ to: 'ops@example.com, cfo@example.com', sender: 'Ada Lovelace', siteName: 'Harbor <Depot>', subject: undefined, message: 'For the board.\nSee page 3.', pdf, fileName: 'RiskAtlas-Harbor-Depot-2026.pdf' }));
      expect(smtp.received).toHaveLength(1);
      // The text parts are quoted-printable: join its soft line breaks to read them.
      const data = smtp.received[0]!.data.replace(/=\r?\n/g, '');
      expect(data).toMatch(/^Subject: RiskAtlas report: Harbor <Depot>/m);
      expect(data).toContain('For the board.');
      expect(data).toContain('Ada Lovelace sent you the RiskAtlas crime risk report for Harbor');
      expect(data).toContain('Harbor &lt;Depot&gt;');
      expect(data).toMatch(/Content-Type: application\/pdf; name=RiskAtlas-Harbor-Depot-2026\.pdf/);
      expect(smtp.received[0]!.data).toContain(pdf.toString('base64'));
    } finally {
      await smtp.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
