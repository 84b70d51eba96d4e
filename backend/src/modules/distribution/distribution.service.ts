import { Injectable, Logger } from '@nestjs/common';
import {
  distributeLead,
  type DistributionCandidate,
  type DistributionLead,
  ineligibility,
  startOfDay,
} from '@rafter/domain/distribution';
import { computeEstimate, type Estimate } from '@rafter/domain/estimate';
import { scoreOwnerLead } from '@rafter/domain/lead-score';
import {
  isMaterial,
  type Material,
  MATERIAL_LABELS,
  MATERIALS,
  mergeMaterialPricing,
} from '@rafter/domain/materials';
import { leadAllowance, planLevel, NO_PLAN_LEVEL } from '@rafter/domain/plans';
import { isHomeowner } from '@rafter/domain/property';
import { UnrecoverableError } from 'bullmq';
import { leadColumns, NO_TEXT_CONSENT, type LeadRow } from '../leads/lead-row';
import { OwnerLeadsService } from '../leads/owner-leads.service';
import {
  type ContractorRow,
  DistributionRepository,
  type MainSiteLeadRow,
  type Transaction,
} from './distribution.repository';
import { randomUUID } from 'node:crypto';

export type DistributionOutcome = 'distributed' | 'no-eligible-contractor' | 'already-distributed';

export interface DistributionResult {
  outcome: DistributionOutcome;
  /** The CRM leads created, one per contractor. */
  assigned: { ownerId: string; leadId: string }[];
}

/** What the transaction hands back for the events sent after it commits. */
type Assignment = DistributionResult['assigned'][number] & { row: LeadRow };

/** The main site stores the material's label ('Asphalt shingles'); contractors' leads the id. */
function materialOf(label: string): Material {
  const material = MATERIALS.find((id) => MATERIAL_LABELS[id] === label);
  if (material) return material;
  if (isMaterial(label)) return label;
  throw new UnrecoverableError(`Unknown material on main-site lead: ${label}`);
}

/**
 * Offers main-site leads to contractors (docs/lead-distribution.md). Who receives a lead is the
 * domain's `distributeLead`; this service gathers its inputs under locks and writes the result:
 * per contractor a CRM lead (source 'marketplace', the contractor's prices and owner-flow score),
 * a LeadAssignment and the usual `lead.captured` event, all in one transaction with the lead's
 * distributed_at, so a retried or concurrent job never assigns twice.
 */
@Injectable()
export class DistributionService {
  private readonly logger = new Logger(DistributionService.name);

  constructor(
    private readonly repository: DistributionRepository,
    private readonly ownerLeads: OwnerLeadsService,
  ) {}

  async distribute(mainSiteLeadId: string, now = new Date()): Promise<DistributionResult> {
    const result = await this.repository.withDistributionLock(async (tx) => {
      const lead = await this.repository.findMainSiteLead(tx, mainSiteLeadId);
      if (!lead) throw new UnrecoverableError(`Main-site lead ${mainSiteLeadId} not found`);
      if (lead.distributedAt) return { outcome: 'already-distributed' as const, assigned: [] };
      return this.assign(tx, lead, now);
    });
    this.logger.log(
      { mainSiteLeadId, outcome: result.outcome, assigned: result.assigned.length },
      'Main-site lead distributed',
    );
    // After the commit, from the rows the inserts returned (publishing never throws).
    for (const { ownerId, row } of result.assigned) this.ownerLeads.publishCreated(ownerId, row);
    return {
      outcome: result.outcome,
      assigned: result.assigned.map(({ ownerId, leadId }) => ({ ownerId, leadId })),
    };
  }

