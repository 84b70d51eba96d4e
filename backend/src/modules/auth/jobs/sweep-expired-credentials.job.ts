import { Injectable, Logger } from '@nestjs/common';
import { EmailTokensRepository } from '../email-tokens.repository';
import { SessionsRepository } from '../sessions.repository';

/** Job name of the hourly sweep; scheduled by AuthWorkerModule. */
export const SWEEP_EXPIRED_CREDENTIALS = 'auth.sweep-expired-credentials';
export const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Rows are kept this long past expiry, so a support question about a link can still be answered. */
const GRACE_MS = 24 * 60 * 60_000;
/** Deletes run in batches, so a large backlog never holds long locks. */
const BATCH_SIZE = 5_000;

export interface SweepResult {
  sessions: number;
  emailTokens: number;
}

/** Deletes sessions and one-time e-mail tokens that can no longer be used. Safe to run twice. */
@Injectable()
export class SweepExpiredCredentialsJob {
  private readonly logger = new Logger(SweepExpiredCredentialsJob.name);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly emailTokens: EmailTokensRepository,
  ) {}

  async run(now = new Date()): Promise<SweepResult> {
    const before = new Date(now.getTime() - GRACE_MS);
    const result: SweepResult = {
      sessions: await drain((limit) => this.sessions.deleteExpiredFamilies(before, limit)),
      emailTokens: await drain((limit) => this.emailTokens.deleteExpired(before, limit)),
    };
    this.logger.log(result, 'Expired sessions and e-mail links deleted');
    return result;
  }
}

async function drain(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(BATCH_SIZE);
    total += deleted;
    if (deleted === 0) return total;
  }
}
