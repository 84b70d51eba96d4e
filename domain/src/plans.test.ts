import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  FEATURE_IDS,
  PLANS,
  PLAN_LIST,
  REFUND_LEAD_THRESHOLDS,
  canUseFeature,
  isLimitReached,
  isPlanId,
  isSubscriptionActive,
  leadAllowance,
  lowestPlanWithFeature,
  planLevel,
  refundEligibility,
  refundThresholds,
  restoredLeadLocks,
  shouldLockNewLead,
  usagePercent,
  type Feature,
  type PlanId,
  type PlanLevel,
  type RefundReason,
  type SubscriptionState,
} from './plans';

const now = new Date('2025-03-15T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const future = new Date(now.getTime() + DAY);
const past = new Date(now.getTime() - 1);

function active(plan: PlanId | null): SubscriptionState {
  return { plan, status: 'active', currentPeriodEnd: future };
}

describe('plan catalogue', () => {
  it.each([
    ['starter', 'Starter Estimator', 1700, 10, 1, false],
    ['smart', 'Smart Estimator', 4700, 50, 2, true],
    ['instant', 'Instant Estimator', 9700, null, 3, false],
  ] as const)(
    '%s is %s at %d cents, %s leads, level %d',
    (id, name, cents, limit, level, popular) => {
      expect(PLANS[id]).toMatchObject({
        id,
        name,
        priceCents: cents,
        monthlyLeadLimit: limit,
        level,
        mostPopular: popular,
      });
    },
  );

  it('lists the plans from cheapest to dearest', () => {
    expect(PLAN_LIST.map((plan) => plan.id)).toEqual(['starter', 'smart', 'instant']);
  });

  it.each([
    [
      'starter',
      ['Website embed', 'Lead-management CRM', 'Pipeline stages and notes', 'Email notifications'],
    ],
    [
      'smart',
      [
        'Everything in Starter',
        'Lead-generation website creation',
        'Shareable link',
        'Custom colors',
        'Custom material pricing',
        'AI lead scoring',
        'Zapier/API and webhooks',
        'Automated follow-ups',
      ],
    ],
    ['instant', ['Everything in Smart', 'Custom logo', 'Unlimited lead capture', 'No set-up fee']],
  ] as const)('%s lists the spec bullets', (id, features) => {
    expect(PLANS[id].features).toEqual(features);
  });

  it.each([
    ['starter', true],
    ['instant', true],
    ['Starter', false],
    ['pro', false],
    [null, false],
  ])('isPlanId(%j) is %s', (value, expected) => {
    expect(isPlanId(value)).toBe(expected);
  });
});

describe('isSubscriptionActive', () => {
  it.each<[string, SubscriptionState['status'], SubscriptionState['currentPeriodEnd'], boolean]>([
    ['active, period ends tomorrow', 'active', future, true],
    ['active, no period end', 'active', null, true],
    ['active, period end undefined', 'active', undefined, true],
    ['active, period end as ISO text', 'active', future.toISOString(), true],
    ['active, period end as epoch ms', 'active', future.getTime(), true],
    ['active, period ended a millisecond ago', 'active', past, false],
    ['active, period ends exactly now', 'active', now, false],
    ['active, unreadable period end', 'active', 'soon', false],
    ['trialing', 'trialing', future, false],
    ['past due', 'past_due', future, false],
    ['canceled', 'canceled', future, false],
    ['no status', null, null, false],
  ])('%s: %s', (_case, status, currentPeriodEnd, expected) => {
    expect(isSubscriptionActive({ status, currentPeriodEnd }, now)).toBe(expected);
  });
});

describe('planLevel', () => {
  it.each<[SubscriptionState, PlanLevel]>([
    [active('starter'), 1],
    [active('smart'), 2],
    [active('instant'), 3],
    [active(null), 0],
    [{ plan: 'instant', status: 'canceled', currentPeriodEnd: future }, 0],
    [{ plan: 'smart', status: 'active', currentPeriodEnd: past }, 0],
    [{ plan: 'unknown' as PlanId, status: 'active', currentPeriodEnd: null }, 0],
  ])('%j is level %d', (subscription, level) => {
    expect(planLevel(subscription, now)).toBe(level);
  });
});

describe('canUseFeature', () => {
  // Each row: the feature and whether no plan, Starter, Smart and Instant may use it.
  const matrix: Array<[Feature, boolean, boolean, boolean, boolean]> = [
    ['embed', false, true, true, true],
    ['preview', false, true, true, true],
    ['autosave', false, true, true, true],
    ['crm', false, true, true, true],
    ['notifications', false, true, true, true],
    ['shareLink', false, false, true, true],
    ['customColors', false, false, true, true],
    ['customPricing', false, false, true, true],
    ['aiScoring', false, false, true, true],
    ['api', false, false, true, true],
    ['followups', false, false, true, true],
    ['calendar', false, true, true, true],
    ['analytics', false, true, true, true],
    ['analyticsBreakdowns', false, false, true, true],
    ['logo', false, false, false, true],
    ['unlimitedLeads', false, false, false, true],
  ];

  it('covers every feature', () => {
    expect(matrix.map(([feature]) => feature)).toEqual([...FEATURE_IDS]);
  });

  it.each(matrix)('%s: none %s, starter %s, smart %s, instant %s', (feature, ...expected) => {
    const subscriptions = [active(null), active('starter'), active('smart'), active('instant')];
    expect(subscriptions.map((subscription) => canUseFeature(subscription, feature, now))).toEqual(
      expected,
    );
  });

  it.each(FEATURE_IDS)('locks %s once the period has ended', (feature) => {
    const expired = { plan: 'instant' as const, status: 'active', currentPeriodEnd: past };
    expect(canUseFeature(expired, feature, now)).toBe(false);
  });
});

describe('lowestPlanWithFeature', () => {
  it.each<[Feature, PlanId]>([
    ['embed', 'starter'],
    ['preview', 'starter'],
    ['autosave', 'starter'],
    ['crm', 'starter'],
    ['notifications', 'starter'],
    ['shareLink', 'smart'],
    ['customColors', 'smart'],
    ['customPricing', 'smart'],
    ['aiScoring', 'smart'],
    ['logo', 'instant'],
    ['unlimitedLeads', 'instant'],
  ])('%s first comes with %s', (feature, plan) => {
    expect(lowestPlanWithFeature(feature).id).toBe(plan);
    expect(FEATURES[feature].label).not.toBe('');
  });
});

describe('lead allowance and locking', () => {
  it.each<[SubscriptionState, number | null]>([
    [active('starter'), 10],
    [active('smart'), 50],
    [active('instant'), null],
    [active(null), 0],
    [{ plan: 'smart', status: 'canceled', currentPeriodEnd: future }, 0],
  ])('%j may see %s leads a month', (subscription, allowance) => {
    expect(leadAllowance(subscription, now)).toBe(allowance);
  });

  it.each<[SubscriptionState, number, boolean]>([
    [active('starter'), 9, false],
    [active('starter'), 10, true],
    [active('smart'), 49, false],
    [active('smart'), 50, true],
    [active('instant'), 100000, false],
    [active(null), 0, true],
    [{ plan: 'instant', status: 'past_due', currentPeriodEnd: future }, 0, true],
  ])('%j with %d leads already: the next is locked %s', (subscription, count, locked) => {
    expect(shouldLockNewLead(subscription, count, now)).toBe(locked);
  });

  it.each<[string, number | null, number, number, boolean]>([
    ['a month with room left', 10, 8, 9, false],
    ['a month that reaches its allowance with it', 10, 9, 10, false],
    ['a month whose allowance others already spent', 10, 10, 11, true],
    ['a lead of an earlier month (this month unchanged)', 10, 10, 10, false],
    ['an unlimited plan', null, 500, 501, false],
    ['no active plan (nothing was given back)', 0, 3, 4, false],
  ])(
    'a lead taken back from spam in %s is locked again: %s',
    (_case, allowance, before, after, locks) => {
      expect(restoredLeadLocks(allowance, before, after)).toBe(locks);
    },
  );
});

describe('usage bar', () => {
  it.each<[number, number | null, number, boolean]>([
    [0, 10, 0, false],
    [3, 10, 30, false],
    [9, 10, 90, false],
    [10, 10, 100, true],
    [12, 10, 100, true],
    [25, 50, 50, false],
    [50, 50, 100, true],
    [500, null, 0, false],
    [0, 0, 100, true],
    [-1, 10, 0, false],
  ])('%d of %s leads: %d%%, limit reached %s', (count, limit, percent, reached) => {
    expect(usagePercent(count, limit)).toBe(percent);
    expect(isLimitReached(count, limit)).toBe(reached);
  });
});

describe('refundEligibility', () => {
  const paidAt = new Date('2025-03-01T09:30:00.000Z');
  const at = (days: number, extraMs = 0) => new Date(paidAt.getTime() + days * DAY + extraMs);

  it('uses the terms thresholds', () => {
    expect(REFUND_LEAD_THRESHOLDS).toEqual({ starter: 4, smart: 10, instant: 10 });
  });

  it('lists every plan with its threshold; the unlimited plan names the plan it borrows from', () => {
    expect(
      refundThresholds().map(({ plan, leads, borrowedFrom }) => [plan.id, leads, borrowedFrom?.id]),
    ).toEqual([
      ['starter', 4, undefined],
      ['smart', 10, undefined],
      ['instant', 10, 'smart'],
    ]);
  });

  it.each<[PlanId | null, Date | string | null, number, Date, boolean, RefundReason]>([
    ['starter', paidAt, 3, at(1), true, 'eligible'],
    ['starter', paidAt, 4, at(1), false, 'too_many_leads'],
    ['smart', paidAt, 9, at(1), true, 'eligible'],
    ['smart', paidAt, 10, at(1), false, 'too_many_leads'],
    ['instant', paidAt, 9, at(1), true, 'eligible'],
    ['instant', paidAt, 10, at(1), false, 'too_many_leads'],
    ['starter', paidAt, 0, at(0), true, 'eligible'],
    ['starter', paidAt, 0, at(14), true, 'eligible'],
    ['starter', paidAt, 0, at(14, 1), false, 'window_closed'],
    ['starter', paidAt, 0, at(15), false, 'window_closed'],
    ['smart', paidAt, 0, at(14), true, 'eligible'],
    ['smart', paidAt, 0, at(15), false, 'window_closed'],
    ['smart', paidAt, 10, at(15), false, 'window_closed'],
    ['instant', paidAt.toISOString(), 0, at(14), true, 'eligible'],
    ['starter', null, 0, at(1), false, 'no_payment'],
    ['starter', 'not a date', 0, at(1), false, 'no_payment'],
    [null, paidAt, 0, at(1), false, 'no_plan'],
  ])(
    '%s paid %s with %d leads, asked %s: %s (%s)',
    (plan, firstPaidAt, leads, when, eligible, reason) => {
      const result = refundEligibility({ plan, firstPaidAt, leadsThisPeriod: leads }, when);
      expect(result.eligible).toBe(eligible);
      expect(result.reason).toBe(reason);
      expect(result.message).not.toBe('');
    },
  );

  it('gives the end of the window and the processing time', () => {
    const result = refundEligibility(
      { plan: 'starter', firstPaidAt: paidAt, leadsThisPeriod: 0 },
      at(2),
    );
    expect(result.windowEndsAt).toEqual(at(14));
    expect(result.message).toContain('7-10 business days');
  });

  it('says why not when the lead threshold is reached', () => {
    const result = refundEligibility(
      { plan: 'smart', firstPaidAt: paidAt, leadsThisPeriod: 12 },
      at(2),
    );
    expect(result.message).toBe(
      'Refunds are not available after receiving 10 or more leads on the Smart Estimator plan.',
    );
  });
});
