import { Injectable } from '@nestjs/common';
import { readServiceAreas } from '@rafter/domain/service-area';
import { type BusinessProfileView, type LeadType } from '@rafter/domain/settings';
import { lockUntilCommit } from '../../core/database/advisory-locks';
import { PrismaService } from '../../core/database/prisma.service';

/** What the profile form saves: the view without the logo, which has its own upload. */
export type StoredProfileFields = Omit<
  BusinessProfileView,
  'logoUrl' | 'newLeadReminderMinutes'
> & {
  /** Undefined keeps what is stored (clients that predate the setting send none). */
  newLeadReminderMinutes?: number;
};

const PROFILE_SELECT = {
  businessName: true,
  address: true,
  areasOfService: true,
  idealCustomerProfile: true,
  idealCustomerValue: true,
  leadsPerDay: true,
  leadType: true,
  notifyNewLeads: true,
  newLeadReminderMinutes: true,
  timezone: true,
  logoUrl: true,
} as const;

@Injectable()
export class ProfilesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(userId: string): Promise<BusinessProfileView | null> {
    const row = await this.prisma.businessProfile.findUnique({
      where: { userId },
      select: PROFILE_SELECT,
    });
    return row ? toView(row) : null;
  }

  async upsert(userId: string, fields: StoredProfileFields): Promise<BusinessProfileView> {
    const row = await this.prisma.businessProfile.upsert({
      where: { userId },
      create: { userId, ...fields },
      update: fields,
      select: PROFILE_SELECT,
    });
    return toView(row);
  }

  /** Sets the logo (null removes it); returns the URL it replaced. */
  async replaceLogo(userId: string, logoUrl: string | null): Promise<string | null> {
    return this.prisma.$transaction(async (tx) => {
      // The user's lock, so two uploads at once each learn the URL the other replaced, the first
      // logo of a new profile included (there is no row to lock yet).
      await lockUntilCommit(tx, 'logo', userId);
      const [previous] = await tx.$queryRaw<{ logo_url: string | null }[]>`
        SELECT logo_url FROM business_profiles WHERE user_id = ${userId}::uuid`;
      if (previous) {
        await tx.businessProfile.update({ where: { userId }, data: { logoUrl } });
      } else if (logoUrl) {
        // The profile form may create the row meanwhile (its save takes no lock).
        await tx.businessProfile.upsert({
          where: { userId },
          create: { userId, logoUrl },
          update: { logoUrl },
        });
      }
      return previous?.logo_url ?? null;
    });
  }
}

function toView(row: {
  businessName: string | null;
  address: string | null;
  areasOfService: unknown;
  idealCustomerProfile: string | null;
  idealCustomerValue: { toNumber(): number } | null;
  leadsPerDay: number;
  leadType: LeadType;
  notifyNewLeads: boolean;
  newLeadReminderMinutes: number;
  timezone: string | null;
  logoUrl: string | null;
}): BusinessProfileView {
  return {
    ...row,
    areasOfService: readServiceAreas(row.areasOfService),
    idealCustomerValue: row.idealCustomerValue?.toNumber() ?? null,
  };
}
