import { describe, expect, it } from 'vitest';
import {
  homeownerTimeZones,
  isTextingAllowed,
  quietHoursCheck,
  US_TIME_ZONES,
  zipTimeZone,
} from './quiet-hours';

describe('zipTimeZone', () => {
  it.each<[string, string | null]>([
    ['10001', 'America/New_York'],
    ['78701', 'America/Chicago'],
    ['80202', 'America/Denver'],
    ['85001', 'America/Phoenix'], // Arizona keeps standard time all year
    ['90210', 'America/Los_Angeles'],
    ['96813', 'Pacific/Honolulu'],
    ['99501', 'America/Anchorage'],
    ['00000', null],
    ['7870', null],
  ])('%s is in %s', (zip, zone) => {
    expect(zipTimeZone(zip)).toBe(zone);
  });

  it('an unknown zip code must respect every US zone', () => {
    expect(homeownerTimeZones('00000')).toEqual(US_TIME_ZONES);
    expect(homeownerTimeZones('78701')).toEqual(['America/Chicago']);
  });
});

describe('quietHoursCheck', () => {
  it.each<[string, string, string | null]>([
    // [now (UTC), zone, retryAt (UTC) or null when allowed now]
    ['2026-07-15T12:00:00Z', 'America/New_York', null], // 8:00 EDT: the window opens
    ['2026-07-15T11:59:00Z', 'America/New_York', '2026-07-15T12:00:00Z'], // 7:59 EDT
    ['2026-07-16T00:59:00Z', 'America/New_York', null], // 20:59 EDT
    ['2026-07-16T01:00:00Z', 'America/New_York', '2026-07-16T12:00:00Z'], // 21:00 EDT
    ['2026-01-15T12:30:00Z', 'America/New_York', '2026-01-15T13:00:00Z'], // 7:30 EST
    // Spring forward (8 March 2026, 2 am → 3 am): 8:00 EDT is 12:00 UTC, not 13:00.
    ['2026-03-08T06:00:00Z', 'America/New_York', '2026-03-08T12:00:00Z'],
    // Fall back (1 November 2026): 8:00 EST is 13:00 UTC.
    ['2026-11-01T05:30:00Z', 'America/New_York', '2026-11-01T13:00:00Z'],
    // Arizona has no daylight saving: 8:00 MST is 15:00 UTC in summer and winter.
    ['2026-07-15T14:00:00Z', 'America/Phoenix', '2026-07-15T15:00:00Z'],
    ['2026-01-15T14:00:00Z', 'America/Phoenix', '2026-01-15T15:00:00Z'],
    // Denver in summer is an hour ahead of Phoenix.
    ['2026-07-15T14:00:00Z', 'America/Denver', null],
    // Hawaii (UTC-10, no DST): 21:00 HST is 07:00 UTC the next day.
    ['2026-07-16T06:59:00Z', 'Pacific/Honolulu', null],
    ['2026-07-16T07:00:00Z', 'Pacific/Honolulu', '2026-07-16T18:00:00Z'],
    ['2026-07-15T20:00:00Z', 'Pacific/Honolulu', null], // 10:00 HST
    // Mid-morning in Chicago is allowed; late evening waits for tomorrow's 8:00 CDT.
    ['2026-07-15T15:00:00Z', 'America/Chicago', null],
    ['2026-07-16T03:10:00Z', 'America/Chicago', '2026-07-16T13:00:00Z'],
  ])('at %s in %s: retry at %s', (now, zone, retryAt) => {
    const result = quietHoursCheck(new Date(now), [zone]);
    if (retryAt === null) {
      expect(result).toEqual({ allowed: true });
    } else {
      expect(result).toEqual({ allowed: false, retryAt: new Date(retryAt) });
    }
  });

  it('with every US zone, the window is 8:00 Honolulu to 21:00 New York', () => {
    // 13:00 EDT but 7:00 HST: not yet.
    expect(quietHoursCheck(new Date('2026-07-15T17:00:00Z'), US_TIME_ZONES)).toEqual({
      allowed: false,
      retryAt: new Date('2026-07-15T18:00:00Z'),
    });
    expect(isTextingAllowed(new Date('2026-07-15T18:00:00Z'), US_TIME_ZONES)).toBe(true);
    expect(isTextingAllowed(new Date('2026-07-16T01:00:00Z'), US_TIME_ZONES)).toBe(false);
  });
});
