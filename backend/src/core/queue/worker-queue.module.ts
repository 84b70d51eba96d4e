import { Global, Module } from '@nestjs/common';
import { OutboxRelay } from '../outbox/outbox.relay';
import { EventsProcessor } from './events.processor';
import { JobHandlers } from './job-handlers';
import { QueueModule } from './queue.module';

/** What only the worker process runs: the processors and the outbox relay. */
@Global()
@Module({
  imports: [QueueModule],
  providers: [JobHandlers, EventsProcessor, OutboxRelay],
  exports: [JobHandlers, OutboxRelay],
})
export class WorkerQueueModule {}
