import { AnalyticsModule } from './modules/analytics/analytics.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { AuthModule } from './modules/auth/auth.module';
import { BillingModule } from './modules/billing/billing.module';
import { CalculatorModule } from './modules/calculator/calculator.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { DistributionModule } from './modules/distribution/distribution.module';
import { FollowUpsModule } from './modules/follow-ups/follow-ups.module';
import { FollowupsModule } from './modules/followups/followups.module';
import { LeadsModule } from './modules/leads/leads.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PlansModule } from './modules/plans/plans.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { TextsModule } from './modules/texts/texts.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';

/**
 * The feature modules, each with its services, event handlers and scheduled jobs, and no
 * controllers: the api (app.module.ts) and the worker (worker.module.ts) both import exactly
 * these, so a handler declared with @OnEvent or @Scheduled is found by both, whichever runs it.
 */
export const FEATURE_MODULES = [
  AuthModule,
  PlansModule,
  CalculatorModule,
  LeadsModule,
  DistributionModule,
  NotificationsModule,
  BillingModule,
  ProfilesModule,
  ApiKeysModule,
  WebhooksModule,
  FollowUpsModule,
  TextsModule,
  FollowupsModule,
  CalendarModule,
  AnalyticsModule,
];
