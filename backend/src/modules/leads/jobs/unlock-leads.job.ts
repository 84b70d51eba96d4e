import { Injectable, Logger } from '@nestjs/common';
import { BillingRepository } from '../billing.repository';
import { SubscriptionSyncService } from '../subscription-sync.service';

/** Job name of the hourly unlock; scheduled by BillingWorkerModule. */
export const UNLOCK_NEW_PERIOD_LEADS = 'billing.unlock-new-period-leads';
export const UNLOCK_INTERVAL_MS = 60 * 60_000;

export interface UnlockNewPeriodResult {
  owners: number;
  unlocked: number;
}

/**
 * When a new month begins, leads locked because last month's limit was reached become visible,
 * oldest first, up to the new month's allowance (SubscriptionSyncService.unlockAllowedLeads, which
 * also tells open dashboards). Runs hourly, so a month starts at most an hour late; running it
 * again changes nothing, since the leads it unlocks count toward the month they were unlocked in.
 */
@Injectable()
export class UnlockNewPeriodLeadsJob {
  private readonly logger = new Logger(UnlockNewPeriodLeadsJob.name);

  constructor(
    private readonly repository: BillingRepository,
    private readonly sync: SubscriptionSyncService,
  ) {}

  async run(now = new Date()): Promise<UnlockNewPeriodResult> {
    // The unlock itself checks the plan, its period and the month's room under the owner's lock.
    const owners = await this.repository.findOwnerIdsWithLockedLeads();
    let unlocked = 0;
    for (const ownerId of owners) {
      unlocked += (await this.sync.unlockAllowedLeads(ownerId, now)).length;
    }
    this.logger.log({ owners: owners.length, unlocked }, 'New-period unlock done');
    return { owners: owners.length, unlocked };
  }
}
