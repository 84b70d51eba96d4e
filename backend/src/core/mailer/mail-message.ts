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
  /**
   * The sender's display name when it is not the product's (a contractor's business); the
   * address stays MAIL_FROM's, the one the mail server may send for.
   */
  fromName?: string;
  /** Where replies go when not to the sender (a contractor's own address). */
  replyTo?: string;
  /** Extra headers, one line each (List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Readonly<Record<string, string>>;
  /**
   * A calendar invite (iCalendar text) sent as the message's text/calendar part and as an
   * `invite.ics` attachment, so mail clients offer to add it and any calendar can import it.
   */
  calendarInvite?: { method: 'REQUEST' | 'CANCEL'; content: string };
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

/**
 * MAIL_FROM with another display name: `"Sunny Roofing" <no-reply@rafter.app>`. Quotes,
 * backslashes and line breaks are dropped from the name, so it can neither end the quoted
 * string nor add a header.
 */
export function fromWithName(mailFrom: string, name: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const safe = name
    .replace(/["\\\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return safe ? `"${safe}" <${address}>` : mailFrom;
}
