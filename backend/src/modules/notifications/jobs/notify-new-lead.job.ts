import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { LEAD_CAPTURED, type LeadCapturedEvent } from '../../leads/events/lead-captured.event';
import { NotificationsService } from '../notifications.service';

const leadCapturedSchema: z.ZodType<LeadCapturedEvent> = z.object({
  leadId: z.uuid(),
  ownerId: z.uuid(),
});

/** Handles `lead.captured`: the contractor's new-lead e-mail. */
@Injectable()
export class NotifyNewLeadJob {
  constructor(private readonly notifications: NotificationsService) {}

  async run(data: unknown, jobId: string): Promise<{ outcome: string }> {
    const payload = leadCapturedSchema.safeParse(data);
    // A malformed event stays malformed: fail it for good rather than retrying.
    if (!payload.success) throw new UnrecoverableError(`Invalid ${LEAD_CAPTURED} payload`);
    return { outcome: await this.notifications.notifyNewLead(payload.data.leadId, jobId) };
  }
}
