export const PLAN_IDS = ['starter', 'smart', 'instant'] as const;

export type PlanId = (typeof PLAN_IDS)[number];

/** Starter 1, Smart 2, Instant 3; no active plan is 0 (spec section 4). */
export type PlanLevel = 0 | 1 | 2 | 3;

export const NO_PLAN_LEVEL = 0;

export interface Plan {
  id: PlanId;
  name: string;
  level: Exclude<PlanLevel, 0>;
  /** Monthly price in US cents. */
  priceCents: number;
  /** Leads a month; null is unlimited. */
  monthlyLeadLimit: number | null;
  mostPopular: boolean;
  /** The plan card's bullets (spec section 9). */
  features: readonly string[];
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  starter: {
    id: 'starter',
    name: 'Starter Estimator',
    level: 1,
    priceCents: 1700,
    monthlyLeadLimit: 10,
    mostPopular: false,
    features: [
      'Website embed',
      'Lead-management CRM',
      'Pipeline stages and notes',
      'Email notifications',
    ],
  },
  smart: {
    id: 'smart',
    name: 'Smart Estimator',
    level: 2,
    priceCents: 4700,
    monthlyLeadLimit: 50,
    mostPopular: true,
    features: [
      'Everything in Starter',
      'Lead-generation website creation',
      'Shareable link',
      'Custom colors',
      'Custom material pricing',
      'AI lead scoring',
      'Zapier/API and webhooks',
      'Automated follow-ups',
    ],
  },
  instant: {
    id: 'instant',
    name: 'Instant Estimator',
    level: 3,
    priceCents: 9700,
    monthlyLeadLimit: null,
    mostPopular: false,
    features: ['Everything in Smart', 'Custom logo', 'Unlimited lead capture', 'No set-up fee'],
  },
};

/** The plans in ascending order, as the pricing section and the subscription tab list them. */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Commercial terms from the landing page and the terms of service (spec sections 1 and 9). */
export const BILLING_TERMS = {
  promoCode: 'QUOTE20',
  promoPercentOff: 20,
  moneyBackDays: 14,
  refundProcessingText: '7-10 business days',
  liabilityCapMonths: 12,
  uptimePercent: 99.9,
  privacyReplyDays: 30,
  minimumAge: 18,
} as const;

export const FEATURE_IDS = [
  'embed',
  'preview',
  'autosave',
  'crm',
  'notifications',
  'shareLink',
  'customColors',
  'customPricing',
  'aiScoring',
  'api',
  'followups',
  'calendar',
  'analytics',
  'analyticsBreakdowns',
  'logo',
  'unlimitedLeads',
] as const;

export type Feature = (typeof FEATURE_IDS)[number];

/**
 * The plan level each gated feature needs (spec section 6): level 1 means any active plan.
 * Notifications are a Starter bullet ('Email notifications'), so any active plan has them.
 */
export const FEATURES: Readonly<
  Record<Feature, { requiredLevel: Exclude<PlanLevel, 0>; label: string }>
> = {
  embed: { requiredLevel: 1, label: 'Website embed' },
  preview: { requiredLevel: 1, label: 'Live preview' },
  autosave: { requiredLevel: 1, label: 'Automatic saving' },
  crm: { requiredLevel: 1, label: 'Lead CRM' },
  notifications: { requiredLevel: 1, label: 'Email notifications' },
  shareLink: { requiredLevel: 2, label: 'Shareable link' },
  customColors: { requiredLevel: 2, label: 'Custom colors' },
  customPricing: { requiredLevel: 2, label: 'Custom material pricing' },
  aiScoring: { requiredLevel: 2, label: 'AI lead scoring' },
  /** API keys, the public API (/api/v1) and webhook endpoints. */
  api: { requiredLevel: 2, label: 'Zapier/API and webhooks' },
  /** The homeowner's follow-up sequence (e-mail and texts) and the contractor's speed-to-lead texts. */
  followups: { requiredLevel: 2, label: 'Automated follow-ups' },
  /** Homeowners booking roof inspections, the Calendar tab and its iCalendar feed. */
  calendar: { requiredLevel: 1, label: 'Inspection booking and calendar feed' },
  /** The Analytics tab's funnel totals (docs/analytics.md). */
  analytics: { requiredLevel: 1, label: 'Funnel analytics' },
  /** The funnel by source, campaign, device, roof material and zip code, and estimate accuracy. */
  analyticsBreakdowns: { requiredLevel: 2, label: 'Advanced analytics' },
  logo: { requiredLevel: 3, label: 'Custom logo' },
  unlimitedLeads: { requiredLevel: 3, label: 'Unlimited leads' },
};

