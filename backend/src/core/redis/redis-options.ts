import type { RedisOptions } from 'bullmq';

/** BullMQ (ioredis) connection options from a redis:// or rediss:// URL (user, password, db number, TLS). */
export function redisOptionsFromUrl(url: string, overrides: RedisOptions = {}): RedisOptions {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace('/', '') || 0);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(Number.isInteger(db) && db > 0 ? { db } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    // Reconnect quickly once Redis is back; BullMQ's default waits up to 20 s between tries.
    retryStrategy: (times: number) => Math.min(times * 250, 2000),
    ...overrides,
  };
}
