import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';

const TEN_MINUTES_MS = 10 * 60_000;

/**
 * Per-visitor limits on the public booking routes: reads share the lookup limit's size
 * (RATE_LIMIT_LOOKUP_PER_IP), writes the quote request's (RATE_LIMIT_CAPTURE_PER_IP), each in a
 * bucket of its own so booking never uses up a homeowner's quote requests.
 */
@Injectable()
export class BookingLimits {
  constructor(
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  read(ip: string): Promise<void> {
    return this.rateLimit.consumeForClient(
      {
        name: 'booking-read-ip',
        limit: this.config.RATE_LIMIT_LOOKUP_PER_IP,
        windowMs: TEN_MINUTES_MS,
      },
      ip,
    );
  }

  write(ip: string): Promise<void> {
    return this.rateLimit.consumeForClient(
      {
        name: 'booking-write-ip',
        limit: this.config.RATE_LIMIT_CAPTURE_PER_IP,
        windowMs: TEN_MINUTES_MS,
      },
      ip,
    );
  }
}
