import { describe, expect, it } from 'vitest';
import {
  changeSubscriptionSchema,
  checkoutSchema,
  startOfMonth,
  userIdOnlySchema,
} from './billing';

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
