import { Module } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { AuthModule } from '../auth/auth.module';
import { LeadsModule } from '../leads/leads.module';
import { PlansModule } from '../plans/plans.module';
import { EstimateEmailService } from './estimate-email.service';
import { FollowupsController } from './followups.controller';
import { FollowupsRepository } from './followups.repository';
import { FollowupsService } from './followups.service';
import { HomeownerMessagesService } from './homeowner-messages.service';
import { SendEstimateEmailJob } from './jobs/send-estimate-email.job';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * Follow-ups to homeowners (docs/followups.md): the instant estimate e-mail on `lead.captured`,
 * the contractor's settings, unsubscribing and the suppression list every homeowner e-mail is
 * checked against, and the layout the sequence's e-mails (follow-ups module) are sent in.
 */
@Module({
  imports: [LeadsModule, PlansModule, MailerModule],
  providers: [
    FollowupsRepository,
    FollowupsService,
    EstimateEmailService,
    UnsubscribeService,
    HomeownerMessagesService,
    SendEstimateEmailJob,
  ],
  exports: [FollowupsService, UnsubscribeService, HomeownerMessagesService],
})
export class FollowupsModule {}

/** The dashboard's settings route (session) and the public unsubscribe link (signed token). */
@Module({
  imports: [FollowupsModule, AuthModule],
  controllers: [FollowupsController, UnsubscribeController],
})
export class FollowupsApiModule {}
