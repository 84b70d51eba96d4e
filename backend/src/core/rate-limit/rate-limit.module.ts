import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PaidCallBudget } from './paid-call-budget.service';
import { RateLimitService } from './rate-limit.service';
import { RetryAfterInterceptor } from './retry-after.interceptor';

/**
 * Request limits for public endpoints (any module that throws RateLimitException gets
 * Retry-After) and the daily cap on paid calls.
 */
@Module({
  providers: [
    RateLimitService,
    PaidCallBudget,
    { provide: APP_INTERCEPTOR, useClass: RetryAfterInterceptor },
  ],
  exports: [RateLimitService, PaidCallBudget],
})
export class RateLimitModule {}
