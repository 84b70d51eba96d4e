import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, type Observable, of, throwError } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RedisService } from '../../core/redis/redis.service';
import { PublicApiException } from './public-api.exception';

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** How long a request may run before its key is free again (a crashed instance's request). */
const IN_FLIGHT_TTL_SECONDS = 60;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface StoredEntry {
  fingerprint: string;
  done: boolean;
  body?: unknown;
}

/** JSON with object keys sorted, so the same body sent with its keys in another order matches. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on the public API's writes (draft-ietf-httpapi-idempotency-key-header): the
 * first successful answer to a key is kept 24 hours, per API key, and sent again for a retry with
 * the same method, path and body (with `Idempotent-Replayed: true`); the same key with another
 * request is 409, as is a retry while the first is still running. A failed request keeps
 * nothing, so it can be retried with its key. Kept in Redis (docs/decisions/0027): every api
 * instance sees it, and it expires by itself.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const header = request.headers['idempotency-key'];
    const caller = request.apiCaller;
    // Reads are safe to repeat as they are: only writes are recorded.
    if (header === undefined || !caller || !WRITE_METHODS.has(request.method)) {
      return next.handle();
    }
    if (typeof header !== 'string' || !KEY_FORMAT.test(header)) {
      throw new PublicApiException('invalid_idempotency_key');
    }
    const digest = createHash('sha256').update(header).digest('hex');
    const storeKey = `${this.config.QUEUE_PREFIX}:idempotency:${caller.keyId}:${digest}`;
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url.split('?')[0]}\n${canonical(request.body ?? null)}`)
      .digest('hex');
    const stored = await this.claim(storeKey, fingerprint);
    if (stored) {
      void http.getResponse<FastifyReply>().header('idempotent-replayed', 'true');
      return of(stored.body);
    }
    return next.handle().pipe(
      mergeMap((body: unknown) => from(this.complete(storeKey, fingerprint, body))),
      // A failed request keeps nothing: the client may retry it with the same key. Redis failing
      // meanwhile does not replace the request's own error.
      catchError((error: unknown) =>
        from(this.redis.client.del(storeKey).catch(() => 0)).pipe(
          mergeMap(() => throwError(() => error)),
        ),
      ),
    );
  }

  /** Null when this request now holds the key; the stored answer when it is a replay. */
  private async claim(storeKey: string, fingerprint: string): Promise<StoredEntry | null> {
    const pending: StoredEntry = { fingerprint, done: false };
    const claimed = await this.redis.client.set(
      storeKey,
      JSON.stringify(pending),
      'EX',
      IN_FLIGHT_TTL_SECONDS,
      'NX',
    );
    if (claimed === 'OK') return null;
    const raw = await this.redis.client.get(storeKey);
    // Expired between the two commands: claim it again.
    if (raw === null) return this.claim(storeKey, fingerprint);
    const stored = JSON.parse(raw) as StoredEntry;
    if (stored.fingerprint !== fingerprint) throw new PublicApiException('idempotency_key_reused');
    if (!stored.done) throw new PublicApiException('idempotency_key_in_progress');
    return stored;
  }

  /**
   * Keeps the answer for replays. The write itself is done: when Redis fails now the client still
   * gets its answer (an error instead would make it retry, and a retry the key no longer knows
   * would do the write twice); the key stays in flight until it expires.
   */
  private async complete(storeKey: string, fingerprint: string, body: unknown): Promise<unknown> {
    const entry: StoredEntry = { fingerprint, done: true, body: body ?? null };
    try {
      await this.redis.client.set(storeKey, JSON.stringify(entry), 'EX', IDEMPOTENCY_TTL_SECONDS);
    } catch (error) {
      this.logger.warn(
        { err: String(error) },
        'Idempotency answer not kept: a retry with its key is refused until it expires',
      );
    }
    return body;
  }
}
