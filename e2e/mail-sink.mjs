// A real SMTP server for the browser tests, with what it received readable over HTTP
// (GET /messages → JSON). The MIME handling covers what nodemailer sends: folded and RFC 2047
// encoded headers, multipart/alternative bodies, quoted-printable and base64. It mirrors the
// api tests' sink (backend/test/utils/smtp-sink.ts), which is TypeScript this script cannot load.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

function splitPart(raw) {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index < 0 ? raw : raw.slice(0, index);
  const body = index < 0 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(value) {
  const input = value.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(part) {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function leaves(part) {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitPart(section.replace(/^\r?\n/, ''))));
}

export function parseMessage(raw) {
  const message = splitPart(raw);
  const parts = leaves(message);
  const body = (type) =>
    parts
      .filter((part) =>
        (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type),
      )
      .map(decodeBody)
      .join('')
      .replace(/\r\n/g, '\n');
  return {
    subject: decodeHeader(message.headers.subject ?? ''),
    text: body('text/plain'),
    html: body('text/html'),
  };
}

/** Only the subject and the Message-ID, for load tests that count thousands of messages. */
function headline(raw) {
  const { headers } = splitPart(raw);
  return { subject: decodeHeader(headers.subject ?? ''), messageId: headers['message-id'] ?? '' };
}

/**
 * Starts the SMTP server on a free port and the HTTP reader on `httpPort`. With `bodies: false`
 * only each message's recipients, subject and Message-ID are kept.
 */
export async function startMailSink({ httpPort, bodies = true }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // nodemailer's pool keeps connections open; do not hold up the end of the run for them.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
          ...(bodies ? parseMessage(raw) : headline(raw)),
        });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => {
      smtp.off('error', reject);
      // A client that dies mid-session (a worker killed on purpose) resets its connection; the
      // sink keeps serving the others.
      smtp.on('error', () => {});
      resolve();
    });
  });

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(found));
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, '127.0.0.1', resolve);
  });

  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    /** Every message accepted so far, for readers in this process. */
    messages,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => {
          http.close(resolve);
          http.closeAllConnections();
        }),
      ]),
  };
}
