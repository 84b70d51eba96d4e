import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  WEBHOOK_EXCERPT_MAX,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookRetryDelayMs,
} from '@rafter/domain/webhooks';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { JobHandlers } from '../../core/queue/job-handlers';
import { WebhookSender } from './webhook-sender';
import { signWebhook } from './webhook-signing';
import { messageId } from './webhooks.service';
import {
  type AttemptRecord,
  type ClaimedDelivery,
  WebhooksRepository,
} from './webhooks.repository';

/**
 * Sends due webhook deliveries: a pool of WEBHOOK_CONCURRENCY attempts in flight, refilled as each
 * one is recorded, with at most WEBHOOK_OWNER_CONCURRENCY of them for one contractor (claimed with
 * SKIP LOCKED, so several workers share the work). A slow receiver holds only its own slots: no
 * other delivery, no event handler and no other contractor waits for it (docs/webhooks.md,
 * "Fairness"). Each attempt is signed, posted and recorded with the delivery's next state (the
 * attempts that end together are written together). A failure is retried with exponential backoff
 * and jitter (domain/src/webhooks.ts) until its retry window of three days runs out; then the
 * delivery fails and its endpoint is disabled, and its owner is e-mailed
 * (`webhook-endpoint.disabled`). A Zapier hook whose target answers 410 Gone is deleted (the REST
 * hooks convention: the Zap was turned off). At least once: a worker dying mid-attempt leaves the
 * claim to expire, and the delivery is sent again with the same `webhook-id`.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly sender: WebhookSender;
  /** Attempts in flight per contractor (until recorded). */
  private readonly busy = new Map<string, number>();
  /** Every attempt in flight, settled once it is recorded. */
  private readonly attempts = new Set<Promise<void>>();
  private running = 0;
  /** The claims in progress, and what was asked of them (fill). */
  private filling?: Promise<number>;
  private wanted = { ids: new Set<string>(), scan: false, refill: false };
  /** Finished attempts waiting for the next write, and that write. */
  private finished: { record: AttemptRecord; delivery: ClaimedDelivery; done: () => void }[] = [];
  private recording?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly repository: WebhooksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    this.sender = new WebhookSender({
      allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      maxSockets: config.WEBHOOK_CONCURRENCY,
    });
  }

  /**
   * In the worker (the one process with job handlers), polls for due deliveries as the outbox
   * relay polls for events: retries, deliveries stored by the api (test events, resends, plan
   * changes), those that waited for an earlier one of their lead or for a free slot. A poll loop
   * rather than a BullMQ schedule: a job every second would keep 86,400 finished jobs a day in
   * Redis.
   */
  onApplicationBootstrap(): void {
    try {
      this.moduleRef.get(JobHandlers, { strict: false });
    } catch {
      return;
    }
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.filling?.catch(() => 0);
    await Promise.allSettled([...this.attempts]);
    this.sender.close();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.fill({ scan: true }).finally(() =>
        this.schedule(this.config.OUTBOX_POLL_INTERVAL_MS),
      );
    }, delay);
  }

  /**
   * Sends every due delivery the limits allow now and waits until those and every attempt
   * already in flight are recorded, claiming again as slots free, until nothing due is left to
   * claim or `budgetMs` has passed. Returns how many attempts it started.
   */
  async dispatch(options: { budgetMs?: number } = {}): Promise<number> {
    const until = Date.now() + (options.budgetMs ?? 20_000);
    let total = 0;
    for (;;) {
      total += await this.fill({ scan: true });
      // A claim asked for while that one ended runs right after it.
      while (this.filling) total += await this.filling;
      if (this.attempts.size === 0 || Date.now() >= until) return total;
      await Promise.race(this.attempts);
    }
  }

  /**
   * Starts the deliveries an event handler has just stored (by id: no scan of what else is due),
   * together with those of the other handlers of the same moment, as far as the limits allow;
   * the rest go out as slots free or at the next poll. Does not wait for them: an event handler
   * never waits for a receiver.
   */
  sendSoon(ids: string[]): void {
    for (const id of ids) this.wanted.ids.add(id);
    void this.fill();
  }

  /**
   * Claims into the free slots and starts what it claimed. One claim runs at a time; what is
   * asked for meanwhile (new ids, a scan) runs right after it. Resolves when nothing asked for is
   * left; never rejects.
   *
   * - `scan` (the poll, `dispatch`): everything due, oldest first, leaving out contractors at
   *   their limit, so that others' deliveries behind a long queue of theirs are reached.
   * - `refill` (an attempt ended): the same without leaving anyone out, which costs no more than
   *   the first rows of the queue; a contractor at its limit gets nothing from it.
   * - `wanted.ids` (sendSoon): only those deliveries.
   */
  private fill(ask: { scan?: boolean; refill?: boolean } = {}): Promise<number> {
    if (ask.scan) this.wanted.scan = true;
    if (ask.refill) this.wanted.refill = true;
    this.filling ??= this.claimWanted().finally(() => {
      this.filling = undefined;
      // Asked for between the last claim's end and this line: claim for it now.
      const { ids, scan, refill } = this.wanted;
      if (!this.stopped && (ids.size > 0 || scan || refill)) void this.fill();
    });
    return this.filling;
  }

  private async claimWanted(): Promise<number> {
    let started = 0;
    while (!this.stopped) {
      const { ids, scan, refill } = this.wanted;
      if (ids.size === 0 && !scan && !refill) break;
      this.wanted = { ids: new Set(), scan: false, refill: false };
      const free = this.config.WEBHOOK_CONCURRENCY - this.running;
      if (free <= 0) continue;
      try {
        const claimed = await this.repository.claim(
          free,
          this.config.WEBHOOK_OWNER_CONCURRENCY,
          this.busy,
          ids.size > 0 ? { ids: [...ids], skipFull: false } : { skipFull: scan },
        );
        for (const delivery of claimed) this.start(delivery);
        started += claimed.length;
        // The ids were asked for along with a scan or a refill: that one now.
        if (ids.size > 0 && (scan || refill)) {
          this.wanted.scan ||= scan;
          this.wanted.refill ||= refill;
        }
      } catch (error) {
        // The next poll tries again; its deliveries are stored and due.
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'Webhook dispatch failed; trying again',
        );
      }
    }
    return started;
  }

  private start(delivery: ClaimedDelivery): void {
    this.running += 1;
    this.busy.set(delivery.ownerId, (this.busy.get(delivery.ownerId) ?? 0) + 1);
    const attempt = new Promise<void>((done) => {
      this.attempt(delivery).then(
        (record) => this.finish({ record, delivery, done }),
        // attempt() turns every failure of the request into a record; this is a bug's path. The
        // claim expires and the delivery is tried again.
        (error: unknown) => {
          this.logger.error(
            { err: error instanceof Error ? error.message : String(error), id: delivery.id },
            'Webhook attempt failed unexpectedly',
          );
          done();
        },
      );
    }).finally(() => this.ended(delivery.ownerId, attempt));
    this.attempts.add(attempt);
  }

  /**
   * A slot freed. Claims again once half of the contractor's share is free (or all of it), or
   * when the pool had been full: claims of several rows, not one per attempt.
   */
  private ended(ownerId: string, attempt: Promise<void>): void {
    this.attempts.delete(attempt);
    const wasFull = this.running === this.config.WEBHOOK_CONCURRENCY;
    this.running -= 1;
    const left = this.busy.get(ownerId)! - 1;
    if (left === 0) this.busy.delete(ownerId);
    else this.busy.set(ownerId, left);
    const half = Math.floor(this.config.WEBHOOK_OWNER_CONCURRENCY / 2);
    if (!this.stopped && (wasFull || left === half || left === 0)) void this.fill({ refill: true });
  }

  /** Queues a finished attempt for the next write: the attempts that end together, in one. */
  private finish(item: (typeof this.finished)[number]): void {
    this.finished.push(item);
    this.recording ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const batch = this.finished;
      this.finished = [];
      this.recording = undefined;
      try {
        await this.record(
          batch.map((entry) => entry.record),
          batch.map((entry) => entry.delivery),
        );
      } catch (error) {
        // Not recorded: the claims expire and these deliveries are tried again (at least once).
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error), count: batch.length },
          'Webhook attempts not recorded; they will be retried',
        );
      } finally {
        for (const entry of batch) entry.done();
      }
    });
  }

  private async record(records: AttemptRecord[], claimed: ClaimedDelivery[]): Promise<void> {
    await this.repository.recordAttempts(records);
    // REST hooks' convention: a target answering 410 Gone unsubscribed (its Zap was deleted).
    const gone = records
      .filter((record) => record.statusCode === 410)
      .map((record) => claimed.find((d) => d.id === record.deliveryId)!)
      .filter((delivery) => delivery.source === 'zapier')
      .map((delivery) => delivery.endpointId);
    for (const endpointId of await this.repository.deleteGoneHooks([...new Set(gone)])) {
      this.logger.log({ endpointId }, 'Zapier hook removed: its target answered 410 Gone');
    }
    const exhausted = new Set(
      records
        .filter((record) => record.state === 'failed')
        .map((record) => claimed.find((d) => d.id === record.deliveryId)!.endpointId),
    );
    for (const endpointId of exhausted) {
      if (await this.repository.disableFailing(endpointId)) {
        this.logger.warn(
          { endpointId },
          'Webhook endpoint disabled: failing for the whole retry window',
        );
      }
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<AttemptRecord> {
    const now = new Date();
    const body = JSON.stringify(delivery.payload);
    const secrets = [delivery.secret];
    if (
      delivery.previousSecret &&
      delivery.previousSecretExpiresAt &&
      delivery.previousSecretExpiresAt > now
    ) {
      secrets.push(delivery.previousSecret);
    }
    const headers = signWebhook(secrets, messageId(delivery.id), now, body);
    const response = await this.sender.post(delivery.url, { ...headers }, body);
    const base = {
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      statusCode: response.statusCode,
      durationMs: response.durationMs,
      ok: response.ok,
      error: response.error,
      requestExcerpt: body.slice(0, WEBHOOK_EXCERPT_MAX),
      responseExcerpt: response.responseExcerpt,
    };
    if (response.ok) return { ...base, state: 'succeeded', nextAttemptAt: null };
    const next = new Date(Date.now() + webhookRetryDelayMs(delivery.attempts, Math.random()));
    if (next.getTime() - delivery.retryFrom.getTime() > WEBHOOK_RETRY_WINDOW_MS) {
      return { ...base, state: 'failed', nextAttemptAt: null };
    }
    return { ...base, state: 'pending', nextAttemptAt: next };
  }
}
