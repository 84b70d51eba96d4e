import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { DateTime } from 'luxon';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { type MailMessage } from '../../core/mailer/mail-message';
import { MailerService } from '../../core/mailer/mailer.service';
import { html } from '../notifications/templates/html';
import {
  button,
  detailsTable,
  detailsText,
  email,
  heading,
  paragraph,
} from '../notifications/templates/layout';
import { CalendarService, contractorName } from './calendar.service';
import { type BookingRow, CalendarRepository, type CalendarOwner } from './calendar.repository';

type Change = 'booked' | 'rescheduled' | 'cancelled';

const HOMEOWNER_SUBJECTS: Record<Change, (name: string) => string> = {
  booked: (name) => `Your roof inspection with ${name} is booked`,
  rescheduled: (name) => `Your roof inspection with ${name} has a new time`,
  cancelled: (name) => `Your roof inspection with ${name} is cancelled`,
};

const CONTRACTOR_SUBJECTS: Record<Change, (lead: string, when: string) => string> = {
  booked: (lead, when) => `Inspection booked: ${lead}, ${when}`,
  rescheduled: (lead, when) => `Inspection moved: ${lead}, now ${when}`,
  cancelled: (lead, when) => `Inspection cancelled: ${lead}, ${when}`,
};

/** "Tuesday, December 1, 2026, 9:00 AM CST": the inspection's time where the contractor is. */
export function inspectionTime(startsAt: Date, timeZone: string): string {
  return DateTime.fromJSDate(startsAt, { zone: timeZone })
    .setLocale('en-US')
    .toFormat('cccc, LLLL d, yyyy, h:mm a ZZZZ');
}

/**
 * The e-mails of a booking (docs/calendar.md): the homeowner's confirmation, new time or
 * cancellation with a calendar invite (.ics) and the manage link, and the contractor's notice.
 * Each has a Message-ID of the booking, its version and the recipient, so a job run again after a
 * crash sends the same e-mail, recognisable as one.
 */
@Injectable()
export class BookingEmailsService {
  private readonly logger = new Logger(BookingEmailsService.name);

