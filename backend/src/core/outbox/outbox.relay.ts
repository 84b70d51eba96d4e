import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PrismaService } from '../database/prisma.service';
import { JobHandlers } from '../queue/job-handlers';
import { QUEUES } from '../queue/jobs';
import { producerQueueOptions } from '../queue/queue.module';

const BATCH_SIZE = 200;
/** A row whose topic has no handler waits this long before the relay looks at it again. */
const UNKNOWN_TOPIC_DELAY_MS = 10 * 60_000;
export const NO_HANDLER_ERROR = 'No job handler for this topic';

/** The queue refused a batch; the rows stay unpublished and are retried on the next tick. */
class QueueUnavailableError extends Error {
  constructor(
    readonly ids: string[],
    message: string,
  ) {
    super(message);
  }
}

interface PendingRow {
  id: string;
  topic: string;
  payload: unknown;
}

/**
 * Moves committed outbox rows to BullMQ. Rows are claimed with FOR UPDATE SKIP LOCKED (several
 * workers may relay at once), added with jobId = outbox id (BullMQ ignores a duplicate id, so a
 * crash between add and commit never runs a job twice), then marked published. While Redis is
 * down the rows simply stay unpublished and are relayed when it is back.
 */
@Injectable()
export class OutboxRelay implements OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queue: Queue;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private redisDown = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = new Queue(QUEUES.events, producerQueueOptions(config));
    this.queue.on('error', () => {});
  }

  /** Starts polling, after checking that every waiting event has a handler. */
  async start(): Promise<void> {
    await this.assertEveryTopicHasAHandler();
    await this.releaseParked();
    this.schedule(0);
  }

  /**
   * Rows parked because no handler existed (an older worker relayed a newer api's event) are due
   * at once when this worker has that handler, instead of waiting out their delay.
   */
  async releaseParked(): Promise<number> {
    const topics = this.handlers.names();
    if (topics.length === 0) return 0;
    return this.prisma.$executeRaw`
      UPDATE outbox SET available_at = now()
      WHERE published_at IS NULL AND available_at > now() AND last_error = ${NO_HANDLER_ERROR}
        AND topic = ANY(${topics}::text[])`;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.queue.close();
  }

  /** Relays everything due now; returns how many rows were published. */
  async relayOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.relayBatch();
      total += published;
      if (published < BATCH_SIZE) return total;
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        this.schedule(this.config.OUTBOX_POLL_INTERVAL_MS);
      });
    }, delay);
  }

  private async tick(): Promise<void> {
    try {
      await this.relayOnce();
      if (this.redisDown) this.logger.log('Redis is reachable again; outbox relay resumed');
      this.redisDown = false;
    } catch (error) {
      if (error instanceof QueueUnavailableError)
        await this.recordFailure(error.ids, error.message);
      if (!this.redisDown) {
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'Outbox relay paused: events stay in the outbox until the queue is reachable',
        );
      }
      this.redisDown = true;
    }
  }

  private async relayBatch(): Promise<number> {
    return this.prisma.$transaction(
      async (tx) => {
        const rows = await tx.$queryRaw<PendingRow[]>`
          SELECT id, topic, payload FROM outbox
          WHERE published_at IS NULL AND available_at <= now()
          ORDER BY available_at, created_at
          LIMIT ${BATCH_SIZE}
          FOR UPDATE SKIP LOCKED`;
        if (rows.length === 0) return 0;

        const known = rows.filter((row) => this.handlers.has(row.topic));
        const unknown = rows.filter((row) => !this.handlers.has(row.topic));
        if (known.length) {
          try {
            await this.queue.addBulk(
              known.map((row) => ({ name: row.topic, data: row.payload, opts: { jobId: row.id } })),
            );
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            throw new QueueUnavailableError(
              known.map((row) => row.id),
              message,
            );
          }
          await tx.$executeRaw`
            UPDATE outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL
            WHERE id = ANY(${known.map((row) => row.id)}::uuid[])`;
        }
        for (const row of unknown) {
          this.logger.error(
            { outboxId: row.id, topic: row.topic },
            'Outbox topic has no job handler',
          );
        }
        if (unknown.length) {
          await tx.$executeRaw`
            UPDATE outbox SET attempts = attempts + 1, last_error = ${NO_HANDLER_ERROR},
              available_at = now() + ${UNKNOWN_TOPIC_DELAY_MS} * interval '1 millisecond'
            WHERE id = ANY(${unknown.map((row) => row.id)}::uuid[])`;
        }
        return rows.length;
      },
      { timeout: 15_000 },
    );
  }

  /** Notes a failed attempt after the batch rolled back, so stuck rows are visible. */
  private async recordFailure(ids: string[], message: string): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE outbox SET attempts = attempts + 1, last_error = ${message.slice(0, 500)}
      WHERE id = ANY(${ids}::uuid[])`.catch(() => {});
  }

  /** A queued event nobody can handle is a deployment mistake: refuse to start. */
  private async assertEveryTopicHasAHandler(): Promise<void> {
    const topics = await this.prisma.$queryRaw<{ topic: string }[]>`
      SELECT DISTINCT topic FROM outbox WHERE published_at IS NULL`;
    const missing = topics.map((row) => row.topic).filter((topic) => !this.handlers.has(topic));
    if (missing.length) {
      throw new Error(`Outbox holds events with no job handler: ${missing.join(', ')}`);
    }
  }
}
