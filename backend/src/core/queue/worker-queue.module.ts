import { InjectQueue } from '@nestjs/bullmq';
import {
  Global,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { type Queue } from 'bullmq';
import { OutboxRelay } from '../outbox/outbox.relay';
import { OUTBOX_SWEEP_INTERVAL_MS, OutboxSweep, SWEEP_STUCK_OUTBOX } from '../outbox/outbox.sweep';
import { EventsProcessor } from './events.processor';
import { JobHandlers } from './job-handlers';
import { QUEUES } from './jobs';
import { QueueModule } from './queue.module';

/** What only the worker process runs: the processors, the outbox relay and its sweep. */
@Global()
@Module({
  imports: [QueueModule],
  providers: [JobHandlers, EventsProcessor, OutboxRelay, OutboxSweep],
  exports: [JobHandlers, OutboxRelay],
})
export class WorkerQueueModule implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(WorkerQueueModule.name);

  constructor(
    private readonly handlers: JobHandlers,
    private readonly sweep: OutboxSweep,
    @InjectQueue(QUEUES.events) private readonly queue: Queue,
  ) {}

  onModuleInit(): void {
    this.handlers.register(SWEEP_STUCK_OUTBOX, () => this.sweep.run());
  }

  /** One scheduler for all workers, as AuthWorkerModule does for its sweep. */
  onApplicationBootstrap(): void {
    this.queue
      .upsertJobScheduler(
        SWEEP_STUCK_OUTBOX,
        { every: OUTBOX_SWEEP_INTERVAL_MS },
        { name: SWEEP_STUCK_OUTBOX },
      )
      .catch((error: unknown) =>
        this.logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          'Could not schedule the outbox sweep',
        ),
      );
  }
}
