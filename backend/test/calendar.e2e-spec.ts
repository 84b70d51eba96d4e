import {
  BOOKING_MESSAGES,
  type BookingOffer,
  type ContractorBooking,
  DEFAULT_AVAILABILITY,
  type HomeownerBooking,
} from '@rafter/domain/calendar';
import { randomUUID } from 'node:crypto';
import ical, { type VEvent } from 'node-ical';
import { Client } from 'pg';
import { ADVISORY_LOCK } from '../src/core/database/advisory-locks';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner, type OwnerOptions } from './factories/owner.factory';
import { eventually } from './utils/async';
import { formToken } from './utils/form-token';
import { type ReceivedMail } from './utils/smtp-sink';
import { startTestStack, type TestStack } from './utils/stack';

describe('Roof inspections: availability, booking, manage links, the Calendar tab and its feed', () => {
  let t: TestStack;

  beforeAll(async () => {
    t = await startTestStack({
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      FORM_BURST_PER_MINUTE: '0',
      // One key for the api and the worker, as `npm start` and production have: the manage links
      // the worker e-mails are checked by the api.
      AUTH_SECRET: 'calendar-test-secret-0123456789abcdef',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const owner = (options: OwnerOptions = {}) =>
    createOwner(t.prisma, {
      profile: { businessName: 'Sunny Roofing', timezone: 'America/Denver' },
      ...options,
    });

  async function tokenOf(ownerId: string): Promise<string> {
    const { session } = await t.app.get(SessionsService).issue(ownerId, {});
    return session.accessToken;
  }

  function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { token?: string; body?: unknown; ip?: string } = {},
  ) {
    return t.app.inject({
      method,
      url,
      remoteAddress: options.ip ?? '203.0.113.20',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  }

  /** A quote request as the widget sends it; answers the lead id and its booking token. */
  async function quote(ownerId: string, ip = '203.0.113.7') {
    const email = `${randomUUID()}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      remoteAddress: ip,
      payload: {
        ownerId,
        lead: leadInput({ email, firstName: 'Maria' }),
        formToken: formToken(t.app, ownerId),
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; bookingToken: string }>();
    expect(body.bookingToken).toMatch(/^b\./);
    return { leadId: body.id, token: body.bookingToken, email };
  }

  const offer = async (token: string) => {
    const response = await call('GET', `/api/booking/offer?token=${encodeURIComponent(token)}`);
    return {
      status: response.statusCode,
      body: response.json<BookingOffer>(),
    };
  };

  /** A new contractor's homeowner who booked the first time offered. */
  async function bookFirstTime() {
    const { id: ownerId } = await owner();
    const { token, email } = await quote(ownerId);
    const { body } = await offer(token);
    const booked = await call('POST', '/api/booking', {
      body: { token, startsAt: body.slots[0]!.startsAt },
    });
    expect(booked.statusCode).toBe(201);
    return { ownerId, email, body, first: booked.json<HomeownerBooking>() };
  }

  const mailTo = (to: string, subject: RegExp) =>
    eventually(() => t.sink.messages.find((m) => m.to.includes(to) && subject.test(m.subject)));

  /** The text/calendar part of a received e-mail, parsed back with node-ical. */
  function invite(mail: ReceivedMail) {
    const part =
      /Content-Type: text\/calendar[^\r\n]*(?:\r\n[ \t][^\r\n]*)*\r\n((?:[^\r\n]+\r\n)*)\r\n([\s\S]*?)\r\n--/i.exec(
        mail.raw,
      );
    expect(part).not.toBeNull();
    const [, headers, body] = part!;
    const text = /base64/i.test(headers!)
      ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body!;
    const events = Object.values(ical.sync.parseICS(text)).filter(
      (entry) => entry?.type === 'VEVENT',
    );
    expect(events).toHaveLength(1);
    return { text, event: events[0] as VEvent };
  }

  it('answers the defaults in the profile’s time zone, saves availability and names a bad field', async () => {
    const { id } = await owner();
    const token = await tokenOf(id);
    const read = await call('GET', '/api/calendar/availability', { token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...DEFAULT_AVAILABILITY, timeZone: 'America/Denver' });

    const saturday = {
      ...DEFAULT_AVAILABILITY,
      timeZone: 'America/Phoenix',
      weeklyHours: {
        ...DEFAULT_AVAILABILITY.weeklyHours,
        saturday: { start: '09:00', end: '13:00' },
      },
      daysOff: ['2027-01-01', '2026-12-25'],
    };
    const saved = await call('PUT', '/api/calendar/availability', { token, body: saturday });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...saturday, daysOff: ['2026-12-25', '2027-01-01'] });

    const bad = await call('PUT', '/api/calendar/availability', {
      token,
      body: {
        ...saturday,
        weeklyHours: { ...saturday.weeklyHours, monday: { start: '17:00', end: '08:00' } },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The end of a day must be after its start');
    const zone = await call('PUT', '/api/calendar/availability', {
      token,
      body: { ...saturday, timeZone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.body).toContain('The time zone must be one like America/Chicago');
    expect((await call('GET', '/api/calendar/availability', { token })).json()).toEqual(
      saved.json(),
    );
  });

  it('a homeowner books an offered time: the lead is Contacted, in the timeline, both sides e-mailed with an invite', async () => {
    const { id: ownerId, email: ownerEmail } = await owner();
    const { leadId, token, email } = await quote(ownerId);
    const { status, body } = await offer(token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      contractorName: 'Sunny Roofing',
      timeZone: 'America/Denver',
      inspectionMinutes: 60,
      booking: null,
    });
    expect(body.slots.length).toBeGreaterThan(10);
    // At least 24 hours' notice by default.
    expect(new Date(body.slots[0]!.startsAt).getTime()).toBeGreaterThanOrEqual(
      Date.now() + 24 * 3600_000 - 60_000,
    );

    const slot = body.slots[3]!;
    const booked = await call('POST', '/api/booking', { body: { token, startsAt: slot.startsAt } });
    expect(booked.statusCode).toBe(201);
    const booking = booked.json<HomeownerBooking>();
    expect(booking).toMatchObject({
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      status: 'booked',
      contractorName: 'Sunny Roofing',
    });
    expect(booking.manageToken).toMatch(/^m\./);

    const lead = await t.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead.status).toBe('contacted');
    const events = await t.prisma.leadEvent.findMany({
      where: { leadId },
      orderBy: { createdAt: 'asc' },
    });
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['inspection_booked', 'status_changed']),
    );
    expect(events.find((event) => event.type === 'inspection_booked')?.detail).toBe(slot.startsAt);

    // The offer now shows the booking instead of times; a second booking is refused.
    expect((await offer(token)).body).toMatchObject({ slots: [], booking: { id: booking.id } });
    const again = await call('POST', '/api/booking', {
      body: { token, startsAt: body.slots[5]!.startsAt },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(BOOKING_MESSAGES.alreadyBooked);

    const homeowner = await mailTo(email, /is booked/);
    expect(homeowner.subject).toBe('Your roof inspection with Sunny Roofing is booked');
    const { event } = invite(homeowner);
    expect(new Date(event.start).toISOString()).toBe(slot.startsAt);
    expect(new Date(event.end!).toISOString()).toBe(slot.endsAt);
    expect(event.summary).toBe('Roof inspection with Sunny Roofing');
    expect(homeowner.text).toContain('/api/booking/page?token=m.');
    const contractor = await mailTo(ownerEmail, /^Inspection booked: /);
    expect(contractor.text).toContain(lead.address);
  });

  it('reminds the homeowner 24 h and 2 h before; a moved inspection’s old reminders send nothing', async () => {
    const { email, body, first } = await bookFirstTime();
    const reminders = await t.prisma.outboxEvent.findMany({
      where: { topic: 'booking.reminder-due', payload: { path: ['bookingId'], equals: first.id } },
      orderBy: { availableAt: 'asc' },
    });
    const start = new Date(first.startsAt).getTime();
    expect(reminders.map((row) => [row.payload, row.availableAt.getTime()])).toEqual([
      [{ bookingId: first.id, version: 0, hoursBefore: 24 }, start - 24 * 3_600_000],
      [{ bookingId: first.id, version: 0, hoursBefore: 2 }, start - 2 * 3_600_000],
    ]);

    // The day before comes: the 24-hour reminder goes out.
    await t.prisma.outboxEvent.update({
      where: { id: reminders[0]!.id },
      data: { availableAt: new Date() },
    });
    const reminder = await mailTo(email, /^Reminder: /);
    expect(reminder.subject).toBe('Reminder: your roof inspection with Sunny Roofing is tomorrow');
    expect(reminder.text).toContain('/api/booking/page?token=m.');

    // Moved: the old 2-hour reminder, once due, sends nothing; the new ones are written.
    const later = body.slots.find(
      (slot) => new Date(slot.startsAt).getTime() > start + 3 * 3_600_000,
    )!;
    const moved = await call('POST', '/api/booking/manage/reschedule', {
      body: { token: first.manageToken, startsAt: later.startsAt },
    });
    expect(moved.statusCode).toBe(200);
    await t.prisma.outboxEvent.update({
      where: { id: reminders[1]!.id },
      data: { availableAt: new Date() },
    });
    await eventually(async () =>
      (await t.prisma.outboxEvent.findUniqueOrThrow({ where: { id: reminders[1]!.id } }))
        .publishedAt
        ? true
        : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      t.sink.messages.filter((m) => m.to.includes(email) && /in two hours/.test(m.subject)),
    ).toEqual([]);
    expect(
      await t.prisma.outboxEvent.count({
        where: { topic: 'booking.reminder-due', payload: { path: ['version'], equals: 1 } },
      }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('of 20 homeowners tapping the same time at once, exactly one gets it', async () => {
    const { id: ownerId } = await owner();
    const quotes = await Promise.all(Array.from({ length: 20 }, () => quote(ownerId)));
    const { body } = await offer(quotes[0]!.token);
    const startsAt = body.slots[0]!.startsAt;
    const answers = await Promise.all(
      quotes.map(({ token }, index) =>
        call('POST', '/api/booking', { body: { token, startsAt }, ip: `198.51.100.${index + 1}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect([BOOKING_MESSAGES.slotTaken, BOOKING_MESSAGES.slotUnavailable]).toContain(
        answer.json<{ error: string }>().error,
      );
    }
    expect(await t.prisma.booking.count({ where: { ownerId, status: 'booked' } })).toBe(1);
    // The others are offered the times left.
    expect((await offer(quotes[1]!.token)).body.slots.map((slot) => slot.startsAt)).not.toContain(
      startsAt,
    );
  });

  it('of 20 homeowners waiting on a booking of the same time that then fails, one gets it and none an error', async () => {
    const { id: ownerId } = await owner();
    const [first, ...quotes] = await Promise.all(Array.from({ length: 21 }, () => quote(ownerId)));
    const { body } = await offer(first!.token);
    const slot = body.slots[0]!;
    // A first homeowner's booking of that time, still in its transaction (a slow commit, a
    // connection about to drop), which then fails. Every later insert waits for it. When it ends,
    // the waiters check again at once and find each other's rows in flight: waiting on each
    // other is a deadlock, which PostgreSQL breaks one pair a second, answering errors and
    // leaving the rest to run out of their transaction's time.
    const inFlight = new Client({ connectionString: t.db.url });
    await inFlight.connect();
    let answers: Awaited<ReturnType<typeof call>>[];
    try {
      await inFlight.query('BEGIN');
      await inFlight.query(
        `INSERT INTO bookings (id, owner_id, lead_id, starts_at, ends_at, blocked_until, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $4::timestamptz + interval '30 minutes', now())`,
        [ownerId, first!.leadId, slot.startsAt, slot.endsAt],
      );
      const sent = Promise.all(
        quotes.map(({ token }, index) =>
          call('POST', '/api/booking', {
            body: { token, startsAt: slot.startsAt },
            ip: `198.51.100.${index + 1}`,
          }),
        ),
      );
      await eventually(async () => {
        const { rows } = await inFlight.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows[0]!.waiting >= 5 ? true : undefined;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await inFlight.query('ROLLBACK');
      answers = await sent;
    } finally {
      await inFlight.end();
    }
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(await t.prisma.booking.count({ where: { ownerId, status: 'booked' } })).toBe(1);
  });

  it('PostgreSQL itself refuses an overlapping inspection (buffer included), not only the code', async () => {
    const { id: ownerId } = await owner();
    const a = await quote(ownerId);
    const b = await quote(ownerId);
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    const end = new Date(start.getTime() + 3600_000);
    await t.prisma.booking.create({
      data: {
        ownerId,
        leadId: a.leadId,
        startsAt: start,
        endsAt: end,
        blockedUntil: new Date(end.getTime() + 1800_000),
      },
    });
    // Starts 15 minutes into the first one's buffer.
    const later = new Date(end.getTime() + 900_000);
    await expect(
      t.prisma.booking.create({
        data: {
          ownerId,
          leadId: b.leadId,
          startsAt: later,
          endsAt: new Date(later.getTime() + 3600_000),
          blockedUntil: new Date(later.getTime() + 3600_000),
        },
      }),
    ).rejects.toThrow(/bookings_no_overlap|exclusion|23P01/i);
  });

  it('a manage link reschedules once and cancels once; each change e-mails new links', async () => {
    const { ownerId, email, first } = await bookFirstTime();

    const managed = await call('GET', `/api/booking/manage?token=${first.manageToken}`);
    expect(managed.statusCode).toBe(200);
    const { offer: options } = managed.json<{ booking: HomeownerBooking; offer: BookingOffer }>();
    // Its own time is offered again (it may stay), others too.
    expect(options.slots.map((slot) => slot.startsAt)).toContain(first.startsAt);
    const target = options.slots.find(
      (slot) =>
        slot.startsAt !== first.startsAt &&
        new Date(slot.startsAt).getTime() > new Date(first.startsAt).getTime() + 3 * 3600_000,
    )!;

    const moved = await call('POST', '/api/booking/manage/reschedule', {
      body: { token: first.manageToken, startsAt: target.startsAt },
    });
    expect(moved.statusCode).toBe(200);
    const second = moved.json<HomeownerBooking>();
    expect(second).toMatchObject({ id: first.id, startsAt: target.startsAt, status: 'booked' });
    expect(second.manageToken).not.toBe(first.manageToken);

    // The old link is spent.
    for (const [method, url, payload] of [
      ['GET', `/api/booking/manage?token=${first.manageToken}`, undefined],
      ['POST', '/api/booking/manage/cancel', { token: first.manageToken }],
    ] as const) {
      const spent = await call(method, url, { body: payload });
      expect(spent.statusCode).toBe(404);
      expect(spent.json<{ error: string }>().error).toBe(BOOKING_MESSAGES.linkInvalid);
    }
    const rescheduled = await mailTo(email, /has a new time/);
    expect(new Date(invite(rescheduled).event.start).toISOString()).toBe(target.startsAt);
    expect(rescheduled.text).toContain(second.manageToken);

    const cancelled = await call('POST', '/api/booking/manage/cancel', {
      body: { token: second.manageToken },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<HomeownerBooking>().status).toBe('cancelled');
    expect(
      (await call('POST', '/api/booking/manage/cancel', { body: { token: second.manageToken } }))
        .statusCode,
    ).toBe(404);
    const cancelMail = await mailTo(email, /is cancelled/);
    expect(invite(cancelMail).text).toContain('METHOD:CANCEL');
    // The time is free again.
    expect(
      (await offer((await quote(ownerId)).token)).body.slots.map((slot) => slot.startsAt),
    ).toContain(target.startsAt);
  });

  it('a lead marked as spam loses its inspection: the time is free again, the address is told', async () => {
    // A stranger's quote request that booked a time real homeowners could have had.
    const { ownerId, email, first } = await bookFirstTime();
    const { id: leadId } = await t.prisma.lead.findFirstOrThrow({ where: { ownerId, email } });
    const token = await tokenOf(ownerId);
    const flagged = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${leadId}/spam`,
      headers: { authorization: `Bearer ${token}` },
      payload: { spam: true },
    });
    expect(flagged.statusCode).toBe(200);

    const cancelled = await eventually(async () => {
      const booking = await t.prisma.booking.findUniqueOrThrow({ where: { id: first.id } });
      return booking.status === 'cancelled' && booking;
    });
    expect(cancelled.startsAt.toISOString()).toBe(first.startsAt);
    const entry = await t.prisma.leadEvent.findFirstOrThrow({
      where: { leadId, type: 'inspection_cancelled' },
    });
    expect(entry.detail).toBe('with the lead marked as spam');
    // The time is offered again.
    expect(
      (await offer((await quote(ownerId)).token)).body.slots.map((slot) => slot.startsAt),
    ).toContain(first.startsAt);

    // The address is told, as for any cancellation: a homeowner flagged by mistake is not left
    // waiting for an inspection that will not come (once the flag is taken back, the estimate
    // e-mail's link books again).
    const mail = await mailTo(email, /is cancelled/);
    expect(invite(mail).text).toContain('METHOD:CANCEL');
  });

  it('a booking that commits after its lead was marked as spam is refused, so it cannot outlive the flag', async () => {
    const { id: ownerId } = await owner();
    const { token, leadId } = await quote(ownerId);
    const { body } = await offer(token);
    const startsAt = body.slots[0]!.startsAt;
    // The homeowner's tap has passed its checks and waits its turn in the contractor's calendar
    // (another booking committing) while the contractor flags the lead.
    const turn = new Client({ connectionString: t.db.url });
    await turn.connect();
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      await turn.query('BEGIN');
      await turn.query('SELECT pg_advisory_xact_lock($1::int4, hashtext($2))', [
        ADVISORY_LOCK.ownerBookings,
        ownerId,
      ]);
      const booking = call('POST', '/api/booking', { body: { token, startsAt } });
      await eventually(async () => {
        const { rowCount } = await turn.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
             AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
        );
        return rowCount === 1;
      });
      const flagged = await t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${leadId}/spam`,
        headers: { authorization: `Bearer ${await tokenOf(ownerId)}` },
        payload: { spam: true },
      });
      expect(flagged.statusCode).toBe(200);
      await turn.query('COMMIT');
      answer = await booking;
    } finally {
      await turn.end();
    }
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({
      error: 'This contractor does not take online bookings.',
    });
    expect(await t.prisma.booking.count({ where: { leadId } })).toBe(0);
    expect(
      (await offer((await quote(ownerId)).token)).body.slots.map((slot) => slot.startsAt),
    ).toContain(startsAt);
  });

  it("the e-mail's page shows the inspection on GET and changes it only on POST, once per link", async () => {
    const { body, first } = await bookFirstTime();
    const shown = await call('GET', `/api/booking/page?token=${first.manageToken}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('Cancel inspection');
    expect(shown.body).toContain('Pick a new time');
    // Showing changed nothing.
    expect((await t.prisma.booking.findUniqueOrThrow({ where: { id: first.id } })).version).toBe(0);

    const target = body.slots.find(
      (slot) =>
        new Date(slot.startsAt).getTime() > new Date(first.startsAt).getTime() + 3 * 3600_000,
    )!;
    const params = new URLSearchParams({ token: first.manageToken, startsAt: target.startsAt });
    const moved = await call('POST', `/api/booking/page/reschedule?${params.toString()}`);
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('Your inspection has a new time');
    const stored = await t.prisma.booking.findUniqueOrThrow({ where: { id: first.id } });
    expect(stored.startsAt.toISOString()).toBe(target.startsAt);

    const spent = await call('POST', `/api/booking/page/cancel?token=${first.manageToken}`);
    expect(spent.statusCode).toBe(404);
    expect(spent.body).toContain(BOOKING_MESSAGES.linkInvalid);
    expect((await t.prisma.booking.findUniqueOrThrow({ where: { id: first.id } })).status).toBe(
      'booked',
    );
  });

  it("the estimate e-mail's link books from a page without script; a taken time shows the times left", async () => {
    const { id: ownerId } = await owner();
    const { email, leadId } = await quote(ownerId);
    const estimate = await mailTo(email, /^Your roof estimate from /);
    const href = /https?:\/\/[^\s"]+\/api\/booking\/page\?token=b\.[A-Za-z0-9._-]+/.exec(
      estimate.text,
    )?.[0];
    expect(href).toBeDefined();
    expect(estimate.html).toContain('Book a free roof inspection');
    const link = new URL(href!);
    const token = link.searchParams.get('token')!;

    const shown = await call('GET', `${link.pathname}${link.search}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Book a free roof inspection');
    const starts = [...shown.body.matchAll(/\/api\/booking\/page\/book\?[^"]+/g)].map((m) =>
      new URLSearchParams(m[0].split('?')[1]!.replace(/&amp;/g, '&')).get('startsAt'),
    );
    expect(starts.length).toBeGreaterThan(1);

    // Someone else takes the first time meanwhile: the page says so and lists the rest.
    const other = await quote(ownerId);
    expect(
      (await call('POST', '/api/booking', { body: { token: other.token, startsAt: starts[0] } }))
        .statusCode,
    ).toBe(201);
    const book = (startsAt: string) =>
      call('POST', `/api/booking/page/book?${new URLSearchParams({ token, startsAt }).toString()}`);
    const taken = await book(starts[0]!);
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(BOOKING_MESSAGES.slotUnavailable);
    expect(taken.body).toContain('/api/booking/page/book?');

    const booked = await book(starts.at(-1)!);
    expect(booked.statusCode).toBe(200);
    expect(booked.body).toContain('Your roof inspection is booked');
    expect(booked.body).toContain('/api/booking/page?token=m.');
    const stored = await t.prisma.booking.findFirstOrThrow({ where: { leadId } });
    expect(stored.startsAt.toISOString()).toBe(starts.at(-1));
    // The same link now shows the inspection, and books no second one.
    expect((await call('GET', `${link.pathname}${link.search}`)).body).toContain(
      'Your roof inspection is booked',
    );
    expect((await book(starts[1]!)).statusCode).toBe(409);
  });

  it('the Calendar tab lists, moves and cancels; the feed serves the inspections and rotates', async () => {
    const { id: ownerId } = await owner();
    const token = await tokenOf(ownerId);
    const { token: book, email } = await quote(ownerId);
    const { body } = await offer(book);
    const booking = (
      await call('POST', '/api/booking', {
        body: { token: book, startsAt: body.slots[1]!.startsAt },
      })
    ).json<HomeownerBooking>();

    const agenda = await call('GET', '/api/calendar/bookings', { token });
    expect(agenda.statusCode).toBe(200);
    const [listed] = agenda.json<{ bookings: ContractorBooking[] }>().bookings;
    expect(listed).toMatchObject({
      id: booking.id,
      startsAt: booking.startsAt,
      status: 'booked',
      name: expect.stringContaining('Maria'),
      leadStatus: 'contacted',
    });

    const feed = await call('GET', '/api/calendar/feed', { token });
    const url = new URL(feed.json<{ url: string }>().url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/feed\/cal_[A-Za-z0-9_-]{32}\.ics$/);
    expect((await call('GET', '/api/calendar/feed', { token })).json()).toEqual(feed.json());
    const ics = await call('GET', url.pathname);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const events = Object.values(ical.sync.parseICS(ics.body)).filter(
      (entry) => entry?.type === 'VEVENT',
    ) as VEvent[];
    expect(events.map((event) => new Date(event.start).toISOString())).toEqual([booking.startsAt]);

    const slots = (await call('GET', '/api/calendar/slots', { token })).json<{
      slots: { startsAt: string }[];
    }>().slots;
    const target = slots.find(
      (slot) =>
        new Date(slot.startsAt).getTime() > new Date(booking.startsAt).getTime() + 6 * 3600_000,
    )!;
    const moved = await call('POST', `/api/calendar/bookings/${booking.id}/reschedule`, {
      token,
      body: { startsAt: target.startsAt },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<ContractorBooking>().startsAt).toBe(target.startsAt);
    await mailTo(email, /has a new time/);
    const taken = await call('POST', `/api/calendar/bookings/${booking.id}/reschedule`, {
      token,
      body: { startsAt: '2020-01-01T15:00:00Z' },
    });
    expect(taken.statusCode).toBe(409);

    const cancelled = await call('POST', `/api/calendar/bookings/${booking.id}/cancel`, { token });
    expect(cancelled.json<ContractorBooking>().status).toBe('cancelled');
    await mailTo(email, /is cancelled/);

    const rotated = await call('POST', '/api/calendar/feed/rotate', { token });
    const next = new URL(rotated.json<{ url: string }>().url);
    expect(next.pathname).not.toBe(url.pathname);
    expect((await call('GET', url.pathname)).statusCode).toBe(404);
    expect((await call('GET', next.pathname)).body).toContain('STATUS:CANCELLED');

    // Another contractor sees none of it.
    const other = await tokenOf((await owner()).id);
    expect(
      (await call('POST', `/api/calendar/bookings/${booking.id}/cancel`, { token: other }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/calendar/bookings', { token: other })).json()).toEqual({
      bookings: [],
    });
  });

  it('without a plan there is no booking and no Calendar tab; forged and foreign tokens are refused', async () => {
    const { id: ownerId } = await owner({ plan: null });
    const { token } = await quote(ownerId);
    const refused = await offer(token);
    expect(refused.status).toBe(404);
    expect((refused.body as unknown as { error: string }).error).toBe(
      'This contractor does not take online bookings.',
    );
    expect(
      (await call('GET', '/api/calendar/availability', { token: await tokenOf(ownerId) }))
        .statusCode,
    ).toBe(403);

    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await offer(forged)).status).toBe(404);
    expect((await call('GET', '/api/booking/manage?token=b.x')).statusCode).toBe(404);
    const bad = await call('POST', '/api/booking', { body: { token: 'x', startsAt: 'tomorrow' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The time must be an ISO date-time');
  });
});
