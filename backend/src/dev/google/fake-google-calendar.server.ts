import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** An event as the Calendar API answers it (the fields Rafter reads and writes). */
export interface FakeCalendarEvent {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  transparency?: 'opaque' | 'transparent';
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  sequence?: number;
  created: string;
  updated: string;
}

export interface FakeGoogleCalendar {
  /** The origin of the consent page, the token endpoint and the Calendar API. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every event of an account's primary calendar (cancelled ones included), by start. */
  events(account: string): FakeCalendarEvent[];
  /** A busy appointment of the account's own, as if typed in Google Calendar. */
  addBusy(account: string, busy: { start: Date; end: Date; summary?: string }): FakeCalendarEvent;
  /** While on, every Calendar API call answers 503 (consent and tokens still work). */
  setOutage(on: boolean): void;
  /** Revokes every token of an account, as when its owner removes Rafter's access. */
  revoke(account: string): void;
  stop(): Promise<void>;
}

/** Who consents when the authorize request names no `login_hint`. */
export const FAKE_CALENDAR_ACCOUNT = 'calendar-demo@rafter.app';
/** The Calendar API's id rules: base32hex (0-9, a-v), 5 to 1024 characters. */
const EVENT_ID = /^[0-9a-v]{5,1024}$/;
const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TTL_SECONDS = 3_600;

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Google's error shape: `{ error: { code, message, errors: [{ reason }] } }`. */
function apiError(response: ServerResponse, code: number, reason: string, message: string): void {
  send(response, code, {
    error: { code, message, errors: [{ domain: 'global', reason, message }] },
  });
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** An id token's unsigned JWT (the fake's token endpoint answers it over its own channel). */
function idToken(account: string, clientId: string, issuer: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return [
    part({ alg: 'none', typ: 'JWT' }),
    part({
      iss: issuer,
      aud: clientId,
      sub: `fake-${account}`,
      email: account,
      iat: now,
      exp: now + 3600,
    }),
    '',
  ].join('.');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local stand-in for Google's OAuth consent and the Calendar API v3 (the routes Rafter's
 * `@googleapis/calendar` client calls): consent approves at once for the `login_hint` account and
 * redirects back with a code; the token endpoint trades codes (PKCE checked) and refresh tokens;
 * each account has one primary calendar whose events can be listed, inserted with a client id,
 * updated and deleted. Tests and `npm start` (when no GOOGLE_CALENDAR_CLIENT_ID is set) use it; its
 * page at `/` lists the calendars and adds busy times. It listens on 127.0.0.1, where the
 * browser that follows the consent redirect runs.
 */
