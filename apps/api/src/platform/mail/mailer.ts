/** An outgoing e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: over SMTP when SMTP_URL is set, else as .eml files in DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
