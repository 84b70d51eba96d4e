import { Module } from '@nestjs/common';
import { PaidCallBudget } from './paid-call-budget.service';
import { RateLimitService } from './rate-limit.service';

/**
 * Request limits for public endpoints (any module that throws RateLimitException gets
 * Retry-After from the global exception filter) and the daily cap on paid calls.
 */
@Module({
  providers: [RateLimitService, PaidCallBudget],
  exports: [RateLimitService, PaidCallBudget],
})
export class RateLimitModule {}
