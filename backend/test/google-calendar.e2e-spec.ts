import { type BookingOffer, type GoogleCalendarStatus } from '@rafter/domain/calendar';
import { randomUUID } from 'node:crypto';
import {
  type FakeGoogleCalendar,
  startFakeGoogleCalendar,
} from '../src/dev/google/fake-google-calendar.server';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { inspectionEventId } from '../src/modules/calendar/google/google-calendar.client';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner } from './factories/owner.factory';
import { eventually } from './utils/async';
import { formToken } from './utils/form-token';
import { startTestStack, type TestStack } from './utils/stack';

const MINUTE = 60_000;

describe('Google Calendar sync (the real @googleapis/calendar client against the local fake)', () => {
  let t: TestStack;
  let google: FakeGoogleCalendar;

  beforeAll(async () => {
    google = await startFakeGoogleCalendar();
    t = await startTestStack({
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      FORM_BURST_PER_MINUTE: '0',
      AUTH_SECRET: 'google-calendar-test-secret-0123456789',
      GOOGLE_CALENDAR_CLIENT_ID: google.clientId,
      GOOGLE_CALENDAR_CLIENT_SECRET: google.clientSecret,
      GOOGLE_CALENDAR_API_URL: google.url,
    });
  });

  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });

  async function contractor() {
    const owner = await createOwner(t.prisma, {
      profile: { businessName: 'Sunny Roofing', timezone: 'America/Chicago' },
    });
    const { session } = await t.app.get(SessionsService).issue(owner.id, {});
    return { ...owner, token: session.accessToken };
  }

  function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { token?: string; body?: unknown; cookie?: string } = {},
  ) {
    return t.app.inject({
      method,
      url,
      remoteAddress: '203.0.113.30',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  }

  /** Starts the consent and lets the fake approve it: the callback URL and the state cookie. */
  async function consent(token: string) {
    const started = await call('POST', '/api/calendar/google/connect', { token });
    expect(started.statusCode).toBe(200);
    const cookie = started.cookies.find((c) => c.name === 'rafter_gcal_state');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/calendar/google' });
    const { url } = started.json<{ url: string }>();
    expect(url.startsWith(`${google.url}/o/oauth2/v2/auth?`)).toBe(true);
    expect(new URL(url).searchParams.get('scope')).toContain('calendar.events');
    const approved = await fetch(url, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe('/api/calendar/google/callback');
    return {
      callback: `${back.pathname}${back.search}`,
      cookie: `rafter_gcal_state=${cookie!.value}`,
    };
  }

  async function connected() {
    const owner = await contractor();
    const { callback, cookie } = await consent(owner.token);
    const back = await call('GET', callback, { cookie });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/dashboard?tab=calendar&google=connected');
    return owner;
  }

  const status = async (token: string) =>
    (await call('GET', '/api/calendar/google', { token })).json<GoogleCalendarStatus>();

  async function quote(ownerId: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      remoteAddress: '203.0.113.31',
      payload: {
        ownerId,
        lead: leadInput({ email: `${randomUUID()}@example.com`, firstName: 'Maria' }),
        formToken: formToken(t.app, ownerId),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; bookingToken: string }>().bookingToken;
  }

  async function offer(token: string): Promise<BookingOffer> {
    const response = await call('GET', `/api/booking/offer?token=${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(200);
    return response.json<BookingOffer>();
  }

  /** Makes the busy times read from Google old enough to be read again on the next offer. */
  const expireBusy = (ownerId: string) =>
    t.prisma.googleCalendarConnection.update({
      where: { userId: ownerId },
      data: { busyFetchedAt: new Date(Date.now() - 4 * MINUTE) },
    });

  it('connects through the consent, bound to the browser that started it, with the token sealed', async () => {
    const owner = await contractor();
    expect(await status(owner.token)).toMatchObject({ available: true, connected: false });

    // The return without the browser's cookie, or with a forged state, connects nothing.
    const first = await consent(owner.token);
    const noCookie = await call('GET', first.callback);
    expect(noCookie.headers.location).toBe('/dashboard?tab=calendar&google=failed');
    const forged = first.callback.replace(/state=[^&]+/, 'state=eyJ1c2VySWQiOiJ4In0.bad');
    expect((await call('GET', forged, { cookie: first.cookie })).headers.location).toBe(
      '/dashboard?tab=calendar&google=failed',
    );
    const denied = await call(
      'GET',
      `${first.callback.replace(/code=[^&]+&?/, '')}&error=access_denied`,
      { cookie: first.cookie },
    );
    expect(denied.headers.location).toBe('/dashboard?tab=calendar&google=denied');
    expect(await status(owner.token)).toMatchObject({ connected: false });

    const second = await consent(owner.token);
    // The state comes back in the callback's URL beside the code: the PKCE verifier in it is
    // encrypted, so whoever sees that URL cannot read it.
    const state = new URL(second.callback, 'https://rafter.test').searchParams.get('state')!;
    expect(state).toMatch(/^v1\./);
    for (const part of state.split('.')) {
      expect(Buffer.from(part, 'base64url').toString('latin1')).not.toMatch(/verifier|userId/);
    }
    const back = await call('GET', second.callback, { cookie: second.cookie });
    expect(back.headers.location).toBe('/dashboard?tab=calendar&google=connected');
    expect(await status(owner.token)).toMatchObject({
      connected: true,
      accountEmail: owner.email,
      error: null,
    });
    const row = await t.prisma.googleCalendarConnection.findUniqueOrThrow({
      where: { userId: owner.id },
    });
    expect(row.refreshToken).toMatch(/^v1\./);
    expect(row.refreshToken).not.toContain('fake-refresh-');

    // A code works once.
    const again = await call('GET', second.callback, { cookie: second.cookie });
    expect(again.headers.location).toBe('/dashboard?tab=calendar&google=failed');
  });

  it('busy times in Google remove the slots they cover, read again once a few minutes old', async () => {
    const owner = await connected();
    const token = await quote(owner.id);
    const before = await offer(token);
    const first = before.slots[0];
    // Hours later, beyond the buffer the contractor keeps after another appointment.
    const second = before.slots.find(
      (slot) => Date.parse(slot.startsAt) >= Date.parse(first!.startsAt) + 3 * 60 * MINUTE,
    );
    expect(first && second).toBeTruthy();

    google.addBusy(owner.email, {
      start: new Date(first!.startsAt),
      end: new Date(new Date(first!.startsAt).getTime() + 30 * MINUTE),
      summary: 'Dentist',
    });
    await expireBusy(owner.id);
    const after = await offer(token);
    expect(after.slots.map((s) => s.startsAt)).not.toContain(first!.startsAt);
    expect(after.slots.length).toBeLessThan(before.slots.length);
    expect((await status(owner.token)).busySyncedAt).not.toBeNull();

    // Read minutes ago: used as read, without asking Google on every homeowner's visit.
    google.addBusy(owner.email, {
      start: new Date(second!.startsAt),
      end: new Date(new Date(second!.startsAt).getTime() + 30 * MINUTE),
    });
    expect((await offer(token)).slots.map((s) => s.startsAt)).toContain(second!.startsAt);
    await expireBusy(owner.id);
    expect((await offer(token)).slots.map((s) => s.startsAt)).not.toContain(second!.startsAt);

    // A time Google calls busy cannot be booked either.
    const refused = await call('POST', '/api/booking', {
      body: { token, startsAt: second!.startsAt },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('writes a booked inspection to Google, moves it and removes it', async () => {
    const owner = await connected();
    const token = await quote(owner.id);
    const { slots } = await offer(token);
    // A slot that can move half an hour later: the last one of a day cannot (the move would end
    // after working hours), and which slot comes first depends on the time the test runs.
    const offered = new Set(slots.map((slot) => Date.parse(slot.startsAt)));
    const first = slots.find((slot) => offered.has(Date.parse(slot.startsAt) + 30 * MINUTE))!;
    expect(first).toBeDefined();
    const booked = await call('POST', '/api/booking', {
      body: { token, startsAt: first.startsAt },
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json<{ id: string }>().id;
    const eventId = inspectionEventId(bookingId);

    const written = await eventually(() =>
      google.events(owner.email).find((event) => event.id === eventId),
    );
    expect(written).toMatchObject({
      status: 'confirmed',
      summary: expect.stringContaining('Roof inspection: Maria'),
      start: { dateTime: first.startsAt, timeZone: 'America/Chicago' },
      end: { dateTime: first.endsAt },
    });
    // Rafter's own event is not read back as a busy time of the contractor's: moving the
    // inspection half an hour, over its own event's time, works once Google was read again.
    await expireBusy(owner.id);
    const halfHour = new Date(Date.parse(first.startsAt) + 30 * MINUTE).toISOString();
    const nudged = await call('POST', `/api/calendar/bookings/${bookingId}/reschedule`, {
      token: owner.token,
      body: { startsAt: halfHour },
    });
    expect(nudged.statusCode).toBe(200);
    await eventually(() =>
      google
        .events(owner.email)
        .find((event) => event.id === eventId && event.start.dateTime === halfHour),
    );

    const target = slots.find(
      (slot) => Date.parse(slot.startsAt) >= Date.parse(first.endsAt) + 2 * 60 * MINUTE,
    )!;
    const moved = await call('POST', `/api/calendar/bookings/${bookingId}/reschedule`, {
      token: owner.token,
      body: { startsAt: target.startsAt },
    });
    expect(moved.statusCode).toBe(200);
    await eventually(() =>
      google
        .events(owner.email)
        .find((event) => event.id === eventId && event.start.dateTime === target.startsAt),
    );

    const cancelled = await call('POST', `/api/calendar/bookings/${bookingId}/cancel`, {
      token: owner.token,
    });
    expect(cancelled.statusCode).toBe(200);
    await eventually(() =>
      google.events(owner.email).find((e) => e.id === eventId && e.status === 'cancelled'),
    );
    expect(google.events(owner.email).filter((e) => e.id === eventId)).toHaveLength(1);
    expect((await status(owner.token)).error).toBeNull();
  });

  it("a lead deleted for good (a homeowner's privacy request) takes its inspection out of Google Calendar", async () => {
    const owner = await connected();
    const token = await quote(owner.id);
    const { slots } = await offer(token);
    const booked = await call('POST', '/api/booking', {
      body: { token, startsAt: slots[0]!.startsAt },
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json<{ id: string }>().id;
    const eventId = inspectionEventId(bookingId);
    const written = await eventually(() =>
      google.events(owner.email).find((event) => event.id === eventId),
    );
    expect(written.summary).toContain('Maria');

    // The contractor's CRM deletes the lead through the public API.
    const { leadId } = await t.prisma.booking.findUniqueOrThrow({ where: { id: bookingId } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'CRM', scopes: ['leads:write'] },
    });
    expect(created.statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/leads/${leadId}`,
      headers: { authorization: `Bearer ${created.json<{ key: string }>().key}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.prisma.booking.findUnique({ where: { id: bookingId } })).toBeNull();

    // The homeowner's name and address do not stay in the contractor's Google Calendar.
    await eventually(() =>
      google.events(owner.email).find((e) => e.id === eventId && e.status === 'cancelled'),
    );
    expect((await status(owner.token)).error).toBeNull();
  });

  it('books while Google is down, from Rafter’s own inspections, and shows the failure until it answers', async () => {
    const owner = await connected();
    const token = await quote(owner.id);
    const { slots } = await offer(token);
    google.addBusy(owner.email, {
      start: new Date(slots[0]!.startsAt),
      end: new Date(slots[0]!.endsAt),
    });
    await expireBusy(owner.id);
    google.setOutage(true);
    try {
      const during = await offer(token);
      // Google's busy time is not known: the slot list falls back to Rafter's bookings.
      expect(during.slots.map((s) => s.startsAt)).toContain(slots[0]!.startsAt);
      const booked = await call('POST', '/api/booking', {
        body: { token, startsAt: slots[1]!.startsAt },
      });
      expect(booked.statusCode).toBe(201);
      const shown = await status(owner.token);
      expect(shown.error?.message).toMatch(/Google Calendar answered 503/);
    } finally {
      google.setOutage(false);
    }
    // The write the outage refused is tried again; then the failure is cleared.
    const bookingId = (await t.prisma.booking.findFirstOrThrow({ where: { ownerId: owner.id } }))
      .id;
    await eventually(
      () => google.events(owner.email).find((e) => e.id === inspectionEventId(bookingId)),
      60_000,
    );
    await expireBusy(owner.id);
    await call('GET', '/api/calendar/slots', { token: owner.token });
    expect((await status(owner.token)).error).toBeNull();
  });

  it('shows a withdrawn access as “connect it again”, and disconnects', async () => {
    const owner = await connected();
    google.revoke(owner.email);
    await expireBusy(owner.id);
    const slots = await call('GET', '/api/calendar/slots', { token: owner.token });
    expect(slots.statusCode).toBe(200);
    expect((await status(owner.token)).error?.message).toMatch(/connect it again/);

    const gone = await call('DELETE', '/api/calendar/google', { token: owner.token });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ connected: false, accountEmail: null, error: null });
  });

  it('is offered only where it is set up, and only to paying contractors', async () => {
    const unpaid = await createOwner(t.prisma, { plan: null });
    const { session } = await t.app.get(SessionsService).issue(unpaid.id, {});
    const refused = await call('POST', '/api/calendar/google/connect', {
      token: session.accessToken,
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/calendar/google')).statusCode).toBe(401);
  });
});
