import { Injectable } from '@nestjs/common';
import { type Sale } from '@rafter/domain/estimate-accuracy';
import { PrismaService } from '../../../core/database/prisma.service';
import { Prisma } from '../../../generated/prisma/client';

/** The owner's won jobs for estimate accuracy: read only, every query scoped by the owner's id. */
@Injectable()
export class EstimateAccuracyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The business profile's time zone, or null. */
  async timeZone(ownerId: string): Promise<string | null> {
    const profile = await this.prisma.businessProfile.findUnique({
      where: { userId: ownerId },
      select: { timezone: true },
    });
    return profile?.timezone ?? null;
  }

  /**
   * The owner's Converted leads with a sold price received on the days [from, to] in `timeZone`
   * (leads flagged as spam left out), through the (owner_id, status, created_at) index.
   */
  sales(ownerId: string, from: string, to: string, timeZone: string): Promise<Sale[]> {
    return this.prisma.rows<Sale>(Prisma.sql`
      SELECT material::text AS material, roof_area AS "roofArea",
        estimate_low AS "estimateLow", estimate_mid AS "estimateMid",
        estimate_high AS "estimateHigh", sold_price AS "soldPrice"
      FROM leads
      WHERE owner_id = ${ownerId}::uuid AND status = 'converted'::"LeadStatus"
        AND spam_at IS NULL AND sold_price IS NOT NULL
        AND created_at >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
        AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`);
  }
}
