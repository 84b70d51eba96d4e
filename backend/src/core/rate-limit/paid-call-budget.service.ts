import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RedisService } from '../redis/redis.service';

/** Services that bill us per call, and the setting that caps each per UTC day. */
export const PAID_SERVICES = {
  solar: 'DAILY_CAP_SOLAR_CALLS',
  retell: 'DAILY_CAP_RETELL_CALLS',
} as const satisfies Record<string, keyof AppConfig>;

export type PaidService = keyof typeof PAID_SERVICES;

/** The log line operators alert on; keep it word for word (docs/operations.md). */
export const DAILY_CAP_REACHED = 'Daily cap on paid calls reached';

const REDIS_TIMEOUT_MS = 500;
const WARNING_INTERVAL_MS = 30_000;
/** A day's counter outlives its day a little, so the last calls of the day still find it. */
const COUNTER_TTL_SECONDS = 2 * 24 * 3600;

/**
 * A global daily cap on calls we pay for (Google Solar, Retell), counted in Redis across every
 * api instance per UTC day. Past the cap the caller falls back (the roof simulation, a clear
 * error for demo calls), and the first refusal of the day logs DAILY_CAP_REACHED at error level
 * once, whichever instance meets it. When Redis cannot count, nothing is spent (fail closed):
 * unlike a quote request, a paid call has a free fallback.
 */
@Injectable()
export class PaidCallBudget {
  private readonly logger = new Logger(PaidCallBudget.name);
  private lastWarning = 0;

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Takes one call from today's allowance of `service`; false when none is left or unknown. */
  async spend(service: PaidService, now = new Date()): Promise<boolean> {
    const cap = this.config[PAID_SERVICES[service]];
    if (cap <= 0) return true;
    const day = now.toISOString().slice(0, 10);
    const count = await this.increment(`${this.config.QUEUE_PREFIX}:paid:${service}:${day}`);
    if (count === null) return false;
    if (count <= cap) return true;
    // Exactly one request, on one instance, sees the first count past the cap.
    if (count === cap + 1) this.logger.error({ service, cap, day }, DAILY_CAP_REACHED);
    return false;
  }

  private async increment(key: string): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const results = await Promise.race([
        this.redis.client.multi().incr(key).expire(key, COUNTER_TTL_SECONDS).exec(),
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
          'Paid calls are paused while Redis cannot count them',
        );
      }
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}
