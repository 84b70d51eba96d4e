import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Availability,
  GOOGLE_BUSY_MAX_AGE_MINUTES,
  type GoogleCalendarResult,
  type GoogleCalendarStatus,
} from '@rafter/domain/calendar';
import { APP_ROUTES } from '@rafter/domain/routes';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { SecretBox } from '../../../core/crypto/secret-box';
import { PlanAccessService } from '../../plans/plan-access.service';
import { CalendarException } from '../calendar.exception';
import {
  type BookingRow,
  CalendarRepository,
  type CalendarOwner,
  type GoogleConnection,
} from '../calendar.repository';
import { type BusyInterval } from '../slots';
import { GoogleCalendarClient, GoogleCalendarError } from './google-calendar.client';

/** Where Google sends the browser back after the consent (GoogleCalendarController). */
export const GOOGLE_CALENDAR_CALLBACK_PATH = '/api/calendar/google/callback';
/** The cookie that ties a consent's return to the browser that started it. */
export const GOOGLE_CALENDAR_STATE_COOKIE = 'rafter_gcal_state';
export const GOOGLE_CALENDAR_COOKIE_PATH = '/api/calendar/google';
export const GOOGLE_CALENDAR_STATE_TTL_SECONDS = 10 * 60;
/** Busy times read this long past the booking horizon's last day (time zones, long events). */
const HORIZON_MARGIN_MS = 2 * 24 * 3_600_000;

interface ConsentState {
  userId: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The busy times as stored: an array of { start, end } ISO strings; anything else is none. */
function storedBusy(value: unknown): BusyInterval[] {
  if (!Array.isArray(value)) return [];
  const busy: BusyInterval[] = [];
  for (const item of value as { start?: unknown; end?: unknown }[]) {
    if (typeof item?.start !== 'string' || typeof item.end !== 'string') continue;
    const start = new Date(item.start);
    const end = new Date(item.end);
    if (end > start) busy.push({ start, end });
  }
  return busy;
}

/**
 * Google Calendar sync (docs/calendar.md): the contractor connects their calendar with its own
 * consent (calendar scopes, apart from sign-in); the busy times there, read at most
 * GOOGLE_BUSY_MAX_AGE_MINUTES before use, remove inspection slots; booked inspections are written
 * there and updated when moved or cancelled. Google failing never stops a booking: the slots then
 * count Rafter's own inspections only, and the Calendar tab shows the failure until a call works.
 */
@Injectable()
export class GoogleCalendarService {
  private readonly logger = new Logger(GoogleCalendarService.name);
  private readonly client: GoogleCalendarClient | null;
  private readonly box: SecretBox;
  private readonly stateBox: SecretBox;
  /** One read of a contractor's busy times at a time: homeowners arriving together share it. */
  private readonly reading = new Map<string, Promise<BusyInterval[]>>();

  constructor(
    private readonly repository: CalendarRepository,
    private readonly plans: PlanAccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.client =
      config.GOOGLE_CALENDAR_CLIENT_ID && config.GOOGLE_CALENDAR_CLIENT_SECRET
        ? new GoogleCalendarClient({
            clientId: config.GOOGLE_CALENDAR_CLIENT_ID,
            clientSecret: config.GOOGLE_CALENDAR_CLIENT_SECRET,
            ...(config.GOOGLE_CALENDAR_API_URL ? { apiUrl: config.GOOGLE_CALENDAR_API_URL } : {}),
          })
        : null;
    this.box = new SecretBox(config.AUTH_SECRET, 'google-calendar:refresh-token');
    this.stateBox = new SecretBox(config.AUTH_SECRET, 'google-calendar:consent-state');
  }

  private get redirectUri(): string {
    return new URL(GOOGLE_CALENDAR_CALLBACK_PATH, this.config.PUBLIC_URL).href;
  }

  async status(userId: string): Promise<GoogleCalendarStatus> {
    await this.plans.assertFeature(userId, 'calendar');
    const google = (await this.repository.owner(userId))?.google ?? null;
    return {
      available: this.client !== null,
      connected: google !== null,
      accountEmail: google?.accountEmail ?? null,
      connectedAt: google?.connectedAt.toISOString() ?? null,
      busySyncedAt: google?.busyFetchedAt?.toISOString() ?? null,
      error:
        google?.syncError && google.syncErrorAt
          ? { message: google.syncError, at: google.syncErrorAt.toISOString() }
          : null,
    };
  }

