import { Injectable, Logger } from '@nestjs/common';
import { CONFIRM_EMAIL_TOKEN_TTL_HOURS } from '@rafter/domain/auth';
import { Scheduled } from '../../../core/events/on-event.decorator';
import { EmailTokensRepository } from '../email-tokens.repository';
import { SessionsRepository } from '../sessions.repository';
import { SignInFailuresRepository } from '../sign-in-failures.repository';
import { UsersRepository } from '../users.repository';

/** Job name of the hourly sweep. */
export const SWEEP_EXPIRED_CREDENTIALS = 'auth.sweep-expired-credentials';
export const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Rows are kept this long past expiry, so a support question about a link can still be answered. */
const GRACE_MS = 24 * 60 * 60_000;
/** Deletes run in batches, so a large backlog never holds long locks. */
const BATCH_SIZE = 5_000;

const CONFIRMATION_LIFETIME_MS = CONFIRM_EMAIL_TOKEN_TTL_HOURS * 60 * 60_000;

export interface SweepResult {
  sessions: number;
  emailTokens: number;
  unconfirmedAccounts: number;
  signInFailures: number;
}

/**
 * Deletes sessions and one-time e-mail tokens that can no longer be used, wrong-password counts
 * a day old, and accounts never confirmed within their confirmation link's lifetime: those are
 * squatted addresses or abandoned sign-ups, and either way they keep the address's owner from
 * signing up. Safe to run twice.
 */
@Injectable()
export class SweepExpiredCredentialsJob {
  private readonly logger = new Logger(SweepExpiredCredentialsJob.name);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly emailTokens: EmailTokensRepository,
    private readonly users: UsersRepository,
    private readonly signInFailures: SignInFailuresRepository,
  ) {}

  @Scheduled(SWEEP_EXPIRED_CREDENTIALS, SWEEP_INTERVAL_MS)
  async run(now = new Date()): Promise<SweepResult> {
    const before = new Date(now.getTime() - GRACE_MS);
    const unconfirmedBefore = new Date(now.getTime() - CONFIRMATION_LIFETIME_MS);
    // Accounts first: a link that expired within the grace day still keeps nobody's account.
    const unconfirmedAccounts = await drain((limit) =>
      this.users.deleteStaleUnconfirmed(unconfirmedBefore, now, limit),
    );
    const result: SweepResult = {
      sessions: await drain((limit) => this.sessions.deleteExpiredFamilies(before, limit)),
      emailTokens: await drain((limit) => this.emailTokens.deleteExpired(before, limit)),
      unconfirmedAccounts,
      signInFailures: await drain((limit) => this.signInFailures.deleteOlderThan(before, limit)),
    };
    this.logger.log(result, 'Expired credentials and unconfirmed accounts deleted');
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
