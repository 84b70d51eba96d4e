import { type Material } from './materials';
import { type Ownership } from './property';
import { matchesServiceArea, type ServiceArea } from './service-area';

export const SCORE_MIN = 0;
export const SCORE_MAX = 100;
/** The score a lead has before anything is known about it, and the leads table's default. */
export const BASE_SCORE = 50;

export type ScoreReasonCode =
  | 'base'
  | 'homeowner'
  | 'premium_material'
  | 'large_roof'
  | 'medium_roof'
  | 'meets_deal_value'
  | 'below_deal_value'
  | 'in_service_area'
  | 'outside_service_area';

export interface ScoreReason {
  code: ScoreReasonCode;
  label: string;
  points: number;
}

export interface LeadScore {
  /** The sum of the reasons' points, clamped to 0-100. */
  score: number;
  reasons: ScoreReason[];
}

/** Points and labels of each reason, so the UI and the docs explain the same numbers. */
export const SCORE_RULES: Readonly<Record<ScoreReasonCode, Omit<ScoreReason, 'code'>>> = {
  base: { label: 'Starting score', points: BASE_SCORE },
  homeowner: { label: 'Owns the home', points: 30 },
  premium_material: { label: 'Premium material (metal, tile or slate)', points: 20 },
  large_roof: { label: 'Roof over 2,000 sq ft', points: 15 },
  medium_roof: { label: 'Roof over 1,500 sq ft', points: 10 },
  meets_deal_value: { label: 'Estimate meets your minimum deal value', points: 10 },
  below_deal_value: { label: 'Estimate below your minimum deal value', points: -15 },
  in_service_area: { label: 'Inside your service area', points: 10 },
  outside_service_area: { label: 'Outside your service area', points: -25 },
};

const PREMIUM_MATERIALS: ReadonlySet<Material> = new Set(['metal', 'tile', 'slate']);

export interface MainSiteScoreInput {
  ownership: Ownership;
  material: Material;
  roofArea: number;
}

function reason(code: ScoreReasonCode): ScoreReason {
  return { code, ...SCORE_RULES[code] };
}

function total(reasons: ScoreReason[]): LeadScore {
  const sum = reasons.reduce((points, item) => points + item.points, 0);
  return { score: Math.min(SCORE_MAX, Math.max(SCORE_MIN, sum)), reasons };
}

function mainSiteReasons(input: MainSiteScoreInput): ScoreReason[] {
  const reasons = [reason('base')];
  if (input.ownership === 'owner') {
    reasons.push(reason('homeowner'));
  }
  if (PREMIUM_MATERIALS.has(input.material)) {
    reasons.push(reason('premium_material'));
  }
  if (input.roofArea > 2000) {
    reasons.push(reason('large_roof'));
  } else if (input.roofArea > 1500) {
    reasons.push(reason('medium_roof'));
  }
  return reasons;
}

/**
 * Main-site lead score (spec section 9): base 50, +30 owner, +20 metal/tile/slate, +15 for a roof
 * over 2000 sq ft or else +10 over 1500, clamped to 0-100.
 */
export function scoreMainSiteLead(input: MainSiteScoreInput): LeadScore {
  return total(mainSiteReasons(input));
}

export interface OwnerScoreInput extends MainSiteScoreInput {
  estimateMid: number;
  zipCode: string;
  address: string;
}

export interface OwnerFitProfile {
  /** Preferred Minimum Deal Value in dollars; null when the contractor has not set one. */
  idealCustomerValue: number | null;
  areasOfService: readonly ServiceArea[];
}

/**
 * Owner-flow lead score (issue 9; the spec leaves it open): the main-site reasons, then fit with
 * this contractor. An average estimate at or above the minimum deal value adds 10, below it takes
 * 15. An address inside the service areas adds 10; outside them takes 25, because a job the
 * contractor cannot serve is worth less than a small one. Each fit reason applies only when the
 * contractor has set that part of the profile.
 */
export function scoreOwnerLead(input: OwnerScoreInput, contractor: OwnerFitProfile): LeadScore {
  const reasons = mainSiteReasons(input);
  if (contractor.idealCustomerValue !== null) {
    reasons.push(
      reason(
        input.estimateMid >= contractor.idealCustomerValue
          ? 'meets_deal_value'
          : 'below_deal_value',
      ),
    );
  }
  if (contractor.areasOfService.length > 0) {
    const inArea = matchesServiceArea(contractor.areasOfService, input);
    reasons.push(reason(inArea ? 'in_service_area' : 'outside_service_area'));
  }
  return total(reasons);
}

export type ScoreBand = 'green' | 'yellow' | 'orange' | 'red';

/** Score colour band (spec section 5): 80+ green, 60-79 yellow, 40-59 orange, below 40 red. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  if (score >= 40) return 'orange';
  return 'red';
}