  /** Google's consent page for this contractor, and the nonce its return must come back with. */
  async start(userId: string): Promise<{ url: string; nonce: string }> {
    await this.plans.assertFeature(userId, 'calendar');
    if (!this.client) throw new CalendarException('google_unavailable');
    const owner = await this.repository.owner(userId);
    if (!owner) throw new CalendarException('not_found');
    const { verifier, challenge } = await this.client.pkce();
    const nonce = randomBytes(18).toString('base64url');
    const state = this.seal({
      userId,
      nonce,
      verifier,
      expiresAt: Date.now() + GOOGLE_CALENDAR_STATE_TTL_SECONDS * 1000,
    });
    const url = this.client.authorizationUrl({
      redirectUri: this.redirectUri,
      state,
      codeChallenge: challenge,
      loginHint: owner.email,
    });
    return { url, nonce };
  }

  /** The consent's return: connects the calendar of the contractor who started it. */
  async finish(
    query: { code?: string; state?: string; error?: string },
    cookieNonce: string | undefined,
  ): Promise<GoogleCalendarResult> {
    const state = query.state ? this.open(query.state) : null;
    if (!state || !cookieNonce || !sameText(state.nonce, cookieNonce) || !this.client) {
      return 'failed';
    }
    if (query.error || !query.code) return 'denied';
    try {
      const { refreshToken, email } = await this.client.exchange({
        code: query.code,
        verifier: state.verifier,
        redirectUri: this.redirectUri,
      });
      await this.repository.connectGoogle(state.userId, email, this.box.seal(refreshToken));
      this.logger.log({ userId: state.userId }, 'Google Calendar connected');
      return 'connected';
    } catch (error) {
      this.logger.warn({ userId: state.userId, err: error }, 'Google Calendar consent failed');
      return error instanceof GoogleCalendarError && error.kind === 'revoked' ? 'denied' : 'failed';
    }
  }

  /** The Calendar tab's address after the consent, saying how it went. */
  resultUrl(result: GoogleCalendarResult): string {
    return `${APP_ROUTES.dashboard}?tab=calendar&google=${result}`;
  }

  async disconnect(userId: string): Promise<GoogleCalendarStatus> {
    await this.plans.assertFeature(userId, 'calendar');
    const sealed = await this.repository.disconnectGoogle(userId);
    const refreshToken = sealed ? this.box.open(sealed) : null;
    if (refreshToken && this.client) await this.client.revoke(refreshToken);
    return this.status(userId);
  }

  /**
   * The contractor's busy times in Google for the booking horizon: as last read when that was
   * under GOOGLE_BUSY_MAX_AGE_MINUTES ago, else read now. A failed read answers none (the slots
   * then count Rafter's inspections only) and is recorded for the Calendar tab. Never throws.
   */
  async busy(owner: CalendarOwner, availability: Availability, now: Date): Promise<BusyInterval[]> {
    const google = owner.google;
    if (!google || !this.client) return [];
    const age = google.busyFetchedAt ? now.getTime() - google.busyFetchedAt.getTime() : Infinity;
    if (age >= 0 && age < GOOGLE_BUSY_MAX_AGE_MINUTES * 60_000) return storedBusy(google.busy);
    const pending = this.reading.get(owner.id);
    if (pending) return pending;
    const read = this.read(owner.id, google, availability, now).finally(() =>
      this.reading.delete(owner.id),
    );
    this.reading.set(owner.id, read);
    return read;
  }

  private async read(
    ownerId: string,
    google: GoogleConnection,
    availability: Availability,
    now: Date,
  ): Promise<BusyInterval[]> {
    const refreshToken = this.box.open(google.sealedRefreshToken);
    if (!refreshToken) {
      await this.failed(ownerId, this.unreadableToken(), now);
      return [];
    }
    try {
      const busy = await this.client!.busy(refreshToken, google.calendarId, {
        from: now,
        to: new Date(now.getTime() + availability.horizonDays * 86_400_000 + HORIZON_MARGIN_MS),
        timeZone: availability.timeZone,
      });
      await this.repository.saveGoogleBusy(
        ownerId,
        busy.map(({ start, end }) => ({ start: start.toISOString(), end: end.toISOString() })),
        now,
      );
      return busy;
    } catch (error) {
      await this.failed(ownerId, error, now);
      return [];
    }
  }

