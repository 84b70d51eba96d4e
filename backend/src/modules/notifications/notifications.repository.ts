import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';

@Injectable()
export class NotificationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The lead with what its new-lead e-mail needs about the owner. */
  findLeadForNotification(leadId: string) {
    return this.prisma.lead.findUnique({
      where: { id: leadId },
      select: {
        id: true,
        firstName: true,
        lastName: true,
        email: true,
        phone: true,
        address: true,
        zipCode: true,
        material: true,
        stories: true,
        roofArea: true,
        estimateLow: true,
        estimateMid: true,
        estimateHigh: true,
        score: true,
        locked: true,
        lockedReason: true,
        owner: {
          select: {
            email: true,
            fullName: true,
            businessProfile: { select: { businessName: true, notifyNewLeads: true } },
          },
        },
      },
    });
  }

  /** Who an account e-mail (confirmation, password reset) goes to. */
  findUserForAccountEmail(userId: string) {
    return this.prisma.user.findUnique({
      where: { id: userId },
      select: { email: true, fullName: true, emailVerifiedAt: true },
    });
  }

  /** Marks the lead notified; true only for the one caller that changed it. */
  async claimLeadNotification(leadId: string): Promise<boolean> {
    const updated = await this.prisma.$executeRaw`
      UPDATE leads SET notified_at = now() WHERE id = ${leadId}::uuid AND notified_at IS NULL`;
    return updated === 1;
  }

  /** Gives a claim back after the e-mail could not be sent, so a retry may send it. */
  async releaseLeadNotification(leadId: string): Promise<void> {
    await this.prisma.$executeRaw`UPDATE leads SET notified_at = NULL WHERE id = ${leadId}::uuid`;
  }
}

export type LeadForNotification = NonNullable<
  Awaited<ReturnType<NotificationsRepository['findLeadForNotification']>>
>;
