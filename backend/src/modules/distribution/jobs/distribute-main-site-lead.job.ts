import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { DistributionService } from '../distribution.service';
import {
  MAIN_SITE_LEAD_CAPTURED,
  type MainSiteLeadCapturedEvent,
} from '../events/main-site-lead-captured.event';

const payloadSchema: z.ZodType<MainSiteLeadCapturedEvent> = z.object({
  mainSiteLeadId: z.uuid(),
});

/** Handles `main-site-lead.captured`: offers the lead to contractors. Safe to run twice. */
@Injectable()
export class DistributeMainSiteLeadJob {
  constructor(private readonly distribution: DistributionService) {}

  async run(data: unknown): Promise<{ outcome: string; assigned: string[] }> {
    const payload = payloadSchema.safeParse(data);
    if (!payload.success)
      throw new UnrecoverableError(`Invalid ${MAIN_SITE_LEAD_CAPTURED} payload`);
    const result = await this.distribution.distribute(payload.data.mainSiteLeadId);
    return { outcome: result.outcome, assigned: result.assigned.map((item) => item.ownerId) };
  }
}
