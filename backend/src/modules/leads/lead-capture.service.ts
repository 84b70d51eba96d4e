import { Inject, Injectable, Logger } from '@nestjs/common';
import { computeEstimate, type Estimate } from '@rafter/domain/estimate';
import {
  type AntiSpam,
  type CaptureLeadPayload,
  type CaptureSource,
  type FormTokenClaims,
  type LeadInput,
  type MainSiteLeadPayload,
  spamVerdict,
  type SpamVerdict,
} from '@rafter/domain/lead';
import { scoreMainSiteLead, scoreOwnerLead } from '@rafter/domain/lead-score';
import {
  DEFAULT_MATERIAL_PRICING,
  MATERIAL_LABELS,
  mergeMaterialPricing,
} from '@rafter/domain/materials';
import { isHomeowner } from '@rafter/domain/property';
import { leadRoofArea } from '@rafter/domain/roof-measurement';
import { TEXT_CONSENT_WORDING } from '@rafter/domain/text-consent';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { OutboxService } from '../../core/outbox/outbox.service';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { RoofMeasurementService } from '../calculator/roof-measurement.service';
import { FormTokenService } from './form-token.service';
import { type CaptureOwner, LeadCaptureRepository } from './lead-capture.repository';
import { LeadsException } from './leads.exception';
import { leadColumns, NO_TEXT_CONSENT, type NewLeadRow } from './lead-row';
import { OwnerLeadsService } from './owner-leads.service';

const TEN_MINUTES_MS = 10 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

export interface CapturedLead {
  id: string;
  roofArea: number;
  estimate: Estimate;
  score: number;
}

/**
 * Quote requests from the estimator. The server decides the roof area, estimate and score from
 * its own data (the client's numbers are only what the homeowner saw), drops bots silently,
 * rate-limits per visitor and per contractor, and stores owner-flow leads with their outbox event
 * in one transaction.
 */
@Injectable()
export class LeadCaptureService {
  private readonly logger = new Logger(LeadCaptureService.name);