  private async assign(
    tx: Transaction,
    lead: MainSiteLeadRow,
    now: Date,
  ): Promise<{ outcome: DistributionOutcome; assigned: Assignment[] }> {
    const material = materialOf(lead.material);
    const target: DistributionLead = { id: lead.id, zipCode: lead.zipCode, address: lead.address };
    const estimates = new Map<string, Estimate>();
    const estimateFor = (contractor: ContractorRow) => {
      let estimate = estimates.get(contractor.userId);
      if (!estimate) {
        estimate = computeEstimate(
          lead.roofArea,
          mergeMaterialPricing(contractor.prices)[material],
        );
        estimates.set(contractor.userId, estimate);
      }
      return estimate;
    };

    // Area and plan first, so only contractors that could take the lead are locked and counted.
    const contractors = (await this.repository.findContractors(tx)).filter((contractor) => {
      const reason = ineligibility(target, { ...this.unlimited(contractor, now), estimateMid: 0 });
      return reason === null;
    });
    const ids = contractors.map((contractor) => contractor.userId);
    await this.ownerLeads.lockOwners(tx, ids);
    // One after another: a transaction runs its queries on one connection anyway.
    const today = await this.repository.countAssignedSince(
      tx,
      contractors.map((c) => ({ userId: c.userId, since: startOfDay(now, c.timezone) })),
    );
    const thisMonth = await this.ownerLeads.countMonths(
      tx,
      contractors.map((c) => ({ ownerId: c.userId, timeZone: c.timezone })),
      now,
    );
    const lastAssigned = await this.repository.lastAssignedAt(tx, ids);
    const candidates: DistributionCandidate[] = contractors.map((contractor) => ({
      ...this.unlimited(contractor, now),
      estimateMid: estimateFor(contractor).mid,
      assignedToday: today.get(contractor.userId) ?? 0,
      leadsThisMonth: thisMonth.get(contractor.userId) ?? 0,
      lastAssignedAt: lastAssigned.get(contractor.userId) ?? null,
    }));
    const decision = distributeLead(target, candidates);

    const assigned: Assignment[] = [];
    for (const ownerId of decision.assignees) {
      const contractor = contractors.find((item) => item.userId === ownerId)!;
      const estimate = estimateFor(contractor);
      const { score, reasons } = scoreOwnerLead(
        { ...lead, material, estimateMid: estimate.mid },
        {
          idealCustomerValue: contractor.idealCustomerValue,
          areasOfService: contractor.areasOfService,
        },
      );
      // The lead, its timeline entry and its `lead.captured` event (the e-mail), as capture does.
      // Capacity was checked under the same lock, so it is stored visible.
      const row = await this.ownerLeads.createInTransaction(
        tx,
        {
          ...leadColumns(lead, lead.roofArea, estimate),
          id: randomUUID(),
          ownerId,
          material,
          isHomeowner: isHomeowner(lead.ownership),
          score,
          scoreReasons: reasons,
          source: 'marketplace',
          // The main site's estimator asks for no consent to texts.
          ...NO_TEXT_CONSENT,
          // Its visit was the main site's, not this contractor's.
          visitId: null,
        },
        { subscription: contractor.subscription, timeZone: contractor.timezone },
        thisMonth.get(ownerId) ?? 0,
        now,
      );
      const leadId = row.id;
      await this.repository.createAssignment(tx, {
        mainSiteLeadId: lead.id,
        userId: ownerId,
        leadId,
        createdAt: now,
      });
      assigned.push({ ownerId, leadId, row });
    }
    await this.repository.markDistributed(tx, lead.id, now);
    return {
      outcome: assigned.length > 0 ? 'distributed' : 'no-eligible-contractor',
      assigned,
    };
  }

  /** The candidate's plan and profile, with counts that do not limit it yet. */
  private unlimited(
    contractor: ContractorRow,
    now: Date,
  ): Omit<DistributionCandidate, 'estimateMid'> {
    return {
      userId: contractor.userId,
      planActive: planLevel(contractor.subscription, now) !== NO_PLAN_LEVEL,
      areasOfService: contractor.areasOfService,
      leadType: contractor.leadType,
      idealCustomerValue: contractor.idealCustomerValue,
      leadsPerDay: contractor.leadsPerDay,
      assignedToday: 0,
      monthlyLimit: leadAllowance(contractor.subscription, now),
      leadsThisMonth: 0,
      lastAssignedAt: null,
    };
  }
}
