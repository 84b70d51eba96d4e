import { type BookingOffer, type HomeownerBooking } from '@rafter/domain/calendar';
import { DateTime } from 'luxon';
import { html } from '../notifications/templates/html';
import { plainPage } from '../notifications/templates/plain-page';

/**
 * The page behind a booking e-mail's 'Reschedule or cancel' link: server-rendered HTML with plain
 * forms, so it works in any mail client's browser, without scripts and without an account. A GET
 * only shows (mail scanners open links); each change is a POST, and the link then stops working
 * (the page after it carries the new one).
 */

const BUTTON =
  'padding:10px 16px;font-size:15px;font-weight:600;color:#fff;background:#111827;border:0;border-radius:6px;cursor:pointer;';
const SLOT =
  'margin:0 8px 8px 0;padding:8px 12px;font-size:15px;color:#111827;background:#fff;border:1px solid #6b7280;border-radius:6px;cursor:pointer;';
/** The most days of times listed for a reschedule. */
const DAYS_SHOWN = 7;

function when(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone })
    .setLocale('en-US')
    .toFormat("cccc, LLLL d 'at' h:mm a ZZZZ");
}

function action(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** The booked inspection, a cancel button and the times it may move to. */
export function managePage(booking: HomeownerBooking, offer: BookingOffer): string {
  const token = booking.manageToken;
  const byDay = new Map<string, string[]>();
  for (const slot of offer.slots) {
    if (slot.startsAt === booking.startsAt) continue;
    const day = DateTime.fromISO(slot.startsAt, { zone: offer.timeZone }).toISODate()!;
    if (!byDay.has(day) && byDay.size >= DAYS_SHOWN) break;
    byDay.set(day, [...(byDay.get(day) ?? []), slot.startsAt]);
  }
  const days = [...byDay].map(
    ([day, starts]) =>
      html`<h3 style="margin:16px 0 8px;font-size:16px;">
          ${DateTime.fromISO(day, { zone: offer.timeZone }).setLocale('en-US').toFormat('cccc, LLLL d')}
        </h3>
        <div>
          ${starts.map(
            (start) =>
              html`<form
                method="post"
                action="${action('/api/booking/page/reschedule', { token, startsAt: start })}"
                style="display:inline;"
              >
                <button type="submit" style="${SLOT}">
                  ${DateTime.fromISO(start, { zone: offer.timeZone }).setLocale('en-US').toFormat('h:mm a')}
                </button>
              </form>`,
          )}
        </div>`,
  );
  return plainPage(
    'Your roof inspection',
    html`<p style="margin:0 0 8px;">
        <strong>${when(booking.startsAt, booking.timeZone)}</strong> with ${booking.contractorName}
      </p>
      <p style="margin:0 0 24px;">${booking.address}</p>
      <form method="post" action="${action('/api/booking/page/cancel', { token })}">
        <button type="submit" style="${BUTTON}">Cancel inspection</button>
      </form>
      <h2 style="margin:32px 0 4px;font-size:18px;">Pick a new time</h2>
      <p style="margin:0;color:#4b5563;">
        Times are ${offer.contractorName}'s local time (${offer.timeZone}).
      </p>
      ${
        days.length > 0
          ? days
          : html`<p>
              No other times are open online. Reply to your confirmation e-mail to arrange one.
            </p>`
      }`,
  );
}

export function rescheduledPage(booking: HomeownerBooking): string {
  return plainPage(
    'Your inspection has a new time',
    html`<p style="margin:0 0 16px;">
        <strong>${when(booking.startsAt, booking.timeZone)}</strong> with ${booking.contractorName}.
        We e-mailed you the new time with a calendar invite.
      </p>
      <p style="margin:0;">
        <a href="${action('/api/booking/page', { token: booking.manageToken })}">Change it again</a>
      </p>`,
  );
}

export function cancelledPage(booking: HomeownerBooking): string {
  return plainPage(
    'Your inspection is cancelled',
    html`<p style="margin:0;">
      ${booking.contractorName} knows. To book another time, reply to your confirmation e-mail.
    </p>`,
  );
}

export function problemPage(message: string): string {
  return plainPage('This link does not work', html`<p style="margin:0;">${message}</p>`);
}