  constructor(
    private readonly repository: CalendarRepository,
    private readonly calendar: CalendarService,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async created({ bookingId }: EventPayload<'booking.created'>): Promise<string> {
    return this.send(bookingId, 'booked', 0);
  }

  async changed(payload: EventPayload<'booking.changed'>): Promise<string> {
    return this.send(payload.bookingId, payload.change, payload.version);
  }

  /** The homeowner's reminder, 24 h or 2 h before, if the inspection is still as it was then. */
  async reminder({
    bookingId,
    version,
    hoursBefore,
  }: EventPayload<'booking.reminder-due'>): Promise<string> {
    const booking = await this.repository.booking(bookingId);
    if (!booking) return 'booking-not-found';
    if (booking.status !== 'booked' || booking.version !== version) return 'superseded';
    const owner = await this.calendar.ownerOf(booking.ownerId);
    if (!owner) return 'owner-not-found';
    const name = contractorName(owner);
    const when = inspectionTime(booking.startsAt, this.calendar.availabilityOf(owner).timeZone);
    const manage = this.calendar.manageUrl(booking);
    const soon = hoursBefore === 24 ? 'tomorrow' : 'in two hours';
    const subject = `Reminder: your roof inspection with ${name} is ${soon}`;
    const intro = `${name} will inspect your roof on ${when}.`;
    const rows: [string, string][] = [
      ['When', when],
      ['Where', booking.lead.address],
      ['With', name],
    ];
    const message = email({
      template: `booking-reminder-${hoursBefore}h`,
      to: booking.lead.email,
      subject,
      preheader: intro,
      content: html`${heading(subject)} ${paragraph(intro)} ${detailsTable('Your inspection', rows)}
      ${button('Reschedule or cancel', manage)}`,
      text: [intro, detailsText('Your inspection', rows), `Reschedule or cancel: ${manage}`],
      footer: {
        html: html`You get this e-mail because you booked a roof inspection with ${name}.`,
        text: `You get this e-mail because you booked a roof inspection with ${name}.`,
      },
    });
    const host = new URL(this.config.PUBLIC_URL).hostname;
    await this.mailer.send({
      ...message,
      messageId: `<booking.${booking.id}.v${booking.version}.reminder-${hoursBefore}@${host}>`,
      fromName: name,
      replyTo: owner.email,
    });
    return 'sent';
  }

  private async send(bookingId: string, change: Change, version: number): Promise<string> {
    const booking = await this.repository.booking(bookingId);
    if (!booking) return 'booking-not-found';
    // A later change sends its own e-mails; this one would only repeat an outdated time.
    if (booking.version !== version) return 'superseded';
    const owner = await this.calendar.ownerOf(booking.ownerId);
    if (!owner) return 'owner-not-found';
    const messages = [
      this.homeownerMail(owner, booking, change),
      this.contractorMail(owner, booking, change),
    ];
    for (const message of messages) await this.mailer.send(message);
    this.logger.log({ bookingId, change, version }, 'Booking e-mails sent');
    return 'sent';
  }

  private messageId(booking: BookingRow, to: 'homeowner' | 'contractor'): string {
    const host = new URL(this.config.PUBLIC_URL).hostname;
    return `<booking.${booking.id}.v${booking.version}.${to}@${host}>`;
  }

  private homeownerMail(owner: CalendarOwner, booking: BookingRow, change: Change): MailMessage {
    const name = contractorName(owner);
    const timeZone = this.calendar.availabilityOf(owner).timeZone;
    const when = inspectionTime(booking.startsAt, timeZone);
    const manage = this.calendar.manageUrl(booking);
    const subject = HOMEOWNER_SUBJECTS[change](name);
    const intro =
      change === 'cancelled'
        ? `Your roof inspection with ${name} on ${when} is cancelled. You can ask for a new one at any time by replying to this e-mail.`
        : change === 'rescheduled'
          ? `Your roof inspection with ${name} is now on ${when}.`
          : `Thanks, ${booking.lead.firstName}. ${name} will inspect your roof on ${when}.`;
    const rows: [string, string][] = [
      ['When', when],
      ['Where', booking.lead.address],
      ['With', name],
    ];
    const message = email({
      template: `booking-${change}-homeowner`,
      to: booking.lead.email,
      subject,
      preheader: intro,
      content: html`${heading(subject)} ${paragraph(intro)} ${detailsTable('Your inspection', rows)}
      ${change === 'cancelled' ? html`` : button('Reschedule or cancel', manage)}
      ${
        change === 'cancelled'
          ? html``
          : paragraph('The attached invite adds the inspection to your calendar.')
      }`,
      text: [
        intro,
        detailsText('Your inspection', rows),
        ...(change === 'cancelled' ? [] : [`Reschedule or cancel: ${manage}`]),
      ],
      footer: {
        html: html`You get this e-mail because you booked a roof inspection with ${name}.`,
        text: `You get this e-mail because you booked a roof inspection with ${name}.`,
      },
    });
    return {
      ...message,
      messageId: this.messageId(booking, 'homeowner'),
      fromName: name,
      replyTo: owner.email,
      calendarInvite: {
        method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
        content: this.calendar.invite(owner, booking),
      },
    };
  }

  private contractorMail(owner: CalendarOwner, booking: BookingRow, change: Change): MailMessage {
    const timeZone = this.calendar.availabilityOf(owner).timeZone;
    const when = inspectionTime(booking.startsAt, timeZone);
    const lead = `${booking.lead.firstName} ${booking.lead.lastName}`.trim();
    const subject = CONTRACTOR_SUBJECTS[change](lead, when);
    const calendarUrl = new URL('/dashboard?tab=calendar', this.config.PUBLIC_URL).href;
    const rows: [string, string][] = [
      ['When', when],
      ['Homeowner', lead],
      ['Address', booking.lead.address],
      ['Phone', booking.lead.phone],
      ['E-mail', booking.lead.email],
    ];
    const message = email({
      template: `booking-${change}-contractor`,
      to: owner.email,
      subject,
      preheader: subject,
      content: html`${heading(subject)} ${detailsTable('Inspection', rows)}
      ${button('Open your calendar', calendarUrl)}`,
      text: [subject, detailsText('Inspection', rows), `Open your calendar: ${calendarUrl}`],
      footer: {
        html: html`You get this e-mail because a homeowner booked an inspection through Rafter.`,
        text: 'You get this e-mail because a homeowner booked an inspection through Rafter.',
      },
    });
    return { ...message, messageId: this.messageId(booking, 'contractor') };
  }
}
