import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage, MailTransport, SentMail } from './mail-message';

/**
 * Delivery through an SMTP server over a pool of reused connections, one per job the worker runs
 * at once (WORKER_CONCURRENCY), so concurrent jobs never queue behind each other's SMTP dialogue.
 */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(url: string, maxConnections = 5) {
    this.transporter = createTransport({
      url,
      pool: true,
      maxConnections,
      // A job is retried with backoff when delivery fails; waiting minutes here would only hold
      // a worker slot (nodemailer's defaults are 2 and 10 minutes).
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  async deliver(message: MailMessage, from: string): Promise<SentMail> {
    const info = (await this.transporter.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      // Base64 is encoded natively; quoted-printable (nodemailer's pick for mostly-ASCII text)
      // is scanned and encoded in JavaScript, the largest cost of sending a new-lead e-mail.
      textEncoding: 'base64',
      ...(message.messageId ? { messageId: message.messageId } : {}),
    })) as { messageId: string };
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