export async function startFakeGoogleCalendar(
  options: { port?: number } = {},
): Promise<FakeGoogleCalendar> {
  const clientId = 'rafter-fake-calendar-client';
  const clientSecret = 'rafter-fake-calendar-secret';
  const calendars = new Map<string, Map<string, FakeCalendarEvent>>();
  const codes = new Map<
    string,
    { account: string; redirectUri: string; challenge?: string; expiresAt: number }
  >();
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Map<string, { account: string; expiresAt: number }>();
  let outage = false;

  const calendarOf = (account: string) => {
    let events = calendars.get(account);
    if (!events) {
      events = new Map();
      calendars.set(account, events);
    }
    return events;
  };

  const stamp = () => new Date().toISOString();
  const etag = () => `"${randomBytes(8).toString('hex')}"`;

  function writeEvent(
    account: string,
    id: string,
    body: Record<string, unknown>,
    existing?: FakeCalendarEvent,
  ): FakeCalendarEvent | string {
    const start = body.start as FakeCalendarEvent['start'] | undefined;
    const end = body.end as FakeCalendarEvent['end'] | undefined;
    if (!start?.dateTime || !end?.dateTime) return 'Missing start or end time.';
    if (Number.isNaN(Date.parse(start.dateTime)) || Number.isNaN(Date.parse(end.dateTime))) {
      return 'Invalid start or end time.';
    }
    if (Date.parse(end.dateTime) <= Date.parse(start.dateTime)) {
      return 'The specified time range is empty.';
    }
    const event: FakeCalendarEvent = {
      kind: 'calendar#event',
      id,
      etag: etag(),
      status: (body.status as FakeCalendarEvent['status'] | undefined) ?? 'confirmed',
      start,
      end,
      created: existing?.created ?? stamp(),
      updated: stamp(),
      ...(typeof body.summary === 'string' ? { summary: body.summary } : {}),
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      ...(typeof body.location === 'string' ? { location: body.location } : {}),
      ...(body.transparency === 'transparent' ? { transparency: 'transparent' as const } : {}),
      ...(typeof body.sequence === 'number' ? { sequence: body.sequence } : {}),
    };
    calendarOf(account).set(id, event);
    return event;
  }

  function authorize(url: URL, response: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== clientId || !redirectUri) {
      send(response, 400, { error: 'invalid_request', error_description: 'Unknown client.' });
      return;
    }
    const account = url.searchParams.get('login_hint') || FAKE_CALENDAR_ACCOUNT;
    const code = token('fake-code-');
    const challenge = url.searchParams.get('code_challenge') ?? undefined;
    codes.set(code, {
      account,
      redirectUri,
      ...(challenge ? { challenge } : {}),
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state) back.searchParams.set('state', state);
    back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
    response.writeHead(302, { location: back.href }).end();
  }

  async function tokenEndpoint(request: IncomingMessage, response: ServerResponse, issuer: string) {
    const body = await readBody(request);
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      send(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      return;
    }
    const issue = (account: string, refresh?: string) => {
      const access = token('fake-access-');
      accessTokens.set(access, { account, expiresAt: Date.now() + ACCESS_TTL_SECONDS * 1000 });
      return {
        access_token: access,
        expires_in: ACCESS_TTL_SECONDS,
        token_type: 'Bearer',
        scope: 'openid email https://www.googleapis.com/auth/calendar.events',
        ...(refresh
          ? { refresh_token: refresh, id_token: idToken(account, clientId, issuer) }
          : {}),
      };
    };
    if (body.grant_type === 'authorization_code') {
      const grant = codes.get(String(body.code));
      codes.delete(String(body.code));
      if (!grant || grant.expiresAt < Date.now() || grant.redirectUri !== body.redirect_uri) {
        send(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        return;
      }
      if (grant.challenge) {
        const { createHash } = await import('node:crypto');
        const verifier = String(body.code_verifier ?? '');
        if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
          send(response, 400, {
            error: 'invalid_grant',
            error_description: 'Invalid code verifier.',
          });
          return;
        }
      }
      const refresh = token('fake-refresh-');
      refreshTokens.set(refresh, grant.account);
      send(response, 200, issue(grant.account, refresh));
      return;
    }
    if (body.grant_type === 'refresh_token') {
      const account = refreshTokens.get(String(body.refresh_token));
      if (!account) {
        send(response, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
        return;
      }
      send(response, 200, issue(account));
      return;
    }
    send(response, 400, { error: 'unsupported_grant_type' });
  }

  async function calendarApi(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    parts: string[],
  ): Promise<void> {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const session = bearer ? accessTokens.get(bearer) : undefined;
    if (!session || session.expiresAt < Date.now()) {
      apiError(response, 401, 'authError', 'Request had invalid authentication credentials.');
      return;
    }
    if (outage) {
      apiError(response, 503, 'backendError', 'The service is currently unavailable.');
      return;
    }
    // calendars/{calendarId}/events[/{eventId}]
    if (parts[0] !== 'calendars' || parts[2] !== 'events' || parts.length > 4) {
      apiError(response, 404, 'notFound', 'Not Found');
      return;
    }
    const calendarId = decodeURIComponent(parts[1] ?? '');
    if (calendarId !== 'primary' && calendarId !== session.account) {
      apiError(response, 404, 'notFound', 'Not Found');
      return;
    }
    const events = calendarOf(session.account);
    const eventId = parts[3] === undefined ? undefined : decodeURIComponent(parts[3]);
    const method = request.method ?? 'GET';

    if (eventId === undefined && method === 'GET') {
      const timeMin = Date.parse(url.searchParams.get('timeMin') ?? '');
      const timeMax = Date.parse(url.searchParams.get('timeMax') ?? '');
      const showDeleted = url.searchParams.get('showDeleted') === 'true';
      const items = [...events.values()]
        .filter((event) => showDeleted || event.status !== 'cancelled')
        .filter((event) => Number.isNaN(timeMax) || Date.parse(event.start.dateTime) < timeMax)
        .filter((event) => Number.isNaN(timeMin) || Date.parse(event.end.dateTime) > timeMin)
        .sort((a, b) => Date.parse(a.start.dateTime) - Date.parse(b.start.dateTime));
      const pageSize = Math.min(Number(url.searchParams.get('maxResults')) || 250, 2500);
      const offset = Number(url.searchParams.get('pageToken') ?? 0) || 0;
      const page = items.slice(offset, offset + pageSize);
      send(response, 200, {
        kind: 'calendar#events',
        summary: session.account,
        timeZone: 'UTC',
        items: page,
        ...(offset + pageSize < items.length ? { nextPageToken: String(offset + pageSize) } : {}),
      });
      return;
    }
    if (eventId === undefined && method === 'POST') {
      const body = await readBody(request);
      const id = typeof body.id === 'string' ? body.id : randomBytes(13).toString('hex');
      if (!EVENT_ID.test(id)) {
        apiError(response, 400, 'invalid', 'Invalid resource id value.');
        return;
      }
      if (events.has(id)) {
        apiError(response, 409, 'duplicate', 'The requested identifier already exists.');
        return;
      }
      const written = writeEvent(session.account, id, body);
      if (typeof written === 'string') apiError(response, 400, 'invalid', written);
      else send(response, 200, written);
      return;
    }
    const existing = eventId === undefined ? undefined : events.get(eventId);
    if (!eventId || !existing) {
      apiError(response, 404, 'notFound', 'Not Found');
      return;
    }
    if (method === 'GET') {
      send(response, 200, existing);
      return;
    }
    if (method === 'DELETE') {
      if (existing.status === 'cancelled') {
        apiError(response, 410, 'deleted', 'Resource has been deleted');
        return;
      }
      events.set(eventId, { ...existing, status: 'cancelled', updated: stamp(), etag: etag() });
      send(response, 204);
      return;
    }
    if (method === 'PUT' || method === 'PATCH') {
      const body = await readBody(request);
      const merged = method === 'PATCH' ? { ...existing, ...body } : { ...body };
      const written = writeEvent(session.account, eventId, merged, existing);
      if (typeof written === 'string') apiError(response, 400, 'invalid', written);
      else send(response, 200, written);
      return;
    }
    apiError(response, 405, 'methodNotAllowed', 'Method not allowed');
  }

  /** The fake's own page: each calendar's events, and a form to add a busy time. */
  function page(response: ServerResponse): void {
    const rows = [...calendars.entries()].flatMap(([account, events]) =>
      [...events.values()].map(
        (event) =>
          `<tr><td>${escapeHtml(account)}</td><td>${escapeHtml(event.start.dateTime)}</td><td>${escapeHtml(event.end.dateTime)}</td><td>${escapeHtml(event.summary ?? '')}</td><td>${event.status}</td></tr>`,
      ),
    );
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Google Calendar</title>
<style>body{font:15px system-ui;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}</style></head>
<body><h1>Fake Google Calendar</h1>
<p>Rafter's local stand-in for Google Calendar. Connected contractors' inspections appear here; a busy time added here removes the slots it covers.</p>
<form method="post" action="/__fake/busy"><label>Account <input name="account" value="${FAKE_CALENDAR_ACCOUNT}" required></label>
<label>Start <input name="start" type="datetime-local" required></label> <label>End <input name="end" type="datetime-local" required></label>
<label>Time zone offset <input name="offset" value="-06:00" size="6"></label> <button>Add busy time</button></form>
<table><thead><tr><th>Account</th><th>Start</th><th>End</th><th>Summary</th><th>Status</th></tr></thead><tbody>${rows.join('') || '<tr><td colspan="5">No events yet.</td></tr>'}</tbody></table></body></html>`);
  }

  const fake: Omit<FakeGoogleCalendar, 'url' | 'stop'> = {
    clientId,
    clientSecret,
    events: (account) =>
      [...calendarOf(account).values()].sort(
        (a, b) => Date.parse(a.start.dateTime) - Date.parse(b.start.dateTime),
      ),
    addBusy(account, { start, end, summary }) {
      const written = writeEvent(account, randomBytes(13).toString('hex'), {
        summary: summary ?? 'Busy',
        start: { dateTime: start.toISOString() },
        end: { dateTime: end.toISOString() },
      });
      if (typeof written === 'string') throw new Error(written);
      return written;
    },
    setOutage(on) {
      outage = on;
    },
    revoke(account) {
      for (const [value, owner] of refreshTokens)
        if (owner === account) refreshTokens.delete(value);
      for (const [value, session] of accessTokens) {
        if (session.account === account) accessTokens.delete(value);
      }
    },
  };

  let origin = '';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const parts = url.pathname.split('/').filter(Boolean);
    const handle = async () => {
      if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
        authorize(url, response);
      } else if (request.method === 'POST' && url.pathname === '/token') {
        await tokenEndpoint(request, response, origin);
      } else if (request.method === 'POST' && url.pathname === '/revoke') {
        const body = await readBody(request);
        const value = String(body.token ?? url.searchParams.get('token') ?? '');
        const account = refreshTokens.get(value) ?? accessTokens.get(value)?.account;
        if (account) fake.revoke(account);
        send(response, 200, {});
      } else if (parts[0] === 'calendar' && parts[1] === 'v3') {
        await calendarApi(request, response, url, parts.slice(2));
      } else if (request.method === 'POST' && url.pathname === '/__fake/busy') {
        const body = await readBody(request);
        // A form's datetime-local ("2026-12-01T09:30") at the offset given beside it.
        const offset = typeof body.offset === 'string' && body.offset ? body.offset : 'Z';
        const at = (value: unknown) => new Date(`${String(value)}:00${offset}`);
        try {
          const account = typeof body.account === 'string' && body.account;
          fake.addBusy(account || FAKE_CALENDAR_ACCOUNT, {
            start: at(body.start),
            end: at(body.end),
          });
        } catch (error) {
          send(response, 400, { error: String(error) });
          return;
        }
        response.writeHead(303, { location: '/' }).end();
      } else if (request.method === 'GET' && url.pathname === '/') {
        page(response);
      } else {
        send(response, 404, { error: 'not_found' });
      }
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...fake,
    url: origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
