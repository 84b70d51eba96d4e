import { describe, expect, it } from 'vitest';
import { formatMonthlyPrice } from './format-price';

describe('formatMonthlyPrice', () => {
  it.each([
    [1700, '$17'],
    [4700, '$47'],
    [9700, '$97'],
    [4750, '$47.5'],
    [1999, '$19.99'],
    [0, '$0'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000'],
  ])('%i cents is %s, as toLocaleString writes it', (cents, expected) => {
    expect(formatMonthlyPrice(cents)).toBe(expected);
    expect(formatMonthlyPrice(cents)).toBe(
      `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`,
    );
  });
});
