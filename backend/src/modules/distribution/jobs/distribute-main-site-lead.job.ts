import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { DistributionService } from '../distribution.service';

/** Handles `main-site-lead.captured`: offers the lead to contractors. Safe to run twice. */
@Injectable()
export class DistributeMainSiteLeadJob {
  constructor(private readonly distribution: DistributionService) {}

  @OnEvent('main-site-lead.captured')
  async run({
    mainSiteLeadId,
  }: EventPayload<'main-site-lead.captured'>): Promise<{ outcome: string; assigned: string[] }> {
    const result = await this.distribution.distribute(mainSiteLeadId);
    return { outcome: result.outcome, assigned: result.assigned.map((item) => item.ownerId) };
  }
}
