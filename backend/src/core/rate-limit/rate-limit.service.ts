import { Inject, Injectable, Logger } from '@nestjs/common';
import RateLimiter from 'async-ratelimiter';
import { type Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RedisService } from '../redis/redis.service';
import { RateLimitException } from './rate-limit.exception';

export interface RateLimitPolicy {
  /** Part of the Redis key, e.g. 'capture-ip'. */
  name: string;
  /** Requests allowed in any window of `windowMs`; 0 turns the limit off. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  limited: boolean;
  remaining: number;
  resetSeconds: number;
}

/** async-ratelimiter's Lua script for ioredis' defineCommand (in its README, not its types). */
const SLIDING_WINDOW_SCRIPT = (
  RateLimiter as unknown as {
    defineCommand: { ratelimiter: { numberOfKeys: number; lua: string } };
  }
).defineCommand.ratelimiter;

/** A limit check that has not answered by then lets the request through. */
const REDIS_TIMEOUT_MS = 500;
const WARNING_INTERVAL_MS = 30_000;
const COMMAND = 'slidingWindowLimit';

/** async-ratelimiter's script, loaded into our connection: key, now (ms), window, limit, peek. */
type LimiterCommand = (
  key: string,
  nowMs: number,
  windowMs: number,
  limit: number,
  peek: '0' | '1',
) => Promise<[remaining: number, resetSeconds: number, total: number]>;

/**
 * Whom a per-IP limit counts: an IPv4 address, or the /64 network of an IPv6 one. A single
 * IPv6 subscriber is usually handed a whole /64, so counting each address apart would give one
 * client billions of allowances. IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientSubject(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * Sliding-window request limits in Redis, shared by every api instance: each policy and subject
 * keeps the times of its allowed requests within the window (a sorted set), so a client that
 * spent its limit waits until its oldest request leaves the window; there is no window edge at
 * which a second burst becomes allowed. The check is async-ratelimiter's Lua script, one round
 * trip. A refused request is not recorded, so it does not prolong the wait. When Redis is
 * unreachable the request is allowed (fail open): a lost quote request costs more than a few
 * extra ones.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private lastWarning = 0;
  private readonly limit: LimiterCommand;

  constructor(
    redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const client = redis.client as Redis & { [COMMAND]?: LimiterCommand };
    if (!client[COMMAND]) client.defineCommand(COMMAND, SLIDING_WINDOW_SCRIPT);
    this.limit = client[COMMAND]!.bind(client);
  }

  /** Counts one request of the client at `clientIp` (grouped as clientSubject does). */
  consumeForClient(policy: RateLimitPolicy, clientIp: string, now?: number): Promise<void> {
    return this.consume(policy, clientSubject(clientIp), now);
  }

  /**
   * Counts one request by `subject`; throws RateLimitException when `policy.limit` requests are
   * already in the window ending now. `now` has sub-millisecond precision: the script tells
   * requests apart by their time.
   */
  async consume(
    policy: RateLimitPolicy,
    subject: string,
    now = performance.timeOrigin + performance.now(),
  ): Promise<void> {
    const state = await this.take(policy, subject, now);
    if (state?.limited) {
      this.logger.warn({ policy: policy.name, limit: policy.limit }, 'Rate limit reached');
      throw new RateLimitException(state.resetSeconds);
    }
  }

  /**
   * Counts one request by `subject` and says where the window stands, for clients that are told
   * (the public API's RateLimit headers): requests left after this one, seconds until the oldest
   * counted request leaves the window, and whether this one was refused (then not counted).
   * Null when the limit is off or Redis did not answer (the request is allowed).
   */
  async take(
    policy: RateLimitPolicy,
    subject: string,
    now = performance.timeOrigin + performance.now(),
  ): Promise<RateLimitState | null> {
    if (policy.limit <= 0) return null;
    const key = `${this.config.QUEUE_PREFIX}:rate:${policy.name}:${subject}`;
    const result = await this.check(key, now, policy);
    if (result === null) return null;
    const resetSeconds = Math.max(1, Math.ceil(result.resetSeconds - now / 1000));
    return result.remaining > 0
      ? { limited: false, remaining: result.remaining - 1, resetSeconds }
      : { limited: true, remaining: 0, resetSeconds };
  }

  /** What the script answered (remaining before this request), or null when Redis did not. */
  private async check(
    key: string,
    now: number,
    policy: RateLimitPolicy,
  ): Promise<{ remaining: number; resetSeconds: number } | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const [remaining, resetSeconds] = await Promise.race([
        this.limit(key, now, policy.windowMs, policy.limit, '0'),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('Redis did not answer in time')),
            REDIS_TIMEOUT_MS,
          );
        }),
      ]);
      return { remaining: Number(remaining), resetSeconds: Number(resetSeconds) };
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
