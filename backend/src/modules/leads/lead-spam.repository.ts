import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { OutboxService } from '../../core/outbox/outbox.service';
import { type Prisma } from '../../generated/prisma/client';
import { OwnerLeadsRepository } from './owner-leads.repository';

type Transaction = Prisma.TransactionClient;

/** What the spam flag's change did; null when the owner has no such lead. */
export interface SpamChange {
  /** False when the lead already was as asked: nothing was written. */
  changed: boolean;
  /** True when 'Not spam' brought it back over the month's allowance, so it is locked again. */
  relocked: boolean;
}

/**
 * The contractor's spam flag on a lead, with its timeline entry and its `lead.changed` event.
 * Flagging also writes `lead.spam-flagged` in the same transaction, so the freed allowance
 * unlocks the oldest locked lead. Both run under
 * the owner's lead lock, as capture and billing's unlock do, so they count the month in turn.
 */
@Injectable()
export class LeadSpamRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
    private readonly ownerLeads: OwnerLeadsRepository,
  ) {}

  /**
   * Flags (`spam`) or clears the flag. Clearing it counts the month's visible leads before and
   * after: `relock(before, after)` says whether the lead, now counted again, must be locked
   * (the month's allowance is already spent by others).
   */
  setSpam(
    ownerId: string,
    leadId: string,
    spam: boolean,
    options: { monthStart: Date; relock: (before: number, after: number) => boolean },
  ): Promise<SpamChange | null> {
    return this.prisma.$transaction(async (tx) => {
      await this.ownerLeads.lockOwners(tx, [ownerId]);
      const [lead] = await tx.$queryRaw<{ spam: boolean; locked: boolean }[]>`
        SELECT spam_at IS NOT NULL AS spam, locked FROM leads
        WHERE id = ${leadId}::uuid AND owner_id = ${ownerId}::uuid FOR UPDATE`;
      if (!lead) return null;
      if (lead.spam === spam) return { changed: false, relocked: false };
      if (spam) {
        await tx.lead.update({ where: { id: leadId }, data: { spamAt: new Date() } });
        await this.event(tx, ownerId, leadId, 'marked_spam');
        await this.outbox.add(tx, 'lead.spam-flagged', { leadId, ownerId });
        return { changed: true, relocked: false };
      }
      const before = await this.visibleThisMonth(tx, ownerId, options.monthStart);
      await tx.lead.update({ where: { id: leadId }, data: { spamAt: null } });
      await this.event(tx, ownerId, leadId, 'marked_not_spam');
      const after = await this.visibleThisMonth(tx, ownerId, options.monthStart);
      const relocked = !lead.locked && options.relock(before, after);
      if (relocked) {
        await tx.lead.update({
          where: { id: leadId },
          data: { locked: true, lockedReason: 'monthly_limit' },
        });
        await this.event(tx, ownerId, leadId, 'locked');
      }
      return { changed: true, relocked };
    });
  }

  private async visibleThisMonth(tx: Transaction, ownerId: string, since: Date): Promise<number> {
    const counts = await this.ownerLeads.countMonths(tx, [{ ownerId, since }]);
    return counts.get(ownerId) ?? 0;
  }

  private async event(
    tx: Transaction,
    ownerId: string,
    leadId: string,
    type: 'marked_spam' | 'marked_not_spam' | 'locked',
  ): Promise<void> {
    const entry = await tx.leadEvent.create({
      data: { leadId, ownerId, type, actorId: ownerId },
      select: { id: true },
    });
    // Webhooks' lead.updated.
    await this.outbox.add(tx, 'lead.changed', { leadId, ownerId, eventId: entry.id });
  }
}
