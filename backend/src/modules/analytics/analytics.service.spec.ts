import { daysBetween } from './analytics.service';

describe('daysBetween', () => {
  it.each([
    ['2026-11-09', '2026-11-09', ['2026-11-09']],
    ['2026-11-30', '2026-12-02', ['2026-11-30', '2026-12-01', '2026-12-02']],
    // Across the end of daylight saving time in the US: still one entry per calendar day.
    ['2026-10-31', '2026-11-02', ['2026-10-31', '2026-11-01', '2026-11-02']],
    ['2028-02-28', '2028-03-01', ['2028-02-28', '2028-02-29', '2028-03-01']],
  ])('%s to %s', (from, to, days) => {
    expect(daysBetween(from, to)).toEqual(days);
  });

  it('gives a year-long range every day', () => {
    expect(daysBetween('2026-01-01', '2026-12-31')).toHaveLength(365);
  });
});
