import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RedisService } from '../redis/redis.service';
import { RateLimitException } from './rate-limit.exception';

export interface RateLimitPolicy {
  /** Part of the Redis key, e.g. 'capture-ip'. */
  name: string;
  /** Requests allowed per window; 0 turns the limit off. */
  limit: number;
  windowMs: number;
}

/** A limit check that has not answered by then lets the request through. */
const REDIS_TIMEOUT_MS = 500;
const WARNING_INTERVAL_MS = 30_000;

/**
 * Fixed-window request limits in Redis, shared by every api instance: one counter per policy,
 * subject and window, incremented and given its expiry in one MULTI. When Redis is unreachable
 * the request is allowed (fail open): a lost quote request costs more than a few extra ones.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private lastWarning = 0;

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one request by `subject`; throws RateLimitException once the window's limit is spent. */
  async consume(policy: RateLimitPolicy, subject: string, now = Date.now()): Promise<void> {
    if (policy.limit <= 0) return;
    const window = Math.floor(now / policy.windowMs);
    const key = `${this.config.QUEUE_PREFIX}:rate:${policy.name}:${subject}:${window}`;
    const count = await this.increment(key, policy.windowMs);
    if (count === null || count <= policy.limit) return;
    const windowEnd = (window + 1) * policy.windowMs;
    this.logger.warn({ policy: policy.name, limit: policy.limit }, 'Rate limit reached');
    throw new RateLimitException(Math.max(1, Math.ceil((windowEnd - now) / 1000)));
  }

  /** The counter after this request, or null when Redis did not answer. */
  private async increment(key: string, windowMs: number): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const results = await Promise.race([
        this.redis.client.multi().incr(key).pexpire(key, windowMs).exec(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('Redis did not answer in time')),
            REDIS_TIMEOUT_MS,
          );
        }),
      ]);
      const [error, count] = results?.[0] ?? [new Error('Transaction discarded'), null];
      if (error) throw error;
      return Number(count);
    } catch (error) {
      if (Date.now() - this.lastWarning > WARNING_INTERVAL_MS) {
        this.lastWarning = Date.now();
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'Rate limits are off while Redis is unreachable; requests are allowed',
        );
      }
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}
