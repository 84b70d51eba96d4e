import {
  BOOKING_PAGE_PATH,
  type BookingOffer,
  type HomeownerBooking,
} from '@rafter/domain/calendar';
import { DateTime } from 'luxon';
import { html } from '../notifications/templates/html';
import { plainPage } from '../notifications/templates/plain-page';

/**
 * The pages behind the e-mails' booking links (the estimate e-mail's 'Book a free roof inspection',
 * the booking e-mails' 'Reschedule or cancel'): server-rendered HTML with plain
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

/** Whose clock the times are on. */
function localTimes(offer: BookingOffer) {
  return html`<p style="margin:0;color:#4b5563;">
    Times are ${offer.contractorName}'s local time (${offer.timeZone}).
  </p>`;
}

/** The open times by day (at most DAYS_SHOWN days), each a button posting to `actionFor`. */
function timesByDay(
  offer: BookingOffer,
  actionFor: (startsAt: string) => string,
  except?: string,
): ReturnType<typeof html>[] {
  const byDay = new Map<string, string[]>();
  for (const slot of offer.slots) {
    if (slot.startsAt === except) continue;
    const day = DateTime.fromISO(slot.startsAt, { zone: offer.timeZone }).toISODate()!;
    if (!byDay.has(day) && byDay.size >= DAYS_SHOWN) break;
    byDay.set(day, [...(byDay.get(day) ?? []), slot.startsAt]);
  }
  return [...byDay].map(
    ([day, starts]) =>
      html`<h3 style="margin:16px 0 8px;font-size:16px;">
          ${DateTime.fromISO(day, { zone: offer.timeZone }).setLocale('en-US').toFormat('cccc, LLLL d')}
        </h3>
        <div>
          ${starts.map(
            (start) =>
              html`<form method="post" action="${actionFor(start)}" style="display:inline;">
                <button type="submit" style="${SLOT}">
                  ${DateTime.fromISO(start, { zone: offer.timeZone }).setLocale('en-US').toFormat('h:mm a')}
                </button>
              </form>`,
          )}
        </div>`,
  );
}

/**
 * The estimate e-mail's 'Book a free roof inspection' page: the open times, one button each; or,
 * once booked, the inspection and its manage link.
 */
export function bookPage(token: string, offer: BookingOffer, notice?: string): string {
  if (offer.booking) return bookedPage(offer.booking);
  const days = timesByDay(offer, (startsAt) =>
    action(`${BOOKING_PAGE_PATH}/book`, { token, startsAt }),
  );
  return plainPage(
    'Book a free roof inspection',
    html`${notice ? html`<p role="alert" style="margin:0 0 16px;color:#b91c1c;"><strong>${notice}</strong></p>` : ''}
      <p style="margin:0 0 4px;">
        ${offer.contractorName} inspects your roof and gives you an exact quote
        (${offer.inspectionMinutes} minutes, free). Pick a time:
      </p>
      ${localTimes(offer)}
      ${
        days.length > 0
          ? days
          : html`<p>
              No times are open online right now. ${offer.contractorName} will contact you.
            </p>`
      }`,
  );
}

/** A booked inspection: just now (`justBooked`, the e-mail is on its way), or earlier. */
export function bookedPage(booking: HomeownerBooking, justBooked = false): string {
  return plainPage(
    'Your roof inspection is booked',
    html`<p style="margin:0 0 16px;">
        <strong>${when(booking.startsAt, booking.timeZone)}</strong> with ${booking.contractorName}.
        ${justBooked ? 'We e-mailed you a confirmation with a calendar invite.' : ''}
      </p>
      <p style="margin:0;">
        <a href="${action(BOOKING_PAGE_PATH, { token: booking.manageToken })}"
          >Reschedule or cancel</a
        >
      </p>`,
  );
}

/** The booked inspection, a cancel button and the times it may move to. */
export function managePage(booking: HomeownerBooking, offer: BookingOffer): string {
  const token = booking.manageToken;
  const days = timesByDay(
    offer,
    (startsAt) => action(`${BOOKING_PAGE_PATH}/reschedule`, { token, startsAt }),
    booking.startsAt,
  );
  return plainPage(
    'Your roof inspection',
    html`<p style="margin:0 0 8px;">
        <strong>${when(booking.startsAt, booking.timeZone)}</strong> with ${booking.contractorName}
      </p>
      <p style="margin:0 0 24px;">${booking.address}</p>
      <form method="post" action="${action(`${BOOKING_PAGE_PATH}/cancel`, { token })}">
        <button type="submit" style="${BUTTON}">Cancel inspection</button>
      </form>
      <h2 style="margin:32px 0 4px;font-size:18px;">Pick a new time</h2>
      ${localTimes(offer)}
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
        <a href="${action(BOOKING_PAGE_PATH, { token: booking.manageToken })}">Change it again</a>
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
