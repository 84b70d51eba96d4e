import { describe, expect, it } from 'vitest';
import {
  changeSubscriptionSchema,
  checkoutSchema,
  planChangeDirection,
  planChangePath,
  planChangeTimings,
  startOfMonth,
  userIdOnlySchema,
} from './billing';
import type { PlanId } from './plans';

describe('checkoutSchema', () => {
  it.each(['starter', 'smart', 'instant'])('accepts productId %s', (productId) => {
    expect(checkoutSchema.parse({ productId })).toEqual({ productId });
  });

  it.each([
    [{}, 'Product id is required'],
    [{ productId: 'gold' }, 'Product id must be one of starter, smart, instant'],
    [{ productId: 'smart', userId: 42 }, 'User id must be text'],
  ])('rejects %j with "%s"', (body, message) => {
    const result = checkoutSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps the optional userId and email', () => {
    expect(checkoutSchema.parse({ userId: 'u1', productId: 'smart', email: 'a@b.co' })).toEqual({
      userId: 'u1',
      productId: 'smart',
      email: 'a@b.co',
    });
  });
});

describe('changeSubscriptionSchema', () => {
  it('needs newProductId', () => {
    expect(changeSubscriptionSchema.safeParse({ userId: 'u1' }).error?.issues[0]?.message).toBe(
      'New product id is required',
    );
    expect(changeSubscriptionSchema.parse({ newProductId: 'instant' })).toEqual({
      newProductId: 'instant',
    });
  });
});

describe('userIdOnlySchema', () => {
  it('accepts an empty body and a userId', () => {
    expect(userIdOnlySchema.parse({})).toEqual({});
    expect(userIdOnlySchema.parse({ userId: 'u1' })).toEqual({ userId: 'u1' });
  });
});

describe('startOfMonth', () => {
  it.each([
    ['2025-03-15T12:00:00Z', null, '2025-03-01T00:00:00.000Z'],
    ['2025-03-01T03:00:00Z', 'America/Chicago', '2025-02-01T06:00:00.000Z'],
    ['2025-03-15T12:00:00Z', 'America/Chicago', '2025-03-01T06:00:00.000Z'],
    ['2025-07-01T06:00:00Z', 'America/Los_Angeles', '2025-06-01T07:00:00.000Z'],
    ['2025-07-01T06:00:00Z', 'America/New_York', '2025-07-01T04:00:00.000Z'],
    ['2025-03-15T12:00:00Z', 'Not/AZone', '2025-03-01T00:00:00.000Z'],
  ])('%s in %s starts at %s', (now, zone, expected) => {
    expect(startOfMonth(new Date(now), zone).toISOString()).toBe(expected);
  });
});

describe('plan changes', () => {
  it.each<[PlanId, PlanId, 'upgrade' | 'downgrade', readonly string[]]>([
    ['starter', 'smart', 'upgrade', ['now']],
    ['starter', 'instant', 'upgrade', ['now']],
    ['smart', 'instant', 'upgrade', ['now']],
    ['instant', 'smart', 'downgrade', ['period_end', 'now']],
    ['instant', 'starter', 'downgrade', ['period_end', 'now']],
    ['smart', 'starter', 'downgrade', ['period_end', 'now']],
  ])('%s → %s is an %s, timings %j', (from, to, direction, timings) => {
    expect(planChangeDirection(from, to)).toBe(direction);
    expect(planChangeTimings(from, to)).toEqual(timings);
  });

  it('sends a subscriber to the confirmation of the plan', () => {
    expect(planChangePath('smart')).toBe('/dashboard?tab=subscription&change=smart');
  });

  it.each<[object, string | null]>([
    [{ newProductId: 'smart' }, null],
    [{ newProductId: 'smart', timing: 'period_end', prorationDate: 1_800_000_000 }, null],
    [{ newProductId: 'smart', timing: 'later' }, 'Timing must be one of now, period_end'],
    [
      { newProductId: 'smart', prorationDate: 1.5 },
      'Proration date must be a Unix time in seconds',
    ],
    [{ newProductId: 'smart', expectedAmountDue: -1 }, 'Expected amount due must not be negative'],
  ])('change payload %j: %s', (payload, error) => {
    const result = changeSubscriptionSchema.safeParse(payload);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(error);
  });
});
