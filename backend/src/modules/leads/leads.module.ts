import { Module } from '@nestjs/common';
import { OutboxService } from '../../core/outbox/outbox.service';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { RealtimeModule } from '../../core/realtime/realtime.module';
import { AuthModule } from '../auth/auth.module';
import { CalculatorModule } from '../calculator/calculator.module';
import { DemoRequestController } from './demo-request.controller';
import { DemoRequestService } from './demo-request.service';
import { LeadCaptureController } from './lead-capture.controller';
import { LeadCaptureRepository } from './lead-capture.repository';
import { LeadCaptureService } from './lead-capture.service';
import { FormTokenService } from './form-token.service';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadSpamRepository } from './lead-spam.repository';
import { LeadSpamService } from './lead-spam.service';
import { LeadsService } from './leads.service';

@Module({
  imports: [CalculatorModule, RateLimitModule, AuthModule, RealtimeModule],
  controllers: [LeadCaptureController, DemoRequestController, LeadsController],
  providers: [
    LeadCaptureService,
    DemoRequestService,
    LeadCaptureRepository,
    FormTokenService,
    OutboxService,
    LeadsService,
    LeadsRepository,
    LeadSpamRepository,
    LeadSpamService,
  ],
  exports: [LeadsService],
})
export class LeadsModule {}
