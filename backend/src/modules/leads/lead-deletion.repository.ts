import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { OutboxService } from '../../core/outbox/outbox.service';

/**
 * Deletes a lead for good (its notes and timeline go with it, by the foreign keys) and writes
 * `lead.deleted` in the same transaction.
 */
@Injectable()
export class LeadDeletionRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
  ) {}

  /** False when the owner has no such lead. */
  delete(ownerId: string, leadId: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.lead.deleteMany({ where: { id: leadId, ownerId } });
      if (count === 0) return false;
      await this.outbox.add(tx, 'lead.deleted', { leadId, ownerId });
      return true;
    });
  }
}
