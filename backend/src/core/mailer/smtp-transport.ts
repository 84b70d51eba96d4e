import { createTransport, type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
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
    const mime = new MailComposer({
      from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      // Base64 is encoded natively; quoted-printable (nodemailer's pick for mostly-ASCII text)
      // is scanned and encoded in JavaScript, the largest cost of sending a new-lead e-mail.
      textEncoding: 'base64',
      ...(message.messageId ? { messageId: message.messageId } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.headers ? { headers: { ...message.headers } } : {}),
      ...(message.calendarInvite
        ? {
            icalEvent: {
              method: message.calendarInvite.method,
              filename: 'invite.ics',
              content: message.calendarInvite.content,
            },
          }
        : {}),
    }).compile();
    const messageId = mime.messageId();
    // Built into one buffer first: streamed, each header and body line of the message was a
    // write to the SMTP socket of its own, the worker's largest cost after building the message.
    const raw = await mime.build();
    await this.transporter.sendMail({ envelope: mime.getEnvelope(), raw });
    return { messageId };
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
