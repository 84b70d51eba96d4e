import { Injectable, Logger } from '@nestjs/common';
import { RealtimePublisher } from '../../core/realtime/realtime.publisher';
import { LeadDeletionRepository } from './lead-deletion.repository';
import { LeadsException } from './leads.exception';
import { isLeadId } from './leads.service';

/**
 * A homeowner's privacy request, carried out by the contractor's systems through the public API:
 * the lead, its notes and timeline are deleted, and `lead.deleted` lets the worker give its place
 * in the month back (UnlockLeadsJob) and, later, tell the contractor's webhooks.
 */
@Injectable()
export class LeadDeletionService {
  private readonly logger = new Logger(LeadDeletionService.name);

  constructor(
    private readonly repository: LeadDeletionRepository,
    private readonly realtime: RealtimePublisher,
  ) {}

  async delete(ownerId: string, leadId: string): Promise<void> {
    if (!isLeadId(leadId)) throw new LeadsException('lead_not_found');
    if (!(await this.repository.delete(ownerId, leadId))) {
      throw new LeadsException('lead_not_found');
    }
    this.logger.log({ leadId, ownerId }, 'Lead deleted');
    this.realtime.leadDeleted(ownerId, leadId);
  }
}
