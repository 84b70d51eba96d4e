import { Module } from '@nestjs/common';
import { OutboxModule } from '../../core/outbox/outbox.module';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { AuthModule } from '../auth/auth.module';
import { CalculatorModule } from '../calculator/calculator.module';
import { PlansModule } from '../plans/plans.module';
import { DemoRequestController } from './demo-request.controller';
import { DemoRequestService } from './demo-request.service';
import { FormTokenService } from './form-token.service';
import { UnlockLeadsJob } from './jobs/unlock-leads.job';
import { LeadDeletionRepository } from './lead-deletion.repository';
import { LeadDeletionService } from './lead-deletion.service';
import { LeadCaptureController } from './lead-capture.controller';
import { LeadCaptureRepository } from './lead-capture.repository';
import { LeadCaptureService } from './lead-capture.service';
import { LeadSpamRepository } from './lead-spam.repository';
import { LeadSpamService } from './lead-spam.service';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';
import { OwnerLeadsRepository } from './owner-leads.repository';
import { OwnerLeadsService } from './owner-leads.service';

/**
 * The lead's whole life: quote requests, the CRM, the spam flag, and OwnerLeadsService, which
 * creates every owner lead, counts the month and locks and unlocks by the allowance
 * (domain/src/lead-allowance.ts). Reacts to `subscription.changed` and `lead.spam-flagged`.
 */
@Module({
  imports: [CalculatorModule, RateLimitModule, PlansModule, OutboxModule],
  providers: [
    LeadCaptureService,
    LeadCaptureRepository,
    DemoRequestService,
    FormTokenService,
    LeadsService,
    LeadsRepository,
    LeadSpamRepository,
    LeadSpamService,
    LeadDeletionService,
    LeadDeletionRepository,
    OwnerLeadsService,
    OwnerLeadsRepository,
    UnlockLeadsJob,
  ],
  exports: [
    LeadCaptureService,
    DemoRequestService,
    FormTokenService,
    LeadsService,
    LeadSpamService,
    LeadDeletionService,
    OwnerLeadsService,
  ],
})
export class LeadsModule {}

/** The api's quote-request, demo-request and CRM routes. */
@Module({
  imports: [LeadsModule, AuthModule],
  controllers: [LeadCaptureController, DemoRequestController, LeadsController],
})
export class LeadsApiModule {}
