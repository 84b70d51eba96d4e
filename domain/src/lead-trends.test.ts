import { describe, expect, it } from 'vitest';
import { emptyLeadTrendsFigures, leadTrendsResponseSchema, sumLeadTrends } from './lead-trends';

describe('sumLeadTrends', () => {
  it.each([
    [[], emptyLeadTrendsFigures()],
    [
      [
        { leads: 2, pipelineValue: 20_000, won: 1, wonValue: 12_000, wonWithSoldPrice: 1 },
        { leads: 0, pipelineValue: 0, won: 0, wonValue: 0, wonWithSoldPrice: 0 },
        { leads: 3, pipelineValue: 31_500, won: 2, wonValue: 25_000, wonWithSoldPrice: 0 },
      ],
      { leads: 5, pipelineValue: 51_500, won: 3, wonValue: 37_000, wonWithSoldPrice: 1 },
    ],
  ])('adds up %j', (days, expected) => {
    expect(sumLeadTrends(days)).toEqual(expected);
  });
});

describe('leadTrendsResponseSchema', () => {
  it('refuses dollars that are not whole', () => {
    const day = { day: '2026-11-09', ...emptyLeadTrendsFigures(), pipelineValue: 10.5 };
    const parsed = leadTrendsResponseSchema.safeParse({
      from: '2026-11-09',
      to: '2026-11-09',
      previousFrom: '2026-11-08',
      previousTo: '2026-11-08',
      timeZone: 'UTC',
      daily: [day],
      totals: emptyLeadTrendsFigures(),
      previous: emptyLeadTrendsFigures(),
    });
    expect(parsed.success).toBe(false);
  });
});
