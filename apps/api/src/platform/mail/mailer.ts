/** An outgoing e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a report's PDF). */
  attachments?: MailAttachment[];
}

/** A file attached to an e-mail. */
interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Sends mail: over SMTP when SMTP_URL is set, else as .eml files in DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
