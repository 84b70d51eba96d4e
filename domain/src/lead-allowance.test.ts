import { describe, expect, it } from 'vitest';
import { type LeadLockReason } from './crm';
import {
  allowanceMonthStart,
  needsMonthCount,
  newLeadLock,
  newLeadLocks,
  unlockRoom,
} from './lead-allowance';
import { type PlanId, type SubscriptionState } from './plans';

const now = new Date('2026-03-15T12:00:00Z');
const active = (plan: PlanId): SubscriptionState => ({
  plan,
  status: 'active',
  currentPeriodEnd: '2026-04-10T00:00:00Z',
});
const none: SubscriptionState = { plan: null, status: null };
const lapsed: SubscriptionState = {
  plan: 'smart',
  status: 'active',
  currentPeriodEnd: '2026-03-01T00:00:00Z',
};
const canceled: SubscriptionState = { plan: 'starter', status: 'canceled' };

describe('allowanceMonthStart', () => {
  it.each([
    ['2026-03-15T12:00:00Z', null, '2026-03-01T00:00:00.000Z'],
    ['2026-02-28T23:59:59.999Z', null, '2026-02-01T00:00:00.000Z'],
    // 1 March 03:00 UTC is still February in Chicago (UTC-6): its month began 1 Feb, 06:00 UTC.
    ['2026-03-01T03:00:00Z', 'America/Chicago', '2026-02-01T06:00:00.000Z'],
    ['2026-03-01T07:00:00Z', 'America/Chicago', '2026-03-01T06:00:00.000Z'],
    // East of UTC the month starts before midnight UTC.
    ['2026-02-28T23:30:00Z', 'Asia/Tokyo', '2026-02-28T15:00:00.000Z'],
    // Summer time: Los Angeles is UTC-7 in July.
    ['2026-07-01T06:00:00Z', 'America/Los_Angeles', '2026-06-01T07:00:00.000Z'],
    ['2026-03-15T12:00:00Z', 'Not/AZone', '2026-03-01T00:00:00.000Z'],
  ])('at %s in %s the month began %s', (at, zone, expected) => {
    expect(allowanceMonthStart(zone, new Date(at)).toISOString()).toBe(expected);
  });
});

describe('newLeadLock', () => {
  it.each<[string, SubscriptionState, number, LeadLockReason | null]>([
    ['Starter with 9 counted', active('starter'), 9, null],
    ['Starter with 10 counted', active('starter'), 10, 'monthly_limit'],
    [
      'Starter with 12 counted (after a spam flag was taken back)',
      active('starter'),
      12,
      'monthly_limit',
    ],
    ['Smart with 49 counted', active('smart'), 49, null],
    ['Smart with 50 counted', active('smart'), 50, 'monthly_limit'],
    ['Instant with 10,000 counted', active('instant'), 10_000, null],
    ['no plan with 0 counted', none, 0, 'no_active_plan'],
    ['a plan past its period end', lapsed, 0, 'no_active_plan'],
    ['a canceled plan', canceled, 0, 'no_active_plan'],
    ['a past_due plan', { ...active('smart'), status: 'past_due' }, 0, 'no_active_plan'],
  ])('%s → %s', (_, subscription, counted, expected) => {
    expect(newLeadLock(subscription, counted, now)).toBe(expected);
  });
});

describe('newLeadLocks', () => {
  it.each<[string, SubscriptionState, number, number, (LeadLockReason | null)[]]>([
    [
      'a batch crossing Starter’s limit',
      active('starter'),
      8,
      4,
      [null, null, 'monthly_limit', 'monthly_limit'],
    ],
    ['a batch just filling it', active('starter'), 7, 3, [null, null, null]],
    ['a batch after it', active('starter'), 10, 2, ['monthly_limit', 'monthly_limit']],
    ['Instant', active('instant'), 500, 2, [null, null]],
    ['no plan', none, 0, 2, ['no_active_plan', 'no_active_plan']],
    ['nothing arriving', active('smart'), 3, 0, []],
  ])('%s', (_, subscription, counted, arriving, expected) => {
    expect(newLeadLocks(subscription, counted, arriving, now)).toEqual(expected);
  });
});

describe('unlockRoom', () => {
  it.each<[string, SubscriptionState, number, number | null]>([
    ['Starter with 7 counted', active('starter'), 7, 3],
    ['Starter at its limit', active('starter'), 10, 0],
    ['Starter over it', active('starter'), 12, 0],
    ['Smart, new month', active('smart'), 0, 50],
    ['Instant', active('instant'), 80, null],
    ['no plan', none, 0, 0],
    ['a lapsed plan', lapsed, 0, 0],
  ])('%s → %s', (_, subscription, counted, expected) => {
    expect(unlockRoom(subscription, counted, now)).toBe(expected);
  });
});

describe('needsMonthCount', () => {
  it.each<[string, SubscriptionState, boolean]>([
    ['Starter', active('starter'), true],
    ['Smart', active('smart'), true],
    ['Instant', active('instant'), false],
    ['no plan', none, false],
  ])('%s → %s', (_, subscription, expected) => {
    expect(needsMonthCount(subscription, now)).toBe(expected);
  });
});
