import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message an in-process SMTP server received. */
export interface CapturedMail {
  from: string | undefined;
  to: string[];
  /** The raw message as sent (headers and MIME parts). */
  data: string;
}

/** An SMTP server on 127.0.0.1 that keeps every message it receives; close() when done. */
export async function startSmtpCapture(): Promise<{ url: string; received: CapturedMail[]; close: () => Promise<void> }> {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({ from: from ? from.address : undefined, to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