/** A Date, an ISO string (JSON) or epoch milliseconds. */
export type DateInput = Date | string | number;

export interface SubscriptionState {
  plan: PlanId | null;
  /** The payment provider's status: only 'active' counts. */
  status: string | null;
  currentPeriodEnd?: DateInput | null;
}

function toTime(value: DateInput): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/**
 * Active only if the status is 'active' and the period end is missing or in the future
 * (spec section 4). An unreadable period end counts as past, so bad data locks, never unlocks.
 */
export function isSubscriptionActive(
  subscription: Pick<SubscriptionState, 'status' | 'currentPeriodEnd'>,
  now: Date,
): boolean {
  if (subscription.status !== 'active') {
    return false;
  }
  const end = subscription.currentPeriodEnd;
  if (end === null || end === undefined) {
    return true;
  }
  const endTime = toTime(end);
  return !Number.isNaN(endTime) && endTime > now.getTime();
}

export function planLevel(subscription: SubscriptionState, now: Date): PlanLevel {
  if (!isPlanId(subscription.plan) || !isSubscriptionActive(subscription, now)) {
    return NO_PLAN_LEVEL;
  }
  return PLANS[subscription.plan].level;
}

/** The one gate both the API (403) and the UI (locks) ask. */
export function canUseFeature(
  subscription: SubscriptionState,
  feature: Feature,
  now: Date,
): boolean {
  return planLevel(subscription, now) >= FEATURES[feature].requiredLevel;
}

/** The plan the 'Upgrade Required' dialog names for a locked feature. */
export function lowestPlanWithFeature(feature: Feature): Plan {
  const plan = PLAN_LIST.find((candidate) => candidate.level >= FEATURES[feature].requiredLevel);
  if (plan === undefined) {
    throw new Error(`No plan has feature ${feature}`);
  }
  return plan;
}

/**
 * How many leads this period the owner may see: the plan's limit, null for unlimited, 0 without
 * an active plan. Leads past it are stored locked, never refused (ARCHITECTURE.md).
 */
export function leadAllowance(subscription: SubscriptionState, now: Date): number | null {
  if (!isPlanId(subscription.plan) || !isSubscriptionActive(subscription, now)) {
    return 0;
  }
  return PLANS[subscription.plan].monthlyLeadLimit;
}

/**
 * Whether a lead taken back from spam ('Not spam') is locked again: when it counts toward this
 * month (the month's visible leads grew by taking it back) and the month already had its plan's
 * allowance without it. Flagging a lead gives its allowance back (and a locked lead may unlock
 * into it); without this, flagging and taking back one lead after another would show more leads
 * than the plan allows.
 */
export function restoredLeadLocks(
  allowance: number | null,
  visibleBefore: number,
  visibleAfter: number,
): boolean {
  return (
    allowance !== null &&
    allowance > 0 &&
    visibleAfter > visibleBefore &&
    visibleBefore >= allowance
  );
}

/** Whether a new lead arriving after `leadsThisPeriod` others is stored locked. */
export function shouldLockNewLead(
  subscription: SubscriptionState,
  leadsThisPeriod: number,
  now: Date,
): boolean {
  const allowance = leadAllowance(subscription, now);
  return allowance !== null && leadsThisPeriod >= allowance;
}

/** Usage bar fill (spec section 9): count / limit as a percentage, capped at 100; 0 if unlimited. */
export function usagePercent(count: number, limit: number | null): number {
  if (limit === null) {
    return 0;
  }
  if (limit <= 0) {
    return 100;
  }
  return Math.min(100, Math.max(0, (count * 100) / limit));
}

