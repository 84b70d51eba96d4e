import { InjectQueue } from '@nestjs/bullmq';
import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { isOutboxTopic, parseEventPayload } from '@rafter/domain/events';
import { type Queue, UnrecoverableError } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { EventDiscovery } from '../events/event-discovery';
import { OutboxRelay } from '../outbox/outbox.relay';
import { OutboxSweep } from '../outbox/outbox.sweep';
import { EventsProcessor } from './events.processor';
import { JobHandlers } from './job-handlers';
import { QUEUES } from './jobs';
import { QueueModule } from './queue.module';
import { scheduleEvery } from './schedule';

/**
 * What only the worker process runs: the processors, the outbox relay and its sweep. The job
 * handlers are the @OnEvent methods of outbox topics and the @Scheduled methods found in the
 * module graph (EventDiscovery), registered here when the worker starts.
 */
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
    private readonly discovery: EventDiscovery,
    @InjectQueue(QUEUES.events) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const byTopic = new Map<string, ReturnType<EventDiscovery['handlers']>>();
    for (const handler of this.discovery.handlers()) {
      if (!isOutboxTopic(handler.topic)) continue;
      byTopic.set(handler.topic, [...(byTopic.get(handler.topic) ?? []), handler]);
    }
    for (const [topic, consumers] of byTopic) {
      if (!isOutboxTopic(topic)) continue;
      this.handlers.register(topic, async (data, job) => {
        let payload: unknown;
        try {
          payload = parseEventPayload(topic, data);
        } catch {
          // A malformed event stays malformed: fail it for good rather than retrying.
          throw new UnrecoverableError(`Invalid ${topic} payload`);
        }
        // The outbox row's id, so a run after a crash is recognised as the same job.
        const context = { id: job.id ?? job.name };
        if (consumers.length === 1) return consumers[0]!.handle(payload, context);
        // Side by side: a slow consumer (an SMTP server) does not hold up the others (a webhook).
        // Every consumer is idempotent, so when one fails the job's retry runs them all again.
        const settled = await Promise.allSettled(
          consumers.map((consumer) => consumer.handle(payload, context)),
        );
        const failed = settled.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
        return Object.fromEntries(
          consumers.map((consumer, index) => [
            consumer.label,
            (settled[index] as PromiseFulfilledResult<unknown>).value,
          ]),
        );
      });
    }
    for (const schedule of this.discovery.schedules()) {
      this.handlers.register(schedule.name, () => schedule.run());
    }
  }

  /**
   * Every @OnWorkerStart method, then every @Scheduled job, on one BullMQ job scheduler shared by
   * all workers.
   */
  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.discovery.workerStarts().map((start) => start.run()));
    for (const schedule of this.discovery.schedules()) {
      const everyMs =
        typeof schedule.everyMs === 'function' ? schedule.everyMs(this.config) : schedule.everyMs;
      scheduleEvery(this.queue, schedule.name, everyMs, this.logger);
    }
  }
}
