import { type Logger } from '@nestjs/common';
import { type Queue } from 'bullmq';

/**
 * Runs job `name` every `everyMs` with a BullMQ job scheduler. One scheduler serves all workers:
 * each upserts the same id at start, which is idempotent. While Redis is down this waits for it
 * like the rest of the worker, without blocking start-up.
 */
export function scheduleEvery(queue: Queue, name: string, everyMs: number, logger: Logger): void {
  queue
    .upsertJobScheduler(name, { every: everyMs }, { name })
    .catch((error: unknown) =>
      logger.error(
        { job: name, err: error instanceof Error ? error.message : String(error) },
        'Could not schedule a repeating job',
      ),
    );
}
