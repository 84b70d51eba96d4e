import { Module } from '@nestjs/common';
import { OutboxService } from '../../core/outbox/outbox.service';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { CalculatorModule } from '../calculator/calculator.module';
import { LeadCaptureController } from './lead-capture.controller';
import { LeadCaptureRepository } from './lead-capture.repository';
import { LeadCaptureService } from './lead-capture.service';

@Module({
  imports: [CalculatorModule, RateLimitModule],
  controllers: [LeadCaptureController],
  providers: [LeadCaptureService, LeadCaptureRepository, OutboxService],
})
export class LeadsModule {}
