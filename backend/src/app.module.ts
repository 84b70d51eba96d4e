import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { EventsModule } from './core/events/events.module';
import { HealthModule } from './core/health/health.module';
import { LoggingModule } from './core/logging/logging.module';
import { RealtimeModule } from './core/realtime/realtime.module';
import { RedisModule } from './core/redis/redis.module';
import { FEATURE_MODULES } from './features';
import { EstimateAccuracyModule } from './modules/analytics/accuracy/estimate-accuracy.module';
import { AnalyticsApiModule } from './modules/analytics/analytics.module';
import { LeadTrendsModule } from './modules/analytics/lead-trends/lead-trends.module';
import { ApiKeysApiModule } from './modules/api-keys/api-keys.module';
import { AuthApiModule, AuthModule } from './modules/auth/auth.module';
import { FollowupsApiModule } from './modules/followups/followups.module';
import { GoogleAuthModule } from './modules/auth/google/google-auth.module';
import { SessionsService } from './modules/auth/sessions.service';
import { BillingApiModule } from './modules/billing/billing.module';
import { CalculatorApiModule } from './modules/calculator/calculator.module';
import { CalendarApiModule } from './modules/calendar/calendar.module';
import { FollowUpsApiModule } from './modules/follow-ups/follow-ups.module';
import { LeadsApiModule } from './modules/leads/leads.module';
import { DevMailboxModule } from './modules/notifications/dev-mailbox.module';
import { ProfilesApiModule } from './modules/profiles/profiles.module';
import { PublicApiModule } from './modules/public-api/public-api.module';
import { TextsApiModule } from './modules/texts/texts.module';
import { WebhooksApiModule } from './modules/webhooks/webhooks.module';
import { VoiceModule } from './modules/voice/voice.module';

/** The api: the feature modules (as the worker has them) and their routes. */
@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    EventsModule,
    RealtimeModule.forApi({ imports: [AuthModule], useExisting: SessionsService }),
    HealthModule,
    ...FEATURE_MODULES,
    AuthApiModule,
    GoogleAuthModule,
    BillingApiModule,
    CalculatorApiModule,
    LeadsApiModule,
    ProfilesApiModule,
    ApiKeysApiModule,
    PublicApiModule,
    WebhooksApiModule,
    FollowUpsApiModule,
    TextsApiModule,
    FollowupsApiModule,
    CalendarApiModule,
    AnalyticsApiModule,
    EstimateAccuracyModule,
    LeadTrendsModule,
    DevMailboxModule,
    VoiceModule,
  ],
})
export class AppModule {}
