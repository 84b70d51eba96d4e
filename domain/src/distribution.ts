import { wallClockUtc } from './billing';
import { matchesServiceArea, type ServiceArea } from './service-area';

/** A shared main-site lead goes to at most this many contractors. */
export const MAX_SHARED_ASSIGNEES = 3;

export type LeadType = 'shared' | 'exclusive';

/** The main-site lead being offered. */
export interface DistributionLead {
  id: string;
  zipCode: string;
  address: string;
}

/** One contractor that could receive the lead, with what it has received so far. */
export interface DistributionCandidate {
  userId: string;
  /** The plan is active (status active, period not over); inactive ones never receive leads. */
  planActive: boolean;
  areasOfService: readonly ServiceArea[];
  leadType: LeadType;
  /** Preferred minimum deal value in dollars; null when not set (every estimate meets it). */
  idealCustomerValue: number | null;
  /** The average estimate at this contractor's own prices. */
  estimateMid: number;
  leadsPerDay: number;
  /** Main-site leads assigned to it since the start of its day (its time zone, else UTC). */
  assignedToday: number;
  /** The plan's leads a month; null is unlimited. */
  monthlyLimit: number | null;
  /** Leads of every source it received this month, as the plan's monthly limit counts them. */
  leadsThisMonth: number;
  /** When it last received a main-site lead; null if never. */
  lastAssignedAt: Date | null;
}

export type SkipReason =
  'no_active_plan' | 'outside_service_area' | 'daily_limit' | 'monthly_limit' | 'not_chosen';

export interface Distribution {
  /** Who receives the lead, in the order they were chosen. */
  assignees: string[];
  /** 'none' when nobody is eligible. */
  mode: LeadType | 'none';
  /** Why each other candidate did not receive it. */
  skipped: Record<string, SkipReason>;
}

/** Why a candidate cannot receive the lead at all, or null if it can. */
export function ineligibility(
  lead: DistributionLead,
  candidate: DistributionCandidate,
): Exclude<SkipReason, 'not_chosen'> | null {
  if (!candidate.planActive) return 'no_active_plan';
  if (!matchesServiceArea(candidate.areasOfService, lead)) return 'outside_service_area';
  if (candidate.assignedToday >= candidate.leadsPerDay) return 'daily_limit';
  if (candidate.monthlyLimit !== null && candidate.leadsThisMonth >= candidate.monthlyLimit) {
    return 'monthly_limit';
  }
  return null;
}

/** 32-bit FNV-1a: a stable tie-break that does not always favour the same contractor. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function meetsDealValue(candidate: DistributionCandidate): boolean {
  return (
    candidate.idealCustomerValue === null || candidate.idealCustomerValue <= candidate.estimateMid
  );
}

/**
 * The order in which eligible contractors are offered a lead: first those whose minimum deal
 * value the estimate meets, then (round-robin) the one that waited longest since its last
 * main-site lead, a contractor that never had one first; among equals a hash of lead and
 * contractor id, then the id itself, so the order is fixed for a lead yet differs between leads.
 */
export function compareCandidates(
  lead: DistributionLead,
  a: DistributionCandidate,
  b: DistributionCandidate,
): number {
  const fit = Number(meetsDealValue(b)) - Number(meetsDealValue(a));
  if (fit !== 0) return fit;
  const last = (candidate: DistributionCandidate) =>
    candidate.lastAssignedAt === null
      ? Number.NEGATIVE_INFINITY
      : candidate.lastAssignedAt.getTime();
  if (last(a) !== last(b)) return last(a) < last(b) ? -1 : 1;
  const hash = fnv1a(`${lead.id}:${a.userId}`) - fnv1a(`${lead.id}:${b.userId}`);
  if (hash !== 0) return hash;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/**
 * Decides who receives a main-site lead. Pure and deterministic: the same lead and candidates
 * always give the same answer.
 *
 * Eligible: an active plan, a service area covering the lead (`matchesServiceArea`), fewer
 * main-site leads today than its leads per day, and room in the plan's monthly limit. The
 * eligible are ranked by `compareCandidates`. The first in that order decides the kind of lead:
 * an exclusive contractor takes it alone; a shared one takes it with the next shared contractors
 * in order, up to MAX_SHARED_ASSIGNEES together (exclusive contractors are passed over then, and
 * keep their place for the next lead).
 */
export function distributeLead(
  lead: DistributionLead,
  candidates: readonly DistributionCandidate[],
): Distribution {
  const skipped: Record<string, SkipReason> = {};
  const eligible: DistributionCandidate[] = [];
  for (const candidate of candidates) {
    const reason = ineligibility(lead, candidate);
    if (reason === null) eligible.push(candidate);
    else skipped[candidate.userId] = reason;
  }
  eligible.sort((a, b) => compareCandidates(lead, a, b));

  const first = eligible[0];
  if (first === undefined) return { assignees: [], mode: 'none', skipped };
  const chosen =
    first.leadType === 'exclusive'
      ? [first]
      : eligible
          .filter((candidate) => candidate.leadType === 'shared')
          .slice(0, MAX_SHARED_ASSIGNEES);
  const assignees = chosen.map((candidate) => candidate.userId);
  for (const candidate of eligible) {
    if (!assignees.includes(candidate.userId)) skipped[candidate.userId] = 'not_chosen';
  }
  return { assignees, mode: first.leadType, skipped };
}

/**
 * First instant of the calendar day `now` falls in, in an IANA time zone (else UTC): the
 * contractor's "today" for leads per day. An unknown zone counts by UTC.
 */
export function startOfDay(now: Date, timeZone: string | null): Date {
  const utcStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (!timeZone) return new Date(utcStart);
  try {
    const local = new Date(wallClockUtc(now.getTime(), timeZone));
    const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
    // The zone's offset at the guess, then again at the corrected instant (DST changes).
    const first = guess - (wallClockUtc(guess, timeZone) - guess);
    return new Date(guess - (wallClockUtc(first, timeZone) - first));
  } catch {
    return new Date(utcStart);
  }
}
