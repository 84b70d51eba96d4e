import { describe, expect, it } from 'vitest';
import { leadSoldPriceSchema, parseDollars } from './sold-price';

describe('leadSoldPriceSchema', () => {
  it.each<[unknown, string | null]>([
    [{ soldPrice: 12500 }, null],
    [{ soldPrice: null }, null],
    [{ soldPrice: 2_000_000 }, null],
    [{ soldPrice: 0 }, 'Sold price must be more than $0'],
    [{ soldPrice: -5 }, 'Sold price must be more than $0'],
    [{ soldPrice: 12500.5 }, 'Sold price must be whole dollars'],
    [{ soldPrice: 2_000_001 }, 'Sold price must be at most $2,000,000'],
    [{ soldPrice: '12500' }, 'Sold price must be a number of dollars'],
    [{}, 'Sold price must be a number of dollars'],
  ])('%j: %s', (body, message) => {
    const result = leadSoldPriceSchema.safeParse(body);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });
});

describe('parseDollars', () => {
  it.each<[string, number | null]>([
    ['12500', 12500],
    ['$12,500', 12500],
    [' 12 500 ', 12500],
    ['12500.50', 12500.5],
    ['', null],
    ['  ', null],
    ['twelve', Number.NaN],
    ['-5', Number.NaN],
  ])('%j is %d', (text, expected) => {
    expect(parseDollars(text)).toEqual(expected);
  });
});
