import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { PrismaService } from '../database/prisma.service';
import { QUEUES } from '../queue/jobs';
import { OutboxRelay } from './outbox.relay';
import { Scheduled } from '../events/on-event.decorator';

/** Job name of the outbox sweep; scheduled by WorkerQueueModule. */
export const SWEEP_STUCK_OUTBOX = 'outbox.sweep-stuck';
export const OUTBOX_SWEEP_INTERVAL_MS = 10 * 60_000;

/** A published row is looked at once its job had this long to start. */
const STUCK_AFTER_MS = 10 * 60_000;
/**
 * ...and until this long after publishing. Completed jobs are kept longer than this
 * (COMPLETED_JOB_RETENTION_S), so a job missing inside the window was lost, not cleaned up.
 */
const STUCK_UNTIL_MS = 24 * 60 * 60_000;
/** Events older than this are not sent again however often their job got lost: never forever. */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
const BATCH_SIZE = 500;
const LOOKUPS_AT_ONCE = 50;

export const LOST_JOB_ERROR = 'Queued job was lost; sent again';

export interface OutboxSweepResult {
  /** Published rows whose job Redis no longer has, made unpublished so the relay sends them. */
  requeued: number;
  /** Rows parked for a topic nobody handled, released now that a handler exists. */
  released: number;
}

/**
 * Repairs what the relay alone cannot: a row is marked published once BullMQ accepted its job,
 * so if Redis later loses that job (restored from an old snapshot, flushed, failed over without
 * persistence) the event would never run. Jobs that exist in any state, including failed for
 * good (kept for operators), are left alone; handlers are idempotent, so sending a lost one
 * again is safe.
 */
@Injectable()
export class OutboxSweep {
  private readonly logger = new Logger(OutboxSweep.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly relay: OutboxRelay,
    @InjectQueue(QUEUES.events) private readonly queue: Queue,
  ) {}

  @Scheduled(SWEEP_STUCK_OUTBOX, OUTBOX_SWEEP_INTERVAL_MS)
  async run(): Promise<OutboxSweepResult> {
    const result = {
      requeued: await this.requeueLost(),
      released: await this.relay.releaseParked(),
    };
    if (result.requeued > 0) {
      this.logger.warn(result, 'Outbox events whose queued job was lost are sent again');
    }
    return result;
  }

  private async requeueLost(): Promise<number> {
    let total = 0;
    let after = { publishedAt: new Date(0), id: '00000000-0000-0000-0000-000000000000' };
    for (;;) {
      const rows = await this.prisma.$queryRaw<{ id: string; published_at: Date }[]>`
        SELECT id, published_at FROM outbox
        WHERE published_at IS NOT NULL
          AND published_at < now() - ${STUCK_AFTER_MS} * interval '1 millisecond'
          AND published_at > now() - ${STUCK_UNTIL_MS} * interval '1 millisecond'
          AND created_at > now() - ${GIVE_UP_AFTER_MS} * interval '1 millisecond'
          AND (published_at, id) > (${after.publishedAt}, ${after.id}::uuid)
        ORDER BY published_at, id
        LIMIT ${BATCH_SIZE}`;
      if (rows.length === 0) return total;
      const lost: string[] = [];
      for (let start = 0; start < rows.length; start += LOOKUPS_AT_ONCE) {
        const chunk = rows.slice(start, start + LOOKUPS_AT_ONCE);
        const states = await Promise.all(chunk.map((row) => this.queue.getJobState(row.id)));
        chunk.forEach((row, index) => {
          if (states[index] === 'unknown') lost.push(row.id);
        });
      }
      if (lost.length > 0) {
        total += await this.prisma.$executeRaw`
          UPDATE outbox SET published_at = NULL, available_at = now(), last_error = ${LOST_JOB_ERROR}
          WHERE id = ANY(${lost}::uuid[]) AND published_at IS NOT NULL`;
      }
      const last = rows[rows.length - 1]!;
      after = { publishedAt: last.published_at, id: last.id };
      if (rows.length < BATCH_SIZE) return total;
    }
  }
}
