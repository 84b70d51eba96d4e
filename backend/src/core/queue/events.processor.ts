import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, Queue, UnrecoverableError } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { JobHandlers } from './job-handlers';
import { QUEUES, WORKER_LOCK_OPTIONS } from './jobs';

@Processor(QUEUES.events, { ...WORKER_LOCK_OPTIONS })
export class EventsProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(EventsProcessor.name);
  private lastConnectionWarning = 0;

  constructor(
    private readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.events) private readonly queue: Queue,
  ) {
    super();
  }

  /** The BullMQ worker exists only once every module has initialised. */
  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.WORKER_CONCURRENCY;
    // Without listeners BullMQ prints every reconnect attempt while Redis is down.
    const warn = (error: Error) => {
      if (Date.now() - this.lastConnectionWarning < 30_000) return;
      this.lastConnectionWarning = Date.now();
      this.logger.warn({ err: error.message }, 'Queue connection problem; retrying');
    };
    this.worker.on('error', warn);
    this.queue.on('error', warn);
    this.worker.on('failed', (job, error) => {
      // Failed for good once BullMQ stamped it finished: attempts used up, an unrecoverable
      // error, or too many stalls, which end a job whatever attempts it has left.
      const final = Boolean(job?.finishedOn);
      this.logger[final ? 'error' : 'warn'](
        { jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, err: error.message },
        final ? 'Job failed for good' : 'Job failed; will retry',
      );
    });
  }

  /**
   * Takes no new jobs and waits for the running ones to finish. Shutdown calls this before the
   * rest of the worker closes, so a running job still has its database and mailer.
   */
  async drain(): Promise<void> {
    await this.worker.close();
  }

  async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler for job ${job.name}`);
    const started = performance.now();
    const result = await handler(job.data, job);
    this.logger.debug(
      { jobId: job.id, job: job.name, ms: Math.round(performance.now() - started) },
      'Job done',
    );
    return result;
  }
}
