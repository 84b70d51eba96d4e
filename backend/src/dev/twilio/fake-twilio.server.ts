import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import twilio from 'twilio';

export interface FakeTwilioOptions {
  /** 0 picks a free port. */
  port?: number;
  /**
   * Where inbound replies are posted (the api's `/api/texts/inbound` on this machine), and the
   * address they are signed for: what the Twilio console would hold, `$PUBLIC_URL/api/texts/inbound`.
   */
  webhookUrl?: string;
  signedUrl?: string;
}

export interface FakeTwilioMessage {
  sid: string;
  /** 'outbound-api' (sent through the API), 'inbound' (a simulated reply), 'outbound-reply'. */
  direction: 'outbound-api' | 'inbound' | 'outbound-reply';
  from: string;
  to: string;
  body: string;
  createdAt: string;
}

export interface FakeTwilioInbound {
  from: string;
  body: string;
  /** Our number; default the fake's own. */
  to?: string;
}

export interface FakeTwilio {
  /** For the SDK's request client: every Twilio host is rewritten to this origin. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Every message, oldest first. */
  messages: readonly FakeTwilioMessage[];
  /** Posts a signed inbound message to the webhook, as Twilio does; records the TwiML reply. */
  inbound(message: FakeTwilioInbound): Promise<{ status: number; replies: string[] }>;
  stop(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const E164 = /^\+[1-9]\d{7,14}$/;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    try {
      return JSON.parse(text) as Record<string, string>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** The `<Message>` texts of a TwiML answer. */
function twimlMessages(xml: string): string[] {
  const unescape = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<Message[^>]*>([\s\S]*?)<\/Message>/g)].map((m) => unescape(m[1]!));
}

function devPage(messages: readonly FakeTwilioMessage[], fromNumber: string): string {
  const rows = [...messages]
    .reverse()
    .map(
      (message) => `<tr data-testid="text-message">
  <td>${escapeHtml(message.createdAt.replace('T', ' ').slice(0, 19))}</td>
  <td>${escapeHtml(message.direction)}</td>
  <td>${escapeHtml(message.from)}</td>
  <td>${escapeHtml(message.to)}</td>
  <td class="body">${escapeHtml(message.body)}</td>
</tr>`,
    )
    .join('\n');
  const numbers = [
    ...new Set(messages.filter((m) => m.direction !== 'inbound').map((m) => m.to)),
  ].filter((n) => n !== fromNumber);
  const replyForms = numbers
    .map(
      (number) => `<form method="post" action="/fake/inbound">
  <input type="hidden" name="from" value="${escapeHtml(number)}">
  <label>Reply as ${escapeHtml(number)}: <input name="body" value="STOP" aria-label="Reply from ${escapeHtml(number)}"></label>
  <button>Send reply</button>
  <button name="body" value="STOP">STOP</button>
  <button name="body" value="HELP">HELP</button>
  <button name="body" value="START">START</button>
</form>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Texts (fake Twilio)</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}
.body{white-space:pre-wrap;max-width:40em}form{margin:8px 0}</style></head>
<body><h1>Texts (fake Twilio)</h1>
<p>Development only: texts the product sent through the Twilio SDK to this local fake, and
replies you simulate. Sender ${escapeHtml(fromNumber)}.</p>
<h2>Simulate a reply</h2>
${replyForms || '<p>No texts sent yet.</p>'}
<h2>Messages (newest first)</h2>
<table><thead><tr><th>When (UTC)</th><th>Direction</th><th>From</th><th>To</th><th>Text</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}

/**
 * A stand-in for Twilio's Messages API, for development and tests, which the real `twilio` SDK
 * talks to (its request client rewrites Twilio's hosts to this server): `POST
 * /2010-04-01/Accounts/{sid}/Messages.json` checks basic auth and the numbers as Twilio does and
 * records the message. Inbound replies are simulated with `inbound()` or `POST /fake/inbound`,
 * posted to the api's webhook signed with the auth token as Twilio signs them, and the TwiML
 * answer is recorded as the reply. `GET /` is a page listing every message with reply buttons;
 * `GET /fake/messages` the same as JSON. Listens on 127.0.0.1 only; never loaded in production.
 */
export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const fromNumber = '+15125550199';
  const messages: FakeTwilioMessage[] = [];

  const record = (message: Omit<FakeTwilioMessage, 'sid' | 'createdAt'>) => {
    const stored = {
      ...message,
      sid: `SM${hex(16)}`,
      createdAt: new Date().toISOString(),
    };
    messages.push(stored);
    return stored;
  };

  async function inbound(message: FakeTwilioInbound) {
    if (!options.webhookUrl) throw new Error('The fake Twilio has no webhook URL');
    const to = message.to ?? fromNumber;
    const stored = record({ direction: 'inbound', from: message.from, to, body: message.body });
    const params: Record<string, string> = {
      ToCountry: 'US',
      SmsMessageSid: stored.sid,
      NumMedia: '0',
      SmsSid: stored.sid,
      SmsStatus: 'received',
      Body: message.body,
      To: to,
      NumSegments: '1',
      MessageSid: stored.sid,
      AccountSid: accountSid,
      From: message.from,
      ApiVersion: '2010-04-01',
    };
    const signature = twilio.getExpectedTwilioSignature(
      authToken,
      options.signedUrl ?? options.webhookUrl,
      params,
    );
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
      },
      body: new URLSearchParams(params).toString(),
    });
    const replies = response.ok ? twimlMessages(await response.text()) : [];
    for (const body of replies) {
      record({ direction: 'outbound-reply', from: to, to: message.from, body });
    }
    return { status: response.status, replies };
  }

  async function createMessage(request: IncomingMessage, response: ServerResponse, sid: string) {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (sid !== accountSid || request.headers.authorization !== expected) {
      send(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
      return;
    }
    const body = await readBody(request);
    const to = body.To ?? '';
    if (!E164.test(to)) {
      send(response, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      });
      return;
    }
    if (!body.Body) {
      send(response, 400, { code: 21602, message: 'Message body is required.', status: 400 });
      return;
    }
    const from = body.From ?? (body.MessagingServiceSid ? fromNumber : '');
    if (!from) {
      send(response, 400, {
        code: 21603,
        message: "A 'From' phone number is required.",
        status: 400,
      });
      return;
    }
    const stored = record({ direction: 'outbound-api', from, to, body: body.Body });
    const now = new Date(stored.createdAt).toUTCString();
    send(response, 201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: stored.body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: stored.from,
      messaging_service_sid: body.MessagingServiceSid ?? null,
      num_media: '0',
      num_segments: String(Math.ceil(stored.body.length / 153) || 1),
      price: null,
      price_unit: 'USD',
      sid: stored.sid,
      status: 'queued',
      subresource_uris: {},
      to: stored.to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${stored.sid}.json`,
    });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake-twilio').pathname;
      const create = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      try {
        if (request.method === 'POST' && create) {
          await createMessage(request, response, create[1]!);
        } else if (request.method === 'GET' && path === '/fake/messages') {
          send(response, 200, [...messages].reverse());
        } else if (request.method === 'POST' && path === '/fake/inbound') {
          const body = await readBody(request);
          const result = await inbound({ from: body.from ?? '', body: body.body ?? '' });
          if ((request.headers['content-type'] ?? '').includes('application/json')) {
            send(response, 200, result);
          } else {
            response.writeHead(303, { location: '/' });
            response.end();
          }
        } else if (request.method === 'GET' && path === '/') {
          response.writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy':
              "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
            'cache-control': 'no-store',
          });
          response.end(devPage(messages, fromNumber));
        } else {
          send(response, 404, { code: 20404, message: `Not found: ${request.method} ${path}` });
        }
      } catch (error) {
        console.error('[fake-twilio]', error);
        send(response, 500, { code: 20500, message: 'Fake Twilio failed' });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });

  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid,
    authToken,
    fromNumber,
    messages,
    inbound,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
