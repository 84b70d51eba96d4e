import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuthModule } from '../auth/auth.module';
import { LeadsModule } from '../leads/leads.module';
import { PlansModule } from '../plans/plans.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ApiKeyGuard } from './api-key.guard';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { PublicApiService } from './public-api.service';
import { V1AccountController } from './v1-account.controller';
import { V1HooksController } from './v1-hooks.controller';
import { V1LeadsController } from './v1-leads.controller';
import { V1WebhookEndpointsController } from './v1-webhook-endpoints.controller';

/**
 * The versioned public API, /api/v1 (docs/api.md): API keys only (ApiKeyGuard), per-key rate
 * limits, scopes per operation, Idempotency-Key on writes, RFC 9457 problem details, and its own
 * OpenAPI document (/api/v1/openapi.json). Api only: the worker has no routes.
 */
@Module({
  imports: [ApiKeysModule, AuthModule, LeadsModule, PlansModule, RateLimitModule, WebhooksModule],
  controllers: [
    V1LeadsController,
    V1AccountController,
    V1WebhookEndpointsController,
    V1HooksController,
  ],
  providers: [PublicApiService, ApiKeyGuard, IdempotencyInterceptor],
})
export class PublicApiModule {}
