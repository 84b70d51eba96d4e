import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type FormTokenCheck,
  type FormTokenClaims,
  type FormTokenResponse,
  type ProofOfWorkChallenge,
} from '@rafter/domain/lead';
import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { oneBatchAtATime } from '../../core/database/batching';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { RedisService } from '../../core/redis/redis.service';

/** Prefix of every token this version signs; another one is refused, not misread. */
const TOKEN_VERSION = 'v1';
/** Longer than any token we sign: a longer string is refused before any work is done on it. */
const TOKEN_MAX_LENGTH = 512;
/** A renewed token keeps the first one's start only this long after that start. */
const RENEWAL_WINDOW_MS = 24 * 3600_000;
/** A calculator stays in burst mode this long after its last request over the threshold. */
export const BURST_DURATION_MS = 10 * 60_000;
const MINUTE_MS = 60_000;
const TEN_MINUTES_MS = 10 * MINUTE_MS;
/** Key derivation of the challenge: PBKDF2 runs natively in browsers (Web Crypto) and in Node. */
const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per key tried: with FORM_CHALLENGE_MAX_NUMBER, the work of one solution. */
const CHALLENGE_COST = 1_000;
/** A Redis check that has not answered by then lets the request through, as rate limits do. */
const REDIS_TIMEOUT_MS = 500;
const WARNING_INTERVAL_MS = 30_000;
/** The most tokens one Redis round trip spends (a thousand took 7-17 ms, encoding included). */
const REDEMPTIONS_PER_BATCH = 1_000;

/** Subject of the main site's counters: it has no contractor. */
const MAIN_SITE = 'main-site';

/**
 * The tokens of quote requests arriving together, in order; token i has keys 3i-2 (its
 * calculator's counter for this minute), 3i-1 (its calculator's burst flag) and 3i (its nonce),
 * and arguments 1+2i (how long a spent nonce is kept, ms) and 2+2i ('1' when a solved challenge
 * came with it). Unless ARGV[1] is 0, each counts its request for its calculator and turns burst
 * mode on past ARGV[1] a minute, for ARGV[2] ms. Then it is 'challenge' while burst mode is on
 * and no solved challenge came, leaving the token unspent; else its nonce is spent and it is
 * 'ok', or 'spent' when it was spent before. One round trip for all of them, atomic, and each
 * token sees the counts of those before it, as if each had run alone in turn.
 */
const REDEEM = `
local threshold = tonumber(ARGV[1])
local results = {}
for i = 1, #KEYS / 3 do
  local activity, burstKey, spent = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  local burst = 0
  if threshold > 0 then
    local count = redis.call('INCR', activity)
    if count == 1 then redis.call('PEXPIRE', activity, 120000) end
    if count > threshold then redis.call('SET', burstKey, '1', 'PX', ARGV[2]) end
    burst = redis.call('EXISTS', burstKey)
  end
  if burst == 1 and ARGV[2 + 2 * i] == '0' then
    results[i] = 'challenge'
  elseif redis.call('SET', spent, '1', 'NX', 'PX', ARGV[1 + 2 * i]) then
    results[i] = 'ok'
  else
    results[i] = 'spent'
  end
end
return results`;

/** One token to spend (REDEEM's keys and arguments of one request). */
interface Redemption {
  activity: string;
  burst: string;
  spent: string;
  spentMs: number;
  solved: boolean;
}

interface FormTokenCommands {
  /** REDEEM: the number of keys, the keys, then the arguments. */
  rafterFormRedeem(...keysThenArguments: (string | number)[]): Promise<RedeemResult[]>;
}

/** What spending a token found: usable, used before, or a challenge to solve first. */
export type RedeemResult = 'ok' | 'spent' | 'challenge';

interface SignedClaims {
  /** Owner id, or null on the main site. */
  o: string | null;
  s: number;
  i: number;
  e: number;
  n: string;
}

function keyFor(authSecret: string, purpose: string): Buffer {
  return createHmac('sha256', authSecret).update(purpose).digest();
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), REDIS_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Form tokens: what the estimator widget fetches when it loads and sends with its quote request,
 * so that a request is accepted only from a page that asked for one first, no sooner than a
 * person could fill the form, and once. `v1.<claims>.<signature>`, base64url, HMAC-SHA256 with a
 * key derived from AUTH_SECRET (the same on every api instance). Single use is kept in Redis;
 * when Redis cannot answer, a validly signed, unexpired token is accepted (a lost quote request
 * costs more than a replayed one), as are the rate limits. Under a burst of quote requests for
 * one calculator, they need a solved proof-of-work challenge (ALTCHA, altcha-lib) bound to their
 * token. docs/security.md has the trade-offs.
 */