  constructor(
    private readonly repository: LeadCaptureRepository,
    private readonly roofMeasurements: RoofMeasurementService,
    private readonly rateLimit: RateLimitService,
    private readonly outbox: OutboxService,
    private readonly ownerLeads: OwnerLeadsService,
    private readonly formTokens: FormTokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async captureOwnerLead(
    payload: CaptureLeadPayload,
    clientIp: string,
    now = new Date(),
  ): Promise<CapturedLead> {
    const claims = this.screen(payload, payload.ownerId, now);
    if ('verdict' in claims) return this.dropSpam(claims.verdict, 'owner', payload.lead);
    this.repository.shedWhileDown();
    await this.limitVisitor(clientIp);
    await this.rateLimit.consume(
      {
        name: 'capture-owner',
        limit: this.config.RATE_LIMIT_CAPTURE_PER_OWNER,
        windowMs: ONE_HOUR_MS,
      },
      payload.ownerId,
    );
    // The contractor is looked up while the token is spent: two round trips at once, not one
    // after the other. A replayed token within the visitor's limit costs a lookup it did not
    // need (shared with the requests arriving with it).
    const owner = this.findOwner(payload.ownerId, payload.lead, now);
    owner.catch(() => {});
    if (!(await this.redeem(claims, payload, now))) {
      return this.dropSpam('reused_token', 'owner', payload.lead);
    }

    const consent = payload.textConsent
      ? { textConsentAt: now, textConsentIp: clientIp, textConsentWording: TEXT_CONSENT_WORDING }
      : NO_TEXT_CONSENT;
    return this.store(
      payload.ownerId,
      payload.lead,
      payload.source ?? 'widget',
      now,
      // Named field first: see store (docs/decisions/0044).
      { visitId: payload.visitId ?? null, ...consent },
      await owner,
    );
  }

  /**
   * A lead the contractor's own systems send through the public API (a phone call, a walk-in):
   * no form token or visitor limits (the API key and its rate limit stand for those), but the
   * same roof area, estimate, score, allowance count and lock as a quote request.
   */
  async createFromApi(ownerId: string, lead: LeadInput, now = new Date()): Promise<CapturedLead> {
    const owner = await this.findOwner(ownerId, lead, now);
    return this.store(ownerId, lead, 'api', now, { visitId: null, ...NO_TEXT_CONSENT }, owner);
  }

  /** The contractor as capture needs it, with the roof measured at the lead's marker. */
  private findOwner(ownerId: string, lead: LeadInput, now: Date): Promise<CaptureOwner | null> {
    return this.repository.findOwner(
      ownerId,
      this.roofMeasurements.locationKey(lead),
      this.roofMeasurements.freshSince(now),
    );
  }

  private async store(
    ownerId: string,
    lead: LeadInput,
    source: CaptureSource | 'api',
    now: Date,
    /** Consent to texts and the analytics visit, as the request brought them. */
    provenance: Pick<
      NewLeadRow,
      'textConsentAt' | 'textConsentIp' | 'textConsentWording' | 'visitId'
    >,
    /** The contractor (findOwner), null when there is none. */
    owner: CaptureOwner | null,
  ): Promise<CapturedLead> {
    if (!owner) throw new LeadsException('owner_not_found');
    const roofArea = leadRoofArea(owner.measurement, lead);

    const estimate = computeEstimate(roofArea, mergeMaterialPricing(owner.prices)[lead.material]);
    const { score, reasons } = scoreOwnerLead(
      {
        ownership: lead.ownership,
        material: lead.material,
        roofArea,
        estimateMid: estimate.mid,
        zipCode: lead.zipCode,
        address: lead.address,
      },
      { idealCustomerValue: owner.idealCustomerValue, areasOfService: owner.areasOfService },
    );
    const started = performance.now();
    // Counted toward the month and locked past the plan's allowance in the same statement as the
    // quote requests arriving with it (OwnerLeadsService, domain/src/lead-allowance.ts).
    // The literal starts with a named field, not the spread: on Node 20 a literal that starts with
    // a spread and then adds fields gets a hidden class of its own, built anew for every lead
    // (about 10 µs) and left for the old generation's collector (docs/decisions/0044).
    const row = await this.ownerLeads.create(
      {
        id: randomUUID(),
        ...leadColumns(lead, roofArea, estimate),
        ownerId,
        material: lead.material,
        isHomeowner: isHomeowner(lead.ownership),
        score,
        scoreReasons: reasons,
        source,
        ...provenance,
      },
      owner,
      now,
    );
    const { id, lockedReason } = row;
    this.logger.log(
      { leadId: id, ownerId, source, lockedReason, ms: Math.round(performance.now() - started) },
      'Lead captured',
    );
    return { id, roofArea, estimate, score };
  }

  /**
   * The main site's estimator: no contractor yet, default prices, the spec's score. The worker
   * then offers the lead to contractors.
   */
  async captureMainSiteLead(
    payload: MainSiteLeadPayload,
    clientIp: string,
    now = new Date(),
  ): Promise<CapturedLead> {
    const claims = this.screen(payload, null, now);
    if ('verdict' in claims) return this.dropSpam(claims.verdict, 'main_site', payload.lead);
    this.repository.shedWhileDown();
    await this.limitVisitor(clientIp);
    if (!(await this.redeem(claims, payload, now))) {
      return this.dropSpam('reused_token', 'main_site', payload.lead);
    }

    const { lead } = payload;
    const roofArea = await this.roofArea(lead, now);
    const estimate = computeEstimate(roofArea, DEFAULT_MATERIAL_PRICING[lead.material]);
    const { score } = scoreMainSiteLead({
      ownership: lead.ownership,
      material: lead.material,
      roofArea,
    });
    // The row and its distribution event commit together (docs/lead-distribution.md).
    const id = await this.repository.inTransaction(async (tx) => {
      const mainSiteLeadId = await this.repository.createMainSiteLead(tx, {
        material: MATERIAL_LABELS[lead.material],
        leadScore: score,
        ...leadColumns(lead, roofArea, estimate),
      });
      await this.outbox.add(tx, 'main-site-lead.captured', { mainSiteLeadId });
      return mainSiteLeadId;
    });
    this.logger.log({ mainSiteLeadId: id }, 'Main-site lead captured');
    return { id, roofArea, estimate, score };
  }

  /**
   * The form token's claims when the request passes the bot traps (honeypot, a valid token of
   * this calculator, filled no faster than a person could), else the verdict.
   */
  private screen(
    fields: AntiSpam,
    ownerId: string | null,
    now: Date,
  ): FormTokenClaims | { verdict: NonNullable<SpamVerdict> } {
    const token = this.formTokens.check(fields.formToken, now);
    const verdict = spamVerdict(fields, token, ownerId, now);
    if (verdict) return { verdict };
    return (token as { claims: FormTokenClaims }).claims;
  }

  /**
   * Spends the token: false when it was spent before. Under a burst without a solved challenge,
   * answers 428 with a challenge bound to this token, which stays unspent for the retry.
   */
  private async redeem(claims: FormTokenClaims, fields: AntiSpam, now: Date): Promise<boolean> {
    const result = await this.formTokens.redeem(claims, fields.challengeSolution, now);
    if (result === 'challenge') {
      throw new LeadsException('challenge_required', {
        challenge: await this.formTokens.challenge(claims),
      });
    }
    return result === 'ok';
  }

  /** Leads from one visitor, both flows together. */
  private limitVisitor(clientIp: string): Promise<void> {
    return this.rateLimit.consumeForClient(
      {
        name: 'capture-ip',
        limit: this.config.RATE_LIMIT_CAPTURE_PER_IP,
        windowMs: TEN_MINUTES_MS,
      },
      clientIp,
    );
  }

  /**
   * The roof measured at the lead's marker is the real area; otherwise the simulation for these
   * stories and material.
   */
  private async roofArea(lead: LeadInput, now: Date): Promise<number> {
    const measured = await this.roofMeasurements.findMeasured(lead, now);
    return leadRoofArea(measured, lead);
  }

  /**
   * A bot gets the answer a person would (a new id and plausible numbers, from the defaults and
   * the simulation, with no database work), so it learns nothing; nothing is stored.
   */
  private dropSpam(
    verdict: NonNullable<SpamVerdict> | 'reused_token',
    flow: 'owner' | 'main_site',
    lead: LeadInput,
  ): CapturedLead {
    this.logger.log({ verdict, flow }, 'Automated submission dropped');
    const roofArea = leadRoofArea(null, lead);
    const estimate = computeEstimate(roofArea, DEFAULT_MATERIAL_PRICING[lead.material]);
    return {
      id: randomUUID(),
      roofArea,
      estimate,
      score: scoreMainSiteLead({ ownership: lead.ownership, material: lead.material, roofArea })
        .score,
    };
  }
}
