import { type Availability, DEFAULT_AVAILABILITY } from '@rafter/domain/calendar';
import { availableSlots } from './slots';

const NINE_TO_FIVE = { start: '09:00', end: '17:00' };
const CLOSED = {
  monday: null,
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
  sunday: null,
};

function availability(change: Partial<Availability> = {}): Availability {
  return {
    ...DEFAULT_AVAILABILITY,
    minNoticeHours: 0,
    bufferMinutes: 0,
    horizonDays: 3,
    ...change,
  };
}

const starts = (slots: { startsAt: string }[]) => slots.map((slot) => slot.startsAt);

describe('availableSlots', () => {
  it('offers each half hour of the working day in the contractor’s zone, the inspection inside it', () => {
    // Monday 2026-12-07, 06:00 in Chicago (CST, UTC-6).
    const slots = availableSlots({
      availability: availability({
        horizonDays: 0,
        weeklyHours: { ...CLOSED, monday: { start: '08:00', end: '10:00' } },
      }),
      now: new Date('2026-12-07T12:00:00Z'),
      busy: [],
      booked: [],
    });
    expect(slots).toEqual([
      { startsAt: '2026-12-07T14:00:00.000Z', endsAt: '2026-12-07T15:00:00.000Z' },
      { startsAt: '2026-12-07T14:30:00.000Z', endsAt: '2026-12-07T15:30:00.000Z' },
      { startsAt: '2026-12-07T15:00:00.000Z', endsAt: '2026-12-07T16:00:00.000Z' },
    ]);
  });

  it('keeps 9 am at 9 am across the March change in Chicago (CST to CDT)', () => {
    // Saturday 2027-03-13, before the change (Sunday 2027-03-14, 2 am).
    const slots = availableSlots({
      availability: availability({
        horizonDays: 3,
        weeklyHours: { ...CLOSED, saturday: NINE_TO_FIVE, monday: NINE_TO_FIVE },
      }),
      now: new Date('2027-03-13T06:00:00Z'),
      busy: [],
      booked: [],
    });
    expect(starts(slots)).toContain('2027-03-13T15:00:00.000Z'); // 9:00 CST
    expect(starts(slots)).toContain('2027-03-15T14:00:00.000Z'); // 9:00 CDT
    const monday = starts(slots).filter((start) => start.startsWith('2027-03-15'));
    expect(monday[0]).toBe('2027-03-15T14:00:00.000Z');
    expect(monday.at(-1)).toBe('2027-03-15T21:00:00.000Z'); // 16:00 CDT, ends at 17:00
  });

  it('offers no time that does not exist in the spring gap, and the repeated autumn hour once', () => {
    const night = { start: '00:00', end: '04:00' };
    const spring = availableSlots({
      availability: availability({
        horizonDays: 0,
        inspectionMinutes: 30,
        weeklyHours: { ...CLOSED, sunday: night },
      }),
      now: new Date('2027-03-14T06:00:00Z'), // Sunday 00:00 CST
      busy: [],
      booked: [],
    });
    // 00:00, 00:30, 01:00, 01:30 CST; 02:00 and 02:30 do not exist; 03:00, 03:30 CDT.
    expect(starts(spring)).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-14T08:00:00.000Z',
      '2027-03-14T08:30:00.000Z',
    ]);
    const autumn = availableSlots({
      availability: availability({
        horizonDays: 0,
        inspectionMinutes: 30,
        weeklyHours: { ...CLOSED, sunday: night },
      }),
      now: new Date('2026-11-01T05:00:00Z'), // Sunday 00:00 CDT
      busy: [],
      booked: [],
    });
    // 00:00 … 03:30 wall-clock: eight slots, 01:00 and 01:30 once each.
    expect(autumn).toHaveLength(8);
    expect(new Set(starts(autumn)).size).toBe(8);
  });

  it('in Phoenix (no daylight saving) 9 am is 16:00 UTC all year', () => {
    const phoenix = (now: string) =>
      availableSlots({
        availability: availability({
          timeZone: 'America/Phoenix',
          horizonDays: 0,
          weeklyHours: { ...CLOSED, monday: { start: '09:00', end: '10:00' } },
        }),
        now: new Date(now),
        busy: [],
        booked: [],
      });
    expect(starts(phoenix('2027-03-15T08:00:00Z'))).toEqual(['2027-03-15T16:00:00.000Z']);
    expect(starts(phoenix('2026-11-02T08:00:00Z'))).toEqual(['2026-11-02T16:00:00.000Z']);
  });

  it('leaves out what is booked plus the buffer, too-short notice, days off and full days', () => {
    const monday = { ...CLOSED, monday: { start: '08:00', end: '12:00' } };
    const now = new Date('2026-12-07T12:00:00Z'); // Monday 06:00 CST
    const all = availableSlots({
      availability: availability({ horizonDays: 0, weeklyHours: monday }),
      now,
      busy: [],
      booked: [],
    });
    expect(all).toHaveLength(7); // 08:00 … 11:00
    // Booked 09:00-10:00 with a 30-minute buffer after it: blocked until 10:30.
    const booked = {
      start: new Date('2026-12-07T15:00:00Z'),
      end: new Date('2026-12-07T16:30:00Z'),
    };
    const around = availableSlots({
      availability: availability({ horizonDays: 0, weeklyHours: monday, bufferMinutes: 30 }),
      now,
      busy: [booked],
      booked: [{ startsAt: booked.start }],
    });
    // 08:00 would run into 09:00 with its buffer (until 09:30); 10:30 is the first after.
    expect(starts(around)).toEqual(['2026-12-07T16:30:00.000Z', '2026-12-07T17:00:00.000Z']);

    const notice = availableSlots({
      availability: availability({ horizonDays: 0, weeklyHours: monday, minNoticeHours: 4 }),
      now,
      busy: [],
      booked: [],
    });
    expect(starts(notice)[0]).toBe('2026-12-07T16:00:00.000Z'); // 10:00, four hours on

    expect(
      availableSlots({
        availability: availability({
          horizonDays: 0,
          weeklyHours: monday,
          daysOff: ['2026-12-07'],
        }),
        now,
        busy: [],
        booked: [],
      }),
    ).toEqual([]);
    expect(
      availableSlots({
        availability: availability({ horizonDays: 0, weeklyHours: monday, dailyMax: 1 }),
        now,
        busy: [booked],
        booked: [{ startsAt: booked.start }],
      }),
    ).toEqual([]);
    expect(
      availableSlots({
        availability: availability({ horizonDays: 0, weeklyHours: monday, dailyMax: 2 }),
        now,
        busy: [],
        booked: [{ startsAt: booked.start }],
      }),
    ).toHaveLength(1);
  });

  it('reaches horizonDays ahead and no further, skipping closed days', () => {
    const slots = availableSlots({
      availability: availability({ horizonDays: 14 }),
      now: new Date('2026-12-07T12:00:00Z'),
      busy: [],
      booked: [],
    });
    const days = new Set(starts(slots).map((start) => start.slice(0, 10)));
    // Weekdays from Monday the 7th to Monday the 21st: eleven days.
    expect(days.size).toBe(11);
    expect([...days].at(-1)).toBe('2026-12-21');
  });

  it('stops after maxDays days that have open times, skipping days without any', () => {
    const slots = availableSlots({
      availability: availability({ horizonDays: 30 }),
      now: new Date('2026-12-07T12:00:00Z'), // Monday
      busy: [],
      booked: [],
      maxDays: 3,
    });
    const days = [...new Set(starts(slots).map((start) => start.slice(0, 10)))];
    expect(days).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
  });
});