/** 'Limit Reached' shows when the count is at or above a finite limit. */
export function isLimitReached(count: number, limit: number | null): boolean {
  return limit !== null && count >= limit;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Leads received this period that void a refund. The terms say fewer than 20% of the plan's
 * monthly leads, and spell out 4 on Starter (the terms' number, not 20% of 10) and 10 on Smart.
 * Instant is unlimited, so 20% of it means nothing; it uses Smart's 10, the largest finite
 * threshold, so the top plan is never held to a stricter rule than the one below it.
 */
export const REFUND_LEAD_THRESHOLDS: Readonly<Record<PlanId, number>> = {
  starter: 4,
  smart: 10,
  instant: 10,
};

export interface RefundThreshold {
  plan: Plan;
  /** Leads received this period that void the refund. */
  leads: number;
  /** For a plan without a monthly limit: the limited plan whose threshold it borrows. */
  borrowedFrom: Plan | null;
}

/**
 * Every plan's refund threshold, in plan order, for the texts that state the rule (terms of
 * service, the voice assistant): one list, read from REFUND_LEAD_THRESHOLDS, so no text can drift
 * from what refundEligibility enforces.
 */
export function refundThresholds(): RefundThreshold[] {
  return PLAN_LIST.map((plan) => {
    const leads = REFUND_LEAD_THRESHOLDS[plan.id];
    const borrowedFrom =
      plan.monthlyLeadLimit === null
        ? (PLAN_LIST.find(
            (other) =>
              other.monthlyLeadLimit !== null && REFUND_LEAD_THRESHOLDS[other.id] === leads,
          ) ?? null)
        : null;
    return { plan, leads, borrowedFrom };
  });
}

export type RefundReason =
  'eligible' | 'no_plan' | 'no_payment' | 'window_closed' | 'too_many_leads';

export interface RefundEligibility {
  eligible: boolean;
  reason: RefundReason;
  /** What the subscription tab says. */
  message: string;
  /** The last moment a refund may be asked for; null without a first payment. */
  windowEndsAt: Date | null;
}

export interface RefundInput {
  plan: PlanId | null;
  firstPaidAt: DateInput | null;
  leadsThisPeriod: number;
}

/**
 * Money-back rule (spec section 1): within 14 days of the first payment, the 14th day counted
 * in full as 14 × 24 hours from the payment, and while the leads received this period are below
 * the plan's threshold.
 */
export function refundEligibility(input: RefundInput, now: Date): RefundEligibility {
  if (!isPlanId(input.plan)) {
    return {
      eligible: false,
      reason: 'no_plan',
      message: 'There is no plan to refund.',
      windowEndsAt: null,
    };
  }
  const paidAt = input.firstPaidAt === null ? Number.NaN : toTime(input.firstPaidAt);
  if (Number.isNaN(paidAt)) {
    return {
      eligible: false,
      reason: 'no_payment',
      message: 'No payment has been made yet, so there is nothing to refund.',
      windowEndsAt: null,
    };
  }
  const windowEndsAt = new Date(paidAt + BILLING_TERMS.moneyBackDays * DAY_MS);
  if (now.getTime() > windowEndsAt.getTime()) {
    return {
      eligible: false,
      reason: 'window_closed',
      message: `Refunds are available within ${BILLING_TERMS.moneyBackDays} days of the first payment.`,
      windowEndsAt,
    };
  }
  const threshold = REFUND_LEAD_THRESHOLDS[input.plan];
  if (input.leadsThisPeriod >= threshold) {
    return {
      eligible: false,
      reason: 'too_many_leads',
      message: `Refunds are not available after receiving ${threshold} or more leads on the ${PLANS[input.plan].name} plan.`,
      windowEndsAt,
    };
  }
  return {
    eligible: true,
    reason: 'eligible',
    message: `You can request a refund. Refunds are processed in ${BILLING_TERMS.refundProcessingText}.`,
    windowEndsAt,
  };
}
