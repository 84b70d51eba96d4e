import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { HealthModule } from './core/health/health.module';
import { LoggingModule } from './core/logging/logging.module';
import { RedisModule } from './core/redis/redis.module';
import { AuthModule } from './modules/auth/auth.module';
import { GoogleAuthModule } from './modules/auth/google/google-auth.module';
import { BillingModule } from './modules/billing/billing.module';
import { CalculatorSettingsModule } from './modules/calculator/calculator-settings.module';
import { CalculatorModule } from './modules/calculator/calculator.module';
import { LeadsModule } from './modules/leads/leads.module';
import { DevMailboxModule } from './modules/notifications/dev-mailbox.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { VoiceModule } from './modules/voice/voice.module';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    HealthModule,
    AuthModule,
    GoogleAuthModule,
    BillingModule,
    CalculatorModule,
    CalculatorSettingsModule,
    LeadsModule,
    ProfilesModule,
    DevMailboxModule,
    VoiceModule,
  ],
})
export class AppModule {}
