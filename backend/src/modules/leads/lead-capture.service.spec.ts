import { type SubscriptionState } from '@rafter/domain/plans';
import { lockReason, startOfUtcMonth } from './lead-capture.service';

const now = new Date('2026-11-21T12:00:00Z');
const active = (plan: SubscriptionState['plan']): SubscriptionState => ({
  plan,
  status: 'active',
  currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
});

describe('lockReason', () => {
  it.each<[string, SubscriptionState, number, ReturnType<typeof lockReason>]>([
    ['Starter with 9 leads', active('starter'), 9, null],
    ['Starter with 10 leads', active('starter'), 10, 'monthly_limit'],
    ['Smart with 49 leads', active('smart'), 49, null],
    ['Smart with 50 leads', active('smart'), 50, 'monthly_limit'],
    ['Instant with 10,000 leads', active('instant'), 10_000, null],
    ['no subscription', { plan: null, status: null }, 0, 'no_active_plan'],
    ['a canceled plan', { ...active('instant'), status: 'canceled' }, 0, 'no_active_plan'],
    ['a past_due plan', { ...active('smart'), status: 'past_due' }, 0, 'no_active_plan'],
    [
      'an active plan whose period ended',
      { ...active('smart'), currentPeriodEnd: new Date('2026-11-01T00:00:00Z') },
      0,
      'no_active_plan',
    ],
  ])('%s: %s', (_case, subscription, leadsThisMonth, expected) => {
    expect(lockReason(subscription, leadsThisMonth, now)).toBe(expected);
  });
});

describe('startOfUtcMonth', () => {
  it.each([
    ['2026-11-21T12:00:00Z', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T00:00:00Z', '2026-11-01T00:00:00.000Z'],
    ['2026-10-31T23:59:59.999Z', '2026-10-01T00:00:00.000Z'],
    ['2027-01-01T05:00:00+09:00', '2026-12-01T00:00:00.000Z'],
  ])('%s counts from %s', (at, start) => {
    expect(startOfUtcMonth(new Date(at)).toISOString()).toBe(start);
  });
});
