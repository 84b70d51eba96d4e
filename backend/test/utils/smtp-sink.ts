import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  /** Accepted messages, in arrival order. */
  messages: ReceivedMail[];
  /** How many DATA commands were refused (see failNext). */
  rejected: number;
  /** Refuses the next `count` messages with a temporary 451, as a struggling server does. */
  failNext(count: number): void;
  /**
   * Keeps every message from now on waiting for its answer, as a slow server does, until the
   * function returned is called; `waiting` lists the subjects of those received meanwhile.
   */
  hold(): () => void;
  waiting: string[];
  /** Accepted messages for one recipient. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server that keeps what it receives, for tests. mailparser does not install here,
 * so the MIME parsing below handles what nodemailer produces: folded and RFC 2047 encoded
 * headers, multipart bodies, quoted-printable and base64.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  let failures = 0;
  let held: (() => void)[] | null = null;
  const sink = {
    messages: [] as ReceivedMail[],
    rejected: 0,
    waiting: [] as string[],
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const accept = () => {
        if (failures > 0) {
          failures--;
          sink.rejected++;
          const error = new Error('Temporary failure, try again later') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        sink.messages.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        });
        callback();
      };
      stream.on('end', () => {
        if (held) {
          const subject = parseMessage(Buffer.concat(chunks).toString('utf8')).subject;
          sink.waiting.push(subject);
          held.push(() => {
            sink.waiting.splice(sink.waiting.indexOf(subject), 1);
            accept();
          });
          return;
        }
        accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    failNext(count: number) {
      failures = count;
    },
    hold() {
      held ??= [];
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const answer of waiting) answer();
      };
    },
    to(address: string) {
      return sink.messages.filter((mail) => mail.to.includes(address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index < 0 ? raw : raw.slice(0, index);
  const body = index < 0 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?New_lead=3A?= or =?UTF-8?B?…?=. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, encoding: string, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const input = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The leaf parts of a (possibly nested) multipart message. */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitPart(section.replace(/^\r?\n/, ''))));
}

export function parseMessage(raw: string): Omit<ReceivedMail, 'to' | 'from'> {
  const message = splitPart(raw);
  const headers = Object.fromEntries(
    Object.entries(message.headers).map(([name, value]) => [name, decodeHeader(value)]),
  );
  const parts = leaves(message);
  const body = (type: string) =>
    parts
      .filter((part) =>
        (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type),
      )
      .map(decodeBody)
      .join('');
  return {
    subject: headers.subject ?? '',
    headers,
    text: body('text/plain').replace(/\r\n/g, '\n'),
    html: body('text/html').replace(/\r\n/g, '\n'),
    raw,
  };
}
