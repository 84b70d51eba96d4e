import { type BookingOffer, type Slot } from '@rafter/domain/calendar';
import { contractorOnPlan } from './contractor';
import { expectAccessible } from './accessibility';
import { requestQuote } from './quote';
import { expect, test } from './test';

// Google Calendar sync end to end on the product as `npm start` runs it without Google keys:
// the api and worker talk to the local fake Google Calendar through the real
// @googleapis/calendar client; the browser goes through the fake's consent and uses its page.
const FAKE_URL = `http://127.0.0.1:${process.env.E2E_GCAL_PORT ?? 3198}`;
const HOUR = 3_600_000;

const dayLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
const timeLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
/** "2026-12-01T15:00" of an instant in UTC, as the fake's datetime-local fields take it. */
const utcField = (iso: string) => iso.slice(0, 16);

test('a contractor connects Google Calendar: a busy time there removes a slot, and a booking is written there', async ({
  page,
  browser,
}) => {
  const contractor = await contractorOnPlan(page, 'Smart Estimator');
  const { timeZone, slots } = await contractor.api<{ timeZone: string; slots: Slot[] }>(
    'GET',
    '/api/calendar/slots',
  );
  // The busy time goes over the first time of a day with room for more: on a day that opens late
  // (the 24 hours' notice ending in the afternoon) the busy time and its buffer can take every
  // time that day offers, and the reschedule dialog below would show no such day at all.
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = dayLabel(slot.startsAt, timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  const busy = [...days.values()].find((times) => times.length >= 4)![0]!;
  const later = slots.find(
    (slot) => Date.parse(slot.startsAt) >= Date.parse(busy.startsAt) + 4 * HOUR,
  )!;

  // Connect: the consent (the fake approves at once) comes back to the Calendar tab.
  await page.goto('/dashboard?tab=calendar');
  const section = page.getByRole('region', { name: 'Google Calendar' });
  await section.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=calendar&google=connected$/);
  await expect(
    section.getByText('Google Calendar connected. Busy times there now block inspection slots.'),
  ).toBeVisible();
  await expect(section).toContainText(`Connected to ${contractor.email}`);
  await expectAccessible(page, 'the Google Calendar section', { within: section });

  // A dentist's appointment typed in Google Calendar, over the first time offered.
  const google = await browser.newPage();
  await google.goto(FAKE_URL);
  await google.getByLabel('Account').fill(contractor.email);
  await google.getByLabel('Start').fill(utcField(busy.startsAt));
  await google
    .getByLabel('End')
    .fill(utcField(new Date(Date.parse(busy.startsAt) + HOUR / 2).toISOString()));
  await google.getByLabel('Time zone offset').fill('Z');
  await google.getByRole('button', { name: 'Add busy time' }).click();
  await expect(google.getByRole('row').filter({ hasText: contractor.email })).toHaveCount(1);

  // A homeowner is offered no time over it, and books a later one.
  const { bookingToken } = await requestQuote(page.request, contractor.id, {
    firstName: 'Greta',
    lastName: 'Homeowner',
    email: `greta.${Date.now()}@example.com`,
  });
  const offer = (await (
    await page.request.get(`/api/booking/offer?token=${encodeURIComponent(bookingToken!)}`)
  ).json()) as BookingOffer;
  expect(offer.slots.map((slot) => slot.startsAt)).not.toContain(busy.startsAt);
  expect(offer.slots.map((slot) => slot.startsAt)).toContain(later.startsAt);
  const booked = await page.request.post('/api/booking', {
    data: { token: bookingToken, startsAt: later.startsAt },
  });
  expect(booked.status()).toBe(201);

  // The inspection appears in the contractor's Google Calendar.
  const inspection = google
    .getByRole('row')
    .filter({ hasText: 'Roof inspection: Greta Homeowner' });
  await expect(async () => {
    await google.reload();
    await expect(inspection).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(inspection).toContainText(later.startsAt.replace('.000Z', ''));
  await expect(inspection).toContainText('confirmed');

  // Moving it in the Calendar tab offers no time over the busy one.
  await page.reload();
  const row = page.getByTestId('inspection').filter({ hasText: 'Greta Homeowner' });
  await row.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Greta Homeowner’s inspection' });
  const day = dialog.getByRole('group', { name: dayLabel(busy.startsAt, timeZone) });
  await expect(day.getByRole('button').first()).toBeVisible();
  await expect(
    day.getByRole('button', { name: timeLabel(busy.startsAt, timeZone), exact: true }),
  ).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Keep the time' }).click();
  await google.close();
});