@Injectable()
export class FormTokenService {
  private readonly logger = new Logger(FormTokenService.name);
  private readonly key: Buffer;
  private readonly challengeSecret: string;
  private readonly challengeKeySecret: string;
  private readonly ttlMs: number;
  private lastWarning = 0;
  /**
   * One Redis round trip for the tokens of quote requests arriving together. While Redis does not
   * answer, each batch waits out its timeout before the next starts: up to a thousand a batch
   * keeps the api taking thousands of quote requests a second even then.
   */
  private readonly redemptions = oneBatchAtATime<Redemption, RedeemResult>(
    (batch) => this.redeemTogether(batch),
    REDEMPTIONS_PER_BATCH,
  );

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimit: RateLimitService,
  ) {
    this.key = keyFor(config.AUTH_SECRET, 'rafter form token');
    this.challengeSecret = keyFor(config.AUTH_SECRET, 'rafter form challenge').toString('hex');
    this.challengeKeySecret = keyFor(config.AUTH_SECRET, 'rafter form challenge key').toString(
      'hex',
    );
    this.ttlMs = config.FORM_TOKEN_TTL_MINUTES * MINUTE_MS;
    const commands = this.redis.client as unknown as { defineCommand: DefineCommand };
    commands.defineCommand('rafterFormRedeem', { lua: REDEEM });
  }

  /**
   * A new token for the calculator of `ownerId` (null: the main site), with a challenge bound to
   * it while the calculator is under a burst (the widget solves it before sending). A validly
   * signed `previous` token of the same calculator passes its start on, so a renewed token does
   * not make a person who took their time look fast.
   */
  async issue(
    ownerId: string | null,
    previous: string | undefined,
    clientIp: string,
    now = new Date(),
  ): Promise<FormTokenResponse> {
    // Counted with the visitor's share-page and price lookups: a widget loads each once, while a
    // script farming tokens to fill a contractor's month needs one per request.
    await this.rateLimit.consumeForClient(
      { name: 'lookup-ip', limit: this.config.RATE_LIMIT_LOOKUP_PER_IP, windowMs: TEN_MINUTES_MS },
      clientIp,
    );
    const earlier = previous ? this.read(previous, now, { ignoreExpiry: true }) : null;
    const carried =
      earlier &&
      'claims' in earlier &&
      earlier.claims.ownerId === ownerId &&
      now.getTime() - earlier.claims.startedAt <= RENEWAL_WINDOW_MS
        ? earlier.claims.startedAt
        : null;
    const claims = this.claims(ownerId, now, carried ?? now.getTime());
    const burst = await this.inBurst(ownerId);
    return {
      token: this.sign(claims),
      expiresIn: Math.floor(this.ttlMs / 1000),
      challenge: burst ? await this.challenge(claims) : null,
    };
  }

  /**
   * A token signed now for `ownerId`, as if the widget had loaded at `startedAt`; no Redis. What
   * `issue` hands out, for callers that measure or test capture without the token endpoint.
   */
  signFor(ownerId: string | null, startedAt: Date, now = startedAt): string {
    return this.sign(this.claims(ownerId, now, startedAt.getTime()));
  }

  /** The claims of a token this api signed and that has not expired, or why not. */
  check(token: string | undefined, now = new Date()): FormTokenCheck {
    if (token === undefined || token === '') return { problem: 'missing' };
    return this.read(token, now, { ignoreExpiry: false });
  }

  /**
   * Spends the token of a quote request that passed every other check. While its calculator is
   * under a burst, that needs `solution`, a solved challenge bound to this token; without one
   * the answer is 'challenge' and the token stays unspent. Without Redis: 'ok'.
   */
  async redeem(
    claims: FormTokenClaims,
    solution: string | undefined,
    now = new Date(),
  ): Promise<RedeemResult> {
    const solved = solution !== undefined && (await this.solved(solution, claims));
    const subject = claims.ownerId ?? MAIN_SITE;
    return this.redemptions.load({
      activity: this.activityKey(subject, now),
      burst: this.burstKey(subject),
      spent: `${this.config.QUEUE_PREFIX}:form:spent:${claims.nonce}`,
      // Past the token's expiry it is refused anyway; a minute more covers clock drift.
      spentMs: Math.max(claims.expiresAt - now.getTime(), 0) + MINUTE_MS,
      solved,
    });
  }

  /** Spends the tokens of quote requests arriving together in one round trip (REDEEM). */
  private async redeemTogether(batch: readonly Redemption[]): Promise<RedeemResult[]> {
    const keys: string[] = [];
    const args: (string | number)[] = [this.config.FORM_BURST_PER_MINUTE, BURST_DURATION_MS];
    for (const item of batch) {
      keys.push(item.activity, item.burst, item.spent);
      args.push(item.spentMs, item.solved ? '1' : '0');
    }
    try {
      return await withTimeout(this.commands.rafterFormRedeem(keys.length, ...keys, ...args));
    } catch (error) {
      this.warnRedisDown(error);
      return batch.map(() => 'ok');
    }
  }

  /** A challenge bound to this token, for the 428 answer of a request that came without one. */
  async challenge(claims: FormTokenClaims): Promise<ProofOfWorkChallenge> {
    const challenge = await createChallenge({
      algorithm: CHALLENGE_ALGORITHM,
      cost: CHALLENGE_COST,
      counter: randomInt(this.config.FORM_CHALLENGE_MAX_NUMBER),
      deriveKey,
      data: { nonce: claims.nonce },
      expiresAt: Math.ceil(claims.expiresAt / 1000),
      hmacSignatureSecret: this.challengeSecret,
      hmacKeySignatureSecret: this.challengeKeySecret,
    });
    return { parameters: { ...challenge.parameters }, signature: challenge.signature };
  }

  private claims(ownerId: string | null, now: Date, startedAt: number): FormTokenClaims {
    const issuedAt = now.getTime();
    return {
      ownerId,
      startedAt,
      issuedAt,
      expiresAt: issuedAt + this.ttlMs,
      nonce: randomBytes(16).toString('base64url'),
    };
  }

  private sign(claims: FormTokenClaims): string {
    const signed: SignedClaims = {
      o: claims.ownerId,
      s: claims.startedAt,
      i: claims.issuedAt,
      e: claims.expiresAt,
      n: claims.nonce,
    };
    const body = `${TOKEN_VERSION}.${Buffer.from(JSON.stringify(signed)).toString('base64url')}`;
    return `${body}.${this.signature(body).toString('base64url')}`;
  }

  private read(token: string, now: Date, options: { ignoreExpiry: boolean }): FormTokenCheck {
    if (token.length > TOKEN_MAX_LENGTH) return { problem: 'invalid' };
    const [version, encoded, signed, extra] = token.split('.');
    if (version !== TOKEN_VERSION || !encoded || !signed || extra !== undefined) {
      return { problem: 'invalid' };
    }
    const expected = this.signature(`${version}.${encoded}`);
    const given = Buffer.from(signed, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { problem: 'invalid' };
    }
    let claims: Partial<SignedClaims>;
    try {
      claims = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SignedClaims;
    } catch {
      return { problem: 'invalid' };
    }
    const { o, s, i, e, n } = claims;
    if (
      !(o === null || typeof o === 'string') ||
      typeof s !== 'number' ||
      typeof i !== 'number' ||
      typeof e !== 'number' ||
      typeof n !== 'string'
    ) {
      return { problem: 'invalid' };
    }
    if (!options.ignoreExpiry && e <= now.getTime()) return { problem: 'expired' };
    return { claims: { ownerId: o, startedAt: s, issuedAt: i, expiresAt: e, nonce: n } };
  }

  private signature(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }

  /** Whether `solution` (base64 JSON { challenge, solution }) solves a challenge for this token. */
  private async solved(solution: string, claims: FormTokenClaims): Promise<boolean> {
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as Payload;
    } catch {
      return false;
    }
    const challenge = payload?.challenge;
    if (typeof challenge !== 'object' || challenge === null) return false;
    const parameters = (challenge as { parameters?: { data?: { nonce?: unknown } } }).parameters;
    if (parameters?.data?.nonce !== claims.nonce) return false;
    try {
      const result = await verifySolution({
        challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.challengeSecret,
        hmacKeySignatureSecret: this.challengeKeySecret,
      });
      return result.verified;
    } catch {
      return false;
    }
  }

  /** Whether the calculator is under a burst of quote requests; false without Redis. */
  private async inBurst(ownerId: string | null): Promise<boolean> {
    if (this.config.FORM_BURST_PER_MINUTE <= 0) return false;
    try {
      const flag = await withTimeout(this.redis.client.exists(this.burstKey(ownerId ?? MAIN_SITE)));
      return flag === 1;
    } catch (error) {
      this.warnRedisDown(error);
      return false;
    }
  }

  private activityKey(subject: string, now: Date): string {
    return `${this.config.QUEUE_PREFIX}:form:activity:${subject}:${Math.floor(now.getTime() / MINUTE_MS)}`;
  }

  private burstKey(subject: string): string {
    return `${this.config.QUEUE_PREFIX}:form:burst:${subject}`;
  }

  private get commands(): FormTokenCommands {
    return this.redis.client as unknown as FormTokenCommands;
  }

  private warnRedisDown(error: unknown): void {
    if (Date.now() - this.lastWarning < WARNING_INTERVAL_MS) return;
    this.lastWarning = Date.now();
    this.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'Form tokens are not checked for reuse or bursts while Redis is unreachable',
    );
  }
}

type DefineCommand = (name: string, definition: { numberOfKeys?: number; lua: string }) => void;
