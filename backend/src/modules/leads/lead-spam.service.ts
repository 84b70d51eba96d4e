import { Injectable } from '@nestjs/common';
import { type LeadDetail } from '@rafter/domain/crm';
import { leadAllowance, restoredLeadLocks } from '@rafter/domain/plans';
import { LeadsException } from './leads.exception';
import { PlanAccessService } from '../plans/plan-access.service';
import { isLeadId, LeadsService } from './leads.service';
import { LeadSpamRepository } from './lead-spam.repository';
import { OwnerLeadsService } from './owner-leads.service';

/**
 * The contractor's spam flag. A flagged lead leaves the lists, counts, metrics and export, and
 * no longer counts toward the month, so the oldest locked lead that now fits unlocks
 * (`lead.spam-flagged`, UnlockLeadsJob). Taken back ('Not spam'), it counts again, and is locked when the month's
 * allowance was spent meanwhile (restoredLeadLocks). Open dashboards drop or show it at once.
 */
@Injectable()
export class LeadSpamService {
  constructor(
    private readonly spam: LeadSpamRepository,
    private readonly plans: PlanAccessService,
    private readonly ownerLeads: OwnerLeadsService,
    private readonly crm: LeadsService,
  ) {}

  /** Flags (`spam`) or takes the flag back; answers the lead's detail as it now is. */
  async mark(ownerId: string, id: string, spam: boolean, now = new Date()): Promise<LeadDetail> {
    if (!isLeadId(id)) throw new LeadsException('lead_not_found');
    const allowance = leadAllowance(await this.plans.state(ownerId), now);
    const change = await this.spam.setSpam(ownerId, id, spam, {
      // The month as capture, the usage and the unlocks count it (lead-allowance.ts).
      monthStart: await this.ownerLeads.monthStart(ownerId, now),
      relock: (before, after) => restoredLeadLocks(allowance, before, after),
    });
    if (!change) throw new LeadsException('lead_not_found');
    const detail = await this.crm.detail(ownerId, id, now);
    if (change.changed) {
      if (spam) this.crm.publishHidden(ownerId, id);
      else this.crm.publishDetail(ownerId, detail);
    }
    return detail;
  }
}
