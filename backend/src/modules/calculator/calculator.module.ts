import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { CalculatorController } from './calculator.controller';
import { CalculatorRepository } from './calculator.repository';
import { CalculatorService } from './calculator.service';
import { GoogleSolarService } from './google-solar.service';
import { RoofMeasurementRepository } from './roof-measurement.repository';
import { RoofMeasurementService } from './roof-measurement.service';

@Module({
  imports: [RateLimitModule],
  controllers: [CalculatorController],
  providers: [
    CalculatorService,
    CalculatorRepository,
    RoofMeasurementService,
    RoofMeasurementRepository,
    GoogleSolarService,
  ],
  exports: [RoofMeasurementService],
})
export class CalculatorModule {}
