import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { AuthModule } from '../auth/auth.module';
import { PlansModule } from '../plans/plans.module';
import { CalculatorSettingsController } from './calculator-settings.controller';
import { CalculatorSettingsRepository } from './calculator-settings.repository';
import { CalculatorSettingsService } from './calculator-settings.service';
import { CalculatorController } from './calculator.controller';
import { CalculatorRepository } from './calculator.repository';
import { CalculatorService } from './calculator.service';
import { GoogleSolarService } from './google-solar.service';
import { RoofMeasurementRepository } from './roof-measurement.repository';
import { RoofMeasurementService } from './roof-measurement.service';

/** The public calculator (config, roof measurement) and the owner's calculator settings. */
@Module({
  imports: [RateLimitModule, PlansModule],
  providers: [
    CalculatorService,
    CalculatorRepository,
    RoofMeasurementService,
    RoofMeasurementRepository,
    GoogleSolarService,
    CalculatorSettingsService,
    CalculatorSettingsRepository,
  ],
  exports: [CalculatorService, RoofMeasurementService, CalculatorSettingsService],
})
export class CalculatorModule {}

/** The api's calculator and calculator-settings routes. */
@Module({
  imports: [CalculatorModule, AuthModule],
  controllers: [CalculatorController, CalculatorSettingsController],
})
export class CalculatorApiModule {}
