import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { OutboxService } from '../../core/outbox/outbox.service';

/**
 * Deletes a lead for good (its notes, timeline and bookings go with it, by the foreign keys) and
 * writes `lead.deleted` in the same transaction.
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
      // Its bookings go with it (the foreign key): the event names those still booked, whose
      // copies in the contractor's Google Calendar (keyed by booking id) must go too.
      const booked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM bookings
        WHERE lead_id = ${leadId}::uuid AND owner_id = ${ownerId}::uuid AND status = 'booked'`;
      const { count } = await tx.lead.deleteMany({ where: { id: leadId, ownerId } });
      if (count === 0) return false;
      await this.outbox.add(
        tx,
        'lead.deleted',
        booked.length > 0
          ? { leadId, ownerId, bookingIds: booked.map((row) => row.id) }
          : { leadId, ownerId },
      );
      return true;
    });
  }
}
