import { InjectQueue } from '@nestjs/bullmq';
import { Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { type Queue } from 'bullmq';
import { JobHandlers } from '../../core/queue/job-handlers';
import { QUEUES } from '../../core/queue/jobs';
import { EmailTokensRepository } from './email-tokens.repository';
import {
  SWEEP_EXPIRED_CREDENTIALS,
  SWEEP_INTERVAL_MS,
  SweepExpiredCredentialsJob,
} from './jobs/sweep-expired-credentials.job';
import { SessionsRepository } from './sessions.repository';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { UsersRepository } from './users.repository';

/**
 * The worker's side of accounts: the hourly sweep of expired sessions, e-mail links, old
 * wrong-password counts and accounts never confirmed.
 */
@Module({
  providers: [
    SessionsRepository,
    EmailTokensRepository,
    UsersRepository,
    SignInFailuresRepository,
    SweepExpiredCredentialsJob,
  ],
})
export class AuthWorkerModule implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(AuthWorkerModule.name);

  constructor(
    private readonly handlers: JobHandlers,
    private readonly sweep: SweepExpiredCredentialsJob,
    @InjectQueue(QUEUES.events) private readonly queue: Queue,
  ) {}

  onModuleInit(): void {
    this.handlers.register(SWEEP_EXPIRED_CREDENTIALS, () => this.sweep.run());
  }

  /**
   * One scheduler for all workers: upserting the same id from each is idempotent. While Redis is
   * down this waits for it like the rest of the worker, without blocking start-up.
   */
  onApplicationBootstrap(): void {
    this.queue
      .upsertJobScheduler(
        SWEEP_EXPIRED_CREDENTIALS,
        { every: SWEEP_INTERVAL_MS },
        { name: SWEEP_EXPIRED_CREDENTIALS },
      )
      .catch((error: unknown) =>
        this.logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          'Could not schedule the expired-credentials sweep',
        ),
      );
  }
}