  /**
   * Writes a booking's current state to the contractor's Google Calendar: the event added or
   * moved, or removed when cancelled. Answers what happened; throws (to be retried) only when
   * Google did not answer.
   */
  async write(
    booking: BookingRow,
    owner: CalendarOwner,
    event: {
      summary: string;
      description: string;
      timeZone: string;
    },
  ): Promise<'written' | 'removed' | 'not_connected' | 'revoked'> {
    const done = await this.withCalendar(owner, (refreshToken, calendarId) =>
      booking.status === 'cancelled'
        ? this.client!.remove(refreshToken, calendarId, booking.id)
        : this.client!.upsert(refreshToken, calendarId, {
            bookingId: booking.id,
            startsAt: booking.startsAt,
            endsAt: booking.endsAt,
            timeZone: event.timeZone,
            summary: event.summary,
            description: event.description,
            location: booking.lead.address,
            sequence: booking.version,
          }),
    );
    if (done !== 'done') return done;
    return booking.status === 'cancelled' ? 'removed' : 'written';
  }

  /**
   * Removes the events of bookings deleted with their lead (a homeowner's privacy request) from
   * the contractor's Google Calendar. Throws (to be retried) only when Google did not answer.
   */
  async removeDeleted(
    owner: CalendarOwner,
    bookingIds: readonly string[],
  ): Promise<'removed' | 'not_connected' | 'revoked'> {
    const done = await this.withCalendar(owner, async (refreshToken, calendarId) => {
      for (const bookingId of bookingIds) {
        await this.client!.remove(refreshToken, calendarId, bookingId);
      }
    });
    return done === 'done' ? 'removed' : done;
  }

  /**
   * Runs `write` with the contractor's calendar access, recording a failure for the Calendar tab
   * (and clearing it after a success). Throws (to be retried) only when Google did not answer.
   */
  private async withCalendar(
    owner: CalendarOwner,
    write: (refreshToken: string, calendarId: string) => Promise<void>,
  ): Promise<'done' | 'not_connected' | 'revoked'> {
    const google = owner.google;
    if (!google || !this.client) return 'not_connected';
    const refreshToken = this.box.open(google.sealedRefreshToken);
    if (!refreshToken) {
      await this.failed(owner.id, this.unreadableToken(), new Date());
      return 'revoked';
    }
    try {
      await write(refreshToken, google.calendarId);
    } catch (error) {
      await this.failed(owner.id, error, new Date());
      if (error instanceof GoogleCalendarError && error.kind === 'revoked') return 'revoked';
      throw error;
    }
    await this.repository.clearGoogleError(owner.id);
    return 'done';
  }

  private unreadableToken(): GoogleCalendarError {
    return new GoogleCalendarError(
      'revoked',
      'Rafter can no longer read its access to this calendar (the server’s AUTH_SECRET changed); connect it again.',
    );
  }

  private async failed(ownerId: string, error: unknown, at: Date): Promise<void> {
    const message =
      error instanceof GoogleCalendarError
        ? error.message
        : 'Google Calendar could not be reached.';
    this.logger.warn({ ownerId, err: error }, 'Google Calendar sync failed');
    await this.repository.saveGoogleError(ownerId, message, at).catch(() => undefined);
  }

  /**
   * The consent's state, encrypted (not only signed): it travels through the browser and comes
   * back beside the code in the callback's URL, and the PKCE verifier in it must not be readable
   * there, or the verifier would add nothing against whoever sees that URL.
   */
  private seal(state: ConsentState): string {
    return this.stateBox.seal(JSON.stringify(state));
  }

  private open(sealed: string): ConsentState | null {
    const body = this.stateBox.open(sealed);
    if (body === null) return null;
    try {
      const state = JSON.parse(body) as ConsentState;
      if (typeof state.userId !== 'string' || typeof state.nonce !== 'string') return null;
      if (typeof state.verifier !== 'string' || !(state.expiresAt > Date.now())) return null;
      return state;
    } catch {
      return null;
    }
  }
}
