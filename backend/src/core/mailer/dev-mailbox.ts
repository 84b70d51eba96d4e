import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, MailTransport, SentMail } from './mail-message';

export interface StoredMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string | null;
  sentAt: string;
  /** Absent on messages stored before these were kept. */
  replyTo?: string | null;
  headers?: Record<string, string>;
  /** The calendar invite (iCalendar text) the message carried, if any. */
  calendarInvite?: string | null;
}

export type StoredMailSummary = Pick<StoredMail, 'id' | 'to' | 'subject' | 'sentAt'>;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE = /^([0-9a-f-]{36})\.json$/;

/**
 * Mail kept on disk instead of sent, for development and demos without an SMTP server: the
 * worker writes one JSON file per message and the api lists and shows them. The directory is the
 * only state, so both processes see the same mailbox.
 */
export class DevMailbox implements MailTransport {
  constructor(readonly dir: string) {}

  async deliver(message: MailMessage, from: string): Promise<SentMail> {
    const mail: StoredMail = {
      id: randomUUID(),
      from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template ?? null,
      sentAt: new Date().toISOString(),
      replyTo: message.replyTo ?? null,
      headers: { ...message.headers },
      calendarInvite: message.calendarInvite?.content ?? null,
    };
    await mkdir(this.dir, { recursive: true });
    // Written under another name and renamed, so a reader never sees half a message.
    const partial = join(this.dir, `.${mail.id}.tmp`);
    await writeFile(partial, JSON.stringify(mail), { mode: 0o600 });
    await rename(partial, join(this.dir, `${mail.id}.json`));
    return { messageId: mail.id };
  }

  async close(): Promise<void> {}

  /** Every stored message, newest first. */
  async list(): Promise<StoredMailSummary[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const mails = await Promise.all(
      names.flatMap((name) => {
        const id = FILE.exec(name)?.[1];
        return id ? [this.get(id)] : [];
      }),
    );
    return mails
      .filter((mail): mail is StoredMail => mail !== undefined)
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || a.id.localeCompare(b.id))
      .map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt }));
  }

  /** One message, or undefined when there is none with that id (or the id is not one of ours). */
  async get(id: string): Promise<StoredMail | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}
