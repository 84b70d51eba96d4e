import { Module } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { OutboxModule } from '../../core/outbox/outbox.module';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { AuthModule } from '../auth/auth.module';
import { PlansModule } from '../plans/plans.module';
import { BookingController } from './booking.controller';
import { BookingPageController } from './booking-page.controller';
import { BookingEmailsService } from './booking-emails.service';
import { BookingLimits } from './booking-limits';
import { CalendarFeedController } from './calendar-feed.controller';
import { CalendarController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';
import { GoogleCalendarController } from './google/google-calendar.controller';
import { GoogleCalendarService } from './google/google-calendar.service';
import { BookingEmailsJob } from './jobs/booking-emails.job';
import { GoogleCalendarJob } from './jobs/google-calendar.job';
import { SpamBookingsJob } from './jobs/spam-bookings.job';

/**
 * Roof inspections (docs/calendar.md): availability and slots, homeowners' bookings with their
 * e-mails and invites, the Calendar tab's agenda, the iCalendar feed and Google Calendar sync.
 */
@Module({
  imports: [OutboxModule, PlansModule, MailerModule, RateLimitModule],
  providers: [
    CalendarRepository,
    CalendarService,
    GoogleCalendarService,
    BookingEmailsService,
    BookingEmailsJob,
    GoogleCalendarJob,
    SpamBookingsJob,
  ],
  exports: [CalendarService, GoogleCalendarService],
})
export class CalendarModule {}

/** The Calendar tab's routes (session), the feed (secret URL) and the homeowner's (signed links). */
@Module({
  imports: [CalendarModule, AuthModule, RateLimitModule],
  controllers: [
    CalendarController,
    GoogleCalendarController,
    CalendarFeedController,
    BookingController,
    BookingPageController,
  ],
  providers: [BookingLimits],
})
export class CalendarApiModule {}
