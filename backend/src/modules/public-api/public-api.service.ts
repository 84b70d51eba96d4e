import { Injectable } from '@nestjs/common';
import { type LeadDetail, type LeadPage } from '@rafter/domain/crm';
import { leadAllowance, PLANS } from '@rafter/domain/plans';
import { type V1Account, type V1CreateLead, type V1LeadListQuery } from '@rafter/domain/public-api';
import { type ApiCaller } from '../api-keys/api-keys.service';
import { AuthService } from '../auth/auth.service';
import { LeadCaptureService } from '../leads/lead-capture.service';
import { LeadDeletionService } from '../leads/lead-deletion.service';
import { LeadsService } from '../leads/leads.service';
import { OwnerLeadsService } from '../leads/owner-leads.service';
import { PlanAccessService } from '../plans/plan-access.service';

/**
 * The public API's operations on the key's contractor: the dashboard's own services, so a lead
 * read, changed or created here follows exactly the dashboard's and the estimator's rules (locked
 * leads hide contact details, new leads are scored and counted toward the month).
 */
@Injectable()
export class PublicApiService {
  constructor(
    private readonly auth: AuthService,
    private readonly plans: PlanAccessService,
    private readonly leads: LeadsService,
    private readonly capture: LeadCaptureService,
    private readonly deletion: LeadDeletionService,
    private readonly ownerLeads: OwnerLeadsService,
  ) {}

  async account(caller: ApiCaller, now = new Date()): Promise<V1Account> {
    const [user, state, used] = await Promise.all([
      this.auth.me(caller.ownerId),
      this.plans.state(caller.ownerId),
      this.ownerLeads.monthUsage(caller.ownerId, now),
    ]);
    const access = await this.plans.forUser(caller.ownerId, now);
    return {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      apiKey: { id: caller.keyId, scopes: [...caller.scopes] },
      plan: {
        id: state.plan,
        name: state.plan ? PLANS[state.plan].name : null,
        active: access.active,
      },
      usage: { leadsThisMonth: used, monthlyLeadLimit: leadAllowance(state, now) },
    };
  }

  list(ownerId: string, query: V1LeadListQuery): Promise<LeadPage> {
    const { updated_since: updatedSince, ...rest } = query;
    return this.leads.list(ownerId, { ...rest, updatedSince });
  }

  async create(ownerId: string, input: V1CreateLead): Promise<LeadDetail> {
    // The estimate a homeowner would have seen is recomputed by the server and never stored.
    const { id } = await this.capture.createFromApi(ownerId, {
      ...input,
      estimateLow: 0,
      estimateMid: 0,
      estimateHigh: 0,
    });
    return this.leads.detail(ownerId, id);
  }

  delete(ownerId: string, id: string): Promise<void> {
    return this.deletion.delete(ownerId, id);
  }
}
