import { Module } from '@nestjs/common';
import { OutboxModule } from '../../core/outbox/outbox.module';
import { AuthModule } from '../auth/auth.module';
import { CalendarModule } from '../calendar/calendar.module';
import { DevOnlyGuard } from '../notifications/dev-mailbox.guard';
import { LeadsModule } from '../leads/leads.module';
import { PlansModule } from '../plans/plans.module';
import { BookingTextsService } from './booking-texts.service';
import { DevTextsController } from './dev-texts.controller';
import { BookingTextsJob } from './jobs/booking-texts.job';
import { LeadCapturedTextsJob } from './jobs/lead-captured-texts.job';
import { SendTextJob } from './jobs/send-text.job';
import { TextsStoppedJob } from './jobs/texts-stopped.job';
import { TextSettingsController } from './texts.controller';
import { TextsInboundController } from './texts-inbound.controller';
import { TextsRepository } from './texts.repository';
import { TextsService } from './texts.service';
import { twilioClientProvider } from './twilio.provider';

/**
 * Text messages through Twilio: homeowner texts with consent (TextsService.sendToHomeowner, the
 * follow-up sequences' text channel), speed-to-lead texts on `lead.captured`, a booked
 * inspection's texts (the contractor's notice, the homeowner's reminders), opt-outs.
 */
@Module({
  imports: [OutboxModule, PlansModule, LeadsModule, CalendarModule],
  providers: [
    twilioClientProvider,
    TextsRepository,
    TextsService,
    BookingTextsService,
    SendTextJob,
    LeadCapturedTextsJob,
    BookingTextsJob,
    TextsStoppedJob,
  ],
  exports: [TextsService],
})
export class TextsModule {}

/** The api's routes: Twilio's inbound webhook, the contractor's text settings, the dev page. */
@Module({
  imports: [TextsModule, AuthModule],
  controllers: [TextsInboundController, TextSettingsController, DevTextsController],
  providers: [DevOnlyGuard],
})
export class TextsApiModule {}
