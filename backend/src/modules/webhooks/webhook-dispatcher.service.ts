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
 * Sends due webhook deliveries: claims a batch (SKIP LOCKED, so several workers share the work),
 * signs and posts each, and records every attempt with the delivery's next state. A failure is
 * retried with exponential backoff and jitter (domain/src/webhooks.ts) until its retry window of
 * three days runs out; then the delivery fails and its endpoint is disabled, and its owner is
 * e-mailed (`webhook-endpoint.disabled`). A Zapier hook whose target answers 410 Gone is deleted
 * (the REST hooks convention: the Zap was turned off). At least once: a worker dying mid-attempt leaves the
 * claim to expire, and the delivery is sent again with the same `webhook-id`.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly sender: WebhookSender;
  private readonly soon = new Set<string>();
  private flushing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;
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
   * changes) and those that waited for an earlier one of their lead. A poll loop rather than a
   * BullMQ schedule: a job every second would keep 86,400 finished jobs a day in Redis.
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
    await this.polling;
    this.sender.close();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.polling = this.dispatch()
        .then(() => undefined)
        .catch((error: unknown) => {
          this.logger.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'Webhook dispatch failed; trying again',
          );
        })
        .finally(() => {
          this.polling = undefined;
          this.schedule(this.config.OUTBOX_POLL_INTERVAL_MS);
        });
    }, delay);
  }

  /**
   * Sends every due delivery (or only `ids`, when they are due), a batch at a time, until none is
   * left or `budgetMs` has passed. Returns how many attempts were made.
   */
  async dispatch(options: { ids?: string[]; budgetMs?: number } = {}): Promise<number> {
    const until = Date.now() + (options.budgetMs ?? 20_000);
    const batch = this.config.WEBHOOK_CONCURRENCY;
    let total = 0;
    for (;;) {
      const claimed = await this.repository.claim(options.ids?.length ?? batch, options.ids);
      if (claimed.length > 0) await this.sendBatch(claimed);
      total += claimed.length;
      if (claimed.length < batch || options.ids || Date.now() >= until) return total;
    }
  }

  /**
   * Sends these new deliveries now, together with those other handlers running at the same
   * moment asked for (one claim and one write for all of them). Resolves once they were tried.
   */
  sendSoon(ids: string[]): Promise<void> {
    for (const id of ids) this.soon.add(id);
    this.flushing ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        const batch = [...this.soon];
        this.soon.clear();
        this.flushing = undefined;
        this.dispatch({ ids: batch }).then(() => resolve(), reject);
      });
    });
    return this.flushing;
  }

  private async sendBatch(claimed: ClaimedDelivery[]): Promise<void> {
    const records = await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
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
