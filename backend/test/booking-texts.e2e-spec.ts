import { type BookingOffer, type HomeownerBooking } from '@rafter/domain/calendar';
import { type EventPayload } from '@rafter/domain/events';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { type FakeTwilio } from '../src/dev/twilio/fake-twilio.server';
import { BookingTextsService } from '../src/modules/texts/booking-texts.service';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner } from './factories/owner.factory';
import { eventually, sleep } from './utils/async';
import { formToken } from './utils/form-token';
import { STACK_PUBLIC_URL } from './utils/stack';
import { startTextsStack, type TextsStack } from './utils/texts-stack';

const ZONE = 'America/Denver';

describe('Texts of a booked roof inspection (fake Twilio through the twilio SDK)', () => {
  let fake: FakeTwilio;
  let t: TextsStack;
  let bookingTexts: BookingTextsService;

  beforeAll(async () => {
    t = await startTextsStack({
      // The api signs the booking tokens, the worker the reminder's manage link: one key.
      AUTH_SECRET: 'booking-texts-test-secret-0123456789abcdef',
    });
    fake = t.fake;
    bookingTexts = t.worker.get(BookingTextsService);
  });

  afterAll(async () => {
    await t?.close();
  });

  const owner = () =>
    createOwner(t.prisma, { profile: { businessName: 'Sunny Roofing', timezone: ZONE } });

  const sentTo = (to: string) => fake.messages.filter((m) => m.to === to);

  /** A quote request from Austin (78701), then a booking of the first time offered. */
  async function book(ownerId: string, phone: string, textConsent: boolean) {
    const captured = await t.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      remoteAddress: '203.0.113.7',
      payload: {
        ownerId,
        lead: leadInput({ phone, firstName: 'Maria', email: `${randomUUID()}@example.com` }),
        formToken: formToken(t.app, ownerId),
        textConsent,
      },
    });
    expect(captured.statusCode).toBe(201);
    const { id: leadId, bookingToken } = captured.json<{ id: string; bookingToken: string }>();
    const offer = await t.app.inject({
      url: `/api/booking/offer?token=${encodeURIComponent(bookingToken)}`,
    });
    // The status and the answer together, so a failure says what the api answered.
    expect({ status: offer.statusCode, body: offer.json<unknown>() }).toMatchObject({
      status: 200,
    });
    const [slot] = offer.json<BookingOffer>().slots;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      payload: { token: bookingToken, startsAt: slot!.startsAt },
    });
    expect({ status: booked.statusCode, body: booked.json<unknown>() }).toMatchObject({
      status: 201,
    });
    const lead = await t.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    return { lead, booking: booked.json<HomeownerBooking>() };
  }

  /** Makes the booking's 24-hour reminder due now, as the day before would, and waits for it. */
  async function reminderComes(bookingId: string): Promise<EventPayload<'booking.reminder-due'>> {
    const due = await t.prisma.outboxEvent.findFirstOrThrow({
      where: {
        topic: 'booking.reminder-due',
        payload: { equals: { bookingId, version: 0, hoursBefore: 24 } },
      },
    });
    await t.prisma.outboxEvent.update({ where: { id: due.id }, data: { availableAt: new Date() } });
    await eventually(async () =>
      (await t.prisma.outboxEvent.findUniqueOrThrow({ where: { id: due.id } })).publishedAt
        ? true
        : undefined,
    );
    return { bookingId, version: 0, hoursBefore: 24 };
  }

  it('texts the contractor who has speed-to-lead texts on when a homeowner books, once', async () => {
    const { id: ownerId } = await owner();
    await t.prisma.textSettings.create({
      data: { userId: ownerId, mobilePhone: '+15125550281', textNewLeads: true },
    });
    const { lead, booking } = await book(ownerId, '(512) 555-0291', false);

    const message = await eventually(
      () => sentTo('+15125550281').find((m) => m.body.includes('booked a roof inspection')),
      10_000,
    );
    const when = DateTime.fromISO(booking.startsAt, { zone: ZONE })
      .setLocale('en-US')
      .toFormat('ccc LLL d, h:mm a');
    expect(message.body).toBe(
      `Rafter: Maria Ruiz booked a roof inspection ${when} at ${lead.address}. ${STACK_PUBLIC_URL}/dashboard?tab=calendar`,
    );
    expect(message.from).toBe(fake.fromNumber);

    // `booking.created` handled again (the outbox delivers at least once) sends nothing more.
    await expect(
      bookingTexts.notifyContractor({ bookingId: booking.id, ownerId, leadId: lead.id }),
    ).resolves.toBe('queued');
    await sleep(500);
    expect(
      sentTo('+15125550281').filter((m) => m.body.includes('booked a roof inspection')),
    ).toHaveLength(1);
    expect(
      await t.prisma.textMessage.count({
        where: { idempotencyKey: `booking-created:${booking.id}` },
      }),
    ).toBe(1);
  });

  it('reminds a homeowner who agreed to texts, once, in the contractor’s time zone (held at night where they live)', async () => {
    const { id: ownerId } = await owner();
    const { lead, booking } = await book(ownerId, '(512) 555-0292', true);
    const reminder = await reminderComes(booking.id);
    const key = `booking-reminder:${booking.id}:v0:24h`;

    // The worker texted at once, or (night in Austin) held the text until 8:00 there.
    const held = await eventually(async () => {
      if (await t.prisma.textMessage.count({ where: { idempotencyKey: key } })) return 'sent';
      const row = await t.prisma.outboxEvent.findFirst({
        where: { topic: 'text.booking-reminder-due', payload: { equals: reminder } },
      });
      return row ?? undefined;
    });
    if (held !== 'sent') {
      expect(DateTime.fromJSDate(held.availableAt, { zone: 'America/Chicago' }).hour).toBe(8);
    }

    // Asked again by day (a retry, or the held event in the morning): one reminder in all.
    const daytime = new Date(new Date(booking.startsAt).getTime() - 24 * 3_600_000);
    await expect(bookingTexts.remindHomeowner(reminder, daytime)).resolves.toBe('queued');
    const reminders = () => sentTo('+15125550292').filter((m) => m.body.includes('a reminder:'));
    const [text] = await eventually(() => reminders().length > 0 && reminders());
    const when = DateTime.fromISO(booking.startsAt, { zone: ZONE })
      .setLocale('en-US')
      .toFormat("ccc LLL d 'at' h:mm a ZZZZ");
    expect(text!.body).toMatch(
      new RegExp(
        `^Hi Maria, a reminder: Sunny Roofing inspects your roof (today, |tomorrow, )?${when}, at ${lead.address}\\. ` +
          `Reschedule or cancel: ${STACK_PUBLIC_URL}/api/booking/page\\?token=m\\.\\S+ Reply STOP to opt out\\.$`,
      ),
    );
    await sleep(500);
    expect(reminders()).toHaveLength(1);
  });

  it('texts no reminder to a homeowner who did not agree to texts', async () => {
    const { id: ownerId } = await owner();
    const { booking } = await book(ownerId, '(512) 555-0293', false);
    const reminder = await reminderComes(booking.id);
    await sleep(500);
    const daytime = new Date(new Date(booking.startsAt).getTime() - 24 * 3_600_000);
    await expect(bookingTexts.remindHomeowner(reminder, daytime)).resolves.toBe('no_consent');
    expect(sentTo('+15125550293')).toEqual([]);
    expect(await t.prisma.textMessage.count({ where: { ownerId, audience: 'homeowner' } })).toBe(0);
    // Nor held for the morning.
    expect(
      await t.prisma.outboxEvent.count({
        where: { topic: 'text.booking-reminder-due', payload: { equals: reminder } },
      }),
    ).toBe(0);
  });
});
