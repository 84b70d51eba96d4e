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
import { scheduleEvery } from './schedule';

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

  /** The stuck-outbox sweep, every ten minutes. */
  onApplicationBootstrap(): void {
    scheduleEvery(this.queue, SWEEP_STUCK_OUTBOX, OUTBOX_SWEEP_INTERVAL_MS, this.logger);
  }
}
