import { Module } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { OutboxModule } from '../../core/outbox/outbox.module';
import { AuthModule } from '../auth/auth.module';
import { FollowupsModule } from '../followups/followups.module';
import { PlansModule } from '../plans/plans.module';
import { TextsModule } from '../texts/texts.module';
import { FollowUpChannels } from './follow-up-channels';
import { FollowUpsController } from './follow-ups.controller';
import { FollowUpsRepository } from './follow-ups.repository';
import { FollowUpsService } from './follow-ups.service';
import { FollowUpStepsJob } from './jobs/follow-up-steps.job';
import { NewLeadRemindersService } from './new-lead-reminders.service';

/**
 * Automated follow-ups (docs/followups.md): the homeowner's sequence, each lead's steps, and the
 * contractor's still-New reminder.
 */
@Module({
  imports: [MailerModule, OutboxModule, PlansModule, TextsModule, FollowupsModule],
  providers: [
    FollowUpsRepository,
    FollowUpsService,
    FollowUpChannels,
    NewLeadRemindersService,
    FollowUpStepsJob,
  ],
  exports: [FollowUpsService],
})
export class FollowUpsModule {}

/** The api's follow-up routes. */
@Module({
  imports: [FollowUpsModule, AuthModule],
  controllers: [FollowUpsController],
})
export class FollowUpsApiModule {}
