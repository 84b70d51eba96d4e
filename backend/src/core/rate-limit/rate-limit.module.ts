import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimitService } from './rate-limit.service';
import { RetryAfterInterceptor } from './retry-after.interceptor';

/** Request limits for public endpoints; any module that throws RateLimitException gets Retry-After. */
@Module({
  providers: [RateLimitService, { provide: APP_INTERCEPTOR, useClass: RetryAfterInterceptor }],
  exports: [RateLimitService],
})
export class RateLimitModule {}
