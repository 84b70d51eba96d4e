import { Injectable, Logger } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent, Scheduled } from '../../../core/events/on-event.decorator';
import { OwnerLeadsService } from '../owner-leads.service';

/**
 * Job name of the hourly unlock. It keeps the name it had when billing ran it, so the job
 * scheduler already stored in Redis stays the one that runs it.
 */
export const UNLOCK_NEW_PERIOD_LEADS = 'billing.unlock-new-period-leads';
export const UNLOCK_INTERVAL_MS = 60 * 60_000;

export interface UnlockNewPeriodResult {
  owners: number;
  unlocked: number;
}

/**
 * Every moment room appears in a contractor's month, its oldest locked leads unlock into it
 * (OwnerLeadsService.unlockAllowed, which also tells open dashboards): a plan change billing
 * announces, a lead flagged as spam or deleted, a new month.
 */
@Injectable()
export class UnlockLeadsJob {
  private readonly logger = new Logger(UnlockLeadsJob.name);

  constructor(private readonly ownerLeads: OwnerLeadsService) {}

  /** A new plan, a renewal or a cancellation: unlock what the plan now allows. */
  @OnEvent('subscription.changed')
  async subscriptionChanged({ userId }: EventPayload<'subscription.changed'>): Promise<void> {
    await this.ownerLeads.unlockAllowed(userId);
  }

  /** A flagged lead no longer counts: the oldest locked lead may take its place. */
  @OnEvent('lead.spam-flagged')
  spamFlagged({ ownerId }: EventPayload<'lead.spam-flagged'>): Promise<string[]> {
    return this.ownerLeads.unlockAllowed(ownerId);
  }

  /** A lead deleted on a privacy request no longer counts either, as a flagged one. */
  @OnEvent('lead.deleted')
  deleted({ ownerId }: EventPayload<'lead.deleted'>): Promise<string[]> {
    return this.ownerLeads.unlockAllowed(ownerId);
  }

  /**
   * When a new month begins, leads locked because last month's limit was reached become visible,
   * oldest first, up to the new month's allowance. Hourly, so a month starts at most an hour
   * late; running it again changes nothing, since the leads it unlocks count toward the month
   * they were unlocked in.
   */
  @Scheduled(UNLOCK_NEW_PERIOD_LEADS, UNLOCK_INTERVAL_MS)
  async newPeriod(now = new Date()): Promise<UnlockNewPeriodResult> {
    // The unlock itself checks the plan, its period and the month's room under the owner's lock.
    const owners = await this.ownerLeads.ownersWithLockedLeads();
    let unlocked = 0;
    for (const ownerId of owners) {
      unlocked += (await this.ownerLeads.unlockAllowed(ownerId, now)).length;
    }
    this.logger.log({ owners: owners.length, unlocked }, 'New-period unlock done');
    return { owners: owners.length, unlocked };
  }
}
