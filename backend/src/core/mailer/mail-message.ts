/** One e-mail as composed by a feature module; the transport adds the sender. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Which template produced it; logged instead of the content. */
  template?: string;
  /** A Message-ID of its own (`<…@host>`), so a resend is recognisable as the same e-mail. */
  messageId?: string;
}

/** What the transport reports back; `messageId` is the only thing worth logging. */
export interface SentMail {
  messageId: string;
}

export interface MailTransport {
  deliver(message: MailMessage, from: string): Promise<SentMail>;
  close(): Promise<void>;
}

/**
 * Delivery failed. The message names only the error code and SMTP status: servers' own messages
 * may quote the recipient, and job failures are logged and kept in the queue.
 */
export class MailDeliveryError extends Error {
  constructor(
    readonly code: string | undefined,
    readonly responseCode: number | undefined,
  ) {
    super(
      `E-mail delivery failed (${[code, responseCode].filter(Boolean).join(' ') || 'unknown'})`,
    );
    this.name = 'MailDeliveryError';
  }
}
