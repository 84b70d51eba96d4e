import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { CalculatorSettingsController } from './calculator-settings.controller';
import { CalculatorSettingsRepository } from './calculator-settings.repository';
import { CalculatorSettingsService } from './calculator-settings.service';

/**
 * The owner's calculator settings. A module of its own because it needs BillingModule for
 * gating, and BillingModule already depends on CalculatorModule (through LeadsModule).
 */
@Module({
  imports: [AuthModule, BillingModule],
  controllers: [CalculatorSettingsController],
  providers: [CalculatorSettingsService, CalculatorSettingsRepository],
})
export class CalculatorSettingsModule {}
