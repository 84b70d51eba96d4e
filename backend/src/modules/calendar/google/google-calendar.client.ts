import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { OAuth2Client } from 'google-auth-library';
import { DateTime } from 'luxon';
import { type BusyInterval } from '../slots';

/** Read the contractor's events (busy times) and write the inspections; and who they are. */
export const GOOGLE_CALENDAR_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/calendar.events',
] as const;

/** Rafter's own events carry this id prefix (base32hex: a booking's id without its dashes). */
const EVENT_ID_PREFIX = 'rafter';
/** A page of events is at most this many; a busy calendar over two weeks fits in two. */
const PAGE_SIZE = 2_500;
const MAX_PAGES = 4;
const REQUEST_TIMEOUT_MS = 5_000;

/** Why a call to Google failed: access withdrawn (connect again) or Google not answering. */
export class GoogleCalendarError extends Error {
  constructor(
    readonly kind: 'revoked' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface GoogleCalendarEndpoints {
  clientId: string;
  clientSecret: string;
  /** Another Google-compatible origin (the local fake) for consent, tokens and the API. */
  apiUrl?: string;
}

/** An inspection as written to the contractor's calendar. */
export interface InspectionEvent {
  bookingId: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  sequence: number;
}

export const inspectionEventId = (bookingId: string) =>
  `${EVENT_ID_PREFIX}${bookingId.replace(/-/g, '').toLowerCase()}`;

function statusOf(error: unknown): number | undefined {
  const candidate = error as { status?: unknown; response?: { status?: unknown } };
  const status = candidate.status ?? candidate.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A failed call as one of the two things the contractor can act on. */
function classify(error: unknown): GoogleCalendarError {
  if (error instanceof GoogleCalendarError) return error;
  const text = error instanceof Error ? error.message : String(error);
  const body = (error as { response?: { data?: { error?: unknown } } }).response?.data;
  const status = statusOf(error);
  if (body?.error === 'invalid_grant' || /invalid_grant/.test(text) || status === 401) {
    return new GoogleCalendarError(
      'revoked',
      'Google no longer accepts Rafter’s access to this calendar; connect it again.',
    );
  }
  return new GoogleCalendarError(
    'unavailable',
    status ? `Google Calendar answered ${status}.` : `Google Calendar did not answer (${text}).`,
  );
}

/** The payload of an id token the token endpoint answered (trusted: it came from Google over TLS). */
function emailOfIdToken(idToken: string | null | undefined): string | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      email?: unknown;
    };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}

/** An event's time as an instant: timed events as given, all-day ones from midnight in `zone`. */
function instant(time: calendar_v3.Schema$EventDateTime | undefined, zone: string): Date | null {
  if (time?.dateTime) {
    const at = new Date(time.dateTime);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  if (time?.date) {
    const day = DateTime.fromISO(time.date, { zone });
    return day.isValid ? day.toJSDate() : null;
  }
  return null;
}

/**
 * Google Calendar through its real clients, `google-auth-library` (consent, tokens) and
 * `@googleapis/calendar` (events), pointed at the local fake when `apiUrl` is set. Each call
 * authenticates with the contractor's refresh token; nothing is kept between calls.
 */
export class GoogleCalendarClient {
  constructor(private readonly endpoints: GoogleCalendarEndpoints) {}

  private oauth(redirectUri?: string): OAuth2Client {
    const origin = this.endpoints.apiUrl?.replace(/\/+$/, '');
    return new OAuth2Client({
      // Node's own fetch: gaxios would otherwise import node-fetch at the first request.
      transporterOptions: { fetchImplementation: fetch },
      clientId: this.endpoints.clientId,
      clientSecret: this.endpoints.clientSecret,
      ...(redirectUri ? { redirectUri } : {}),
      ...(origin
        ? {
            endpoints: {
              oauth2AuthBaseUrl: `${origin}/o/oauth2/v2/auth`,
              oauth2TokenUrl: `${origin}/token`,
              oauth2RevokeUrl: `${origin}/revoke`,
            },
          }
        : {}),
    });
  }

  private api(refreshToken: string): calendar_v3.Calendar {
    const auth = this.oauth();
    auth.setCredentials({ refresh_token: refreshToken });
    const origin = this.endpoints.apiUrl?.replace(/\/+$/, '');
    return calendar({
      version: 'v3',
      auth,
      timeout: REQUEST_TIMEOUT_MS,
      retry: false,
      fetchImplementation: fetch,
      ...(origin ? { rootUrl: `${origin}/` } : {}),
    });
  }

  /** Google's consent page for the calendar scopes, with PKCE; offline for a refresh token. */
  authorizationUrl(options: {
    redirectUri: string;
    state: string;
    codeChallenge: string;
    loginHint?: string;
  }): string {
    return this.oauth(options.redirectUri).generateAuthUrl({
      access_type: 'offline',
      // Consent each time: Google sends a refresh token only with a fresh consent.
      prompt: 'consent',
      scope: [...GOOGLE_CALENDAR_SCOPES],
      state: options.state,
      code_challenge: options.codeChallenge,
      code_challenge_method: 'S256' as never,
      include_granted_scopes: false,
      ...(options.loginHint ? { login_hint: options.loginHint } : {}),
    });
  }

  async pkce(): Promise<{ verifier: string; challenge: string }> {
    const { codeVerifier, codeChallenge } = await this.oauth().generateCodeVerifierAsync();
    return { verifier: codeVerifier, challenge: codeChallenge! };
  }

  /** Trades the consent's code for the refresh token and the account's address. */
  async exchange(options: {
    code: string;
    verifier: string;
    redirectUri: string;
  }): Promise<{ refreshToken: string; email: string }> {
    try {
      const { tokens } = await this.oauth(options.redirectUri).getToken({
        code: options.code,
        codeVerifier: options.verifier,
        redirect_uri: options.redirectUri,
      });
      const email = emailOfIdToken(tokens.id_token);
      if (!tokens.refresh_token || !email) {
        throw new GoogleCalendarError(
          'unavailable',
          'Google did not grant offline access to the calendar.',
        );
      }
      if (!(tokens.scope ?? '').includes(GOOGLE_CALENDAR_SCOPES[2])) {
        throw new GoogleCalendarError(
          'revoked',
          'Calendar access was not granted: tick the calendar box on Google’s consent page.',
        );
      }
      return { refreshToken: tokens.refresh_token, email };
    } catch (error) {
      if (error instanceof GoogleCalendarError) throw error;
      // A code refused here was used, expired or forged: a failed connection, not a withdrawal.
      const status = statusOf(error);
      throw new GoogleCalendarError(
        'unavailable',
        status ? `Google refused the consent's code (${status}).` : 'Google did not answer.',
      );
    }
  }

  /**
   * The busy times in [from, to): every timed or all-day event that blocks time (not marked free,
   * not cancelled), except Rafter's own inspections, which Rafter counts from its bookings.
   */
  async busy(
    refreshToken: string,
    calendarId: string,
    range: { from: Date; to: Date; timeZone: string },
  ): Promise<BusyInterval[]> {
    const api = this.api(refreshToken);
    const busy: BusyInterval[] = [];
    let pageToken: string | undefined;
    try {
      for (let page = 0; page < MAX_PAGES; page++) {
        const { data } = await api.events.list({
          calendarId,
          timeMin: range.from.toISOString(),
          timeMax: range.to.toISOString(),
          singleEvents: true,
          maxResults: PAGE_SIZE,
          ...(pageToken ? { pageToken } : {}),
          fields: 'nextPageToken,items(id,status,transparency,start,end)',
        });
        for (const event of data.items ?? []) {
          if (event.status === 'cancelled' || event.transparency === 'transparent') continue;
          if (event.id?.startsWith(EVENT_ID_PREFIX)) continue;
          const start = instant(event.start, range.timeZone);
          const end = instant(event.end, range.timeZone);
          if (start && end && end > start) busy.push({ start, end });
        }
        pageToken = data.nextPageToken ?? undefined;
        if (!pageToken) break;
      }
    } catch (error) {
      throw classify(error);
    }
    return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
  }

  /** Writes an inspection: updates its event, or adds it under its fixed id the first time. */
  async upsert(refreshToken: string, calendarId: string, event: InspectionEvent): Promise<void> {
    const api = this.api(refreshToken);
    const eventId = inspectionEventId(event.bookingId);
    const requestBody: calendar_v3.Schema$Event = {
      id: eventId,
      status: 'confirmed',
      summary: event.summary,
      description: event.description,
      location: event.location,
      sequence: event.sequence,
      start: { dateTime: event.startsAt.toISOString(), timeZone: event.timeZone },
      end: { dateTime: event.endsAt.toISOString(), timeZone: event.timeZone },
      reminders: { useDefault: true },
    };
    try {
      await api.events.update({ calendarId, eventId, requestBody });
    } catch (error) {
      if (statusOf(error) !== 404) throw classify(error);
      try {
        await api.events.insert({ calendarId, requestBody });
      } catch (inserted) {
        // Another delivery of the same change added it meanwhile: update that one.
        if (statusOf(inserted) !== 409) throw classify(inserted);
        await api.events
          .update({ calendarId, eventId, requestBody })
          .catch((again: unknown) => Promise.reject(classify(again)));
      }
    }
  }

  /** Removes an inspection's event; one already gone is fine. */
  async remove(refreshToken: string, calendarId: string, bookingId: string): Promise<void> {
    try {
      await this.api(refreshToken).events.delete({
        calendarId,
        eventId: inspectionEventId(bookingId),
      });
    } catch (error) {
      const status = statusOf(error);
      if (status !== 404 && status !== 410) throw classify(error);
    }
  }

  /** Withdraws Rafter's access (disconnect); Google being unreachable does not stop it. */
  async revoke(refreshToken: string): Promise<void> {
    await this.oauth()
      .revokeToken(refreshToken)
      .catch(() => undefined);
  }
}
