import { contractorInspectionTime, homeownerInspectionTime } from './booking-texts.service';

/** Tuesday 2026-12-08, 10:00 in Denver (MST, UTC-7). */
const START = new Date('2026-12-08T17:00:00Z');

describe('inspection times in texts', () => {
  it('names the contractor’s own time without its zone', () => {
    expect(contractorInspectionTime(START, 'America/Denver')).toBe('Tue Dec 8, 10:00 AM');
    expect(contractorInspectionTime(START, 'America/New_York')).toBe('Tue Dec 8, 12:00 PM');
  });

  it.each([
    ['the day before, 10:00', '2026-12-07T17:00:00Z', 'tomorrow, Tue Dec 8 at 10:00 AM MST'],
    [
      'the day before, 23:30 in Denver',
      '2026-12-08T06:30:00Z',
      'tomorrow, Tue Dec 8 at 10:00 AM MST',
    ],
    ['the same morning', '2026-12-08T15:00:00Z', 'today, Tue Dec 8 at 10:00 AM MST'],
    ['two days before', '2026-12-06T17:00:00Z', 'Tue Dec 8 at 10:00 AM MST'],
  ])('tells the homeowner %s: %s', (_, now, expected) => {
    expect(homeownerInspectionTime(START, 'America/Denver', new Date(now))).toBe(expected);
  });

  it('counts calendar days across a daylight-saving change', () => {
    // Monday 2026-11-02, 9:00 MST; asked on Saturday 31 October, 23:00 MDT, then on Sunday night.
    const start = new Date('2026-11-02T16:00:00Z');
    expect(homeownerInspectionTime(start, 'America/Denver', new Date('2026-11-01T05:00:00Z'))).toBe(
      'Mon Nov 2 at 9:00 AM MST',
    );
    expect(homeownerInspectionTime(start, 'America/Denver', new Date('2026-11-02T05:00:00Z'))).toBe(
      'tomorrow, Mon Nov 2 at 9:00 AM MST',
    );
  });
});
