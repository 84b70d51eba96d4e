import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/**
 * The api's shared Redis connection for commands that must not wait while Redis is down
 * (health checks, rate limits): with the offline queue disabled they fail at once instead.
 * Commands issued in the same turn of the event loop (the rate limits and form tokens of the
 * quote requests arriving together) go to Redis in one write (auto-pipelining), not one each.
 */
@Injectable()
export class RedisService implements OnModuleInit, OnModuleDestroy {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      enableAutoPipelining: true,
    });
    // Connection errors are reported by health checks; without a listener ioredis logs each retry.
    this.client.on('error', () => {});
  }

  /** Waits briefly for the first connection; the api still starts (and keeps saving leads) without Redis. */
  async onModuleInit(): Promise<void> {
    if (this.client.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, 2000);
      this.client.once('ready', done);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.client.disconnect();
  }
}
