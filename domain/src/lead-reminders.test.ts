import { describe, expect, it } from 'vitest';
import {
  isNewLeadReminderMinutes,
  newLeadReminderDueAt,
  newLeadReminderLabel,
} from './lead-reminders';

describe('newLeadReminderDueAt', () => {
  // 2026-12-04 is a Friday; 2026-12-07 a Monday.
  it.each([
    [
      'a weekday morning, within hours',
      '2026-12-02T15:00:00Z',
      60,
      'America/Denver',
      '2026-12-02T16:00:00.000Z',
    ],
    [
      'before opening: counts from 8 am',
      '2026-12-02T12:00:00Z',
      60,
      'America/Denver',
      '2026-12-02T16:00:00.000Z',
    ],
    [
      'late Friday: carries to Monday 8 am',
      '2026-12-05T00:30:00Z',
      60,
      'America/Denver',
      '2026-12-07T15:30:00.000Z',
    ],
    [
      'after closing: next morning',
      '2026-12-03T02:00:00Z',
      30,
      'America/Denver',
      '2026-12-03T15:30:00.000Z',
    ],
    [
      'Saturday: Monday',
      '2026-12-05T18:00:00Z',
      15,
      'America/New_York',
      '2026-12-07T13:15:00.000Z',
    ],
    [
      'spans the close: rest next business day',
      '2026-12-02T23:30:00Z',
      120,
      'America/Denver',
      '2026-12-03T15:30:00.000Z',
    ],
    [
      'ends right at closing time',
      '2026-12-02T23:00:00Z',
      120,
      'America/Denver',
      '2026-12-03T01:00:00.000Z',
    ],
    ['no time zone: UTC hours', '2026-12-02T17:30:00Z', 60, null, '2026-12-03T08:30:00.000Z'],
    [
      'unknown zone: UTC hours',
      '2026-12-02T09:00:00Z',
      60,
      'Mars/Olympus',
      '2026-12-02T10:00:00.000Z',
    ],
    ['Hawaii (no DST)', '2026-07-01T18:00:00Z', 60, 'Pacific/Honolulu', '2026-07-01T19:00:00.000Z'],
    // 2026-03-08 02:00 US clocks go forward; Monday 9 March 8 am in New York is 12:00 UTC.
    [
      'across the spring DST change',
      '2026-03-06T23:30:00Z',
      60,
      'America/New_York',
      '2026-03-09T13:00:00.000Z',
    ],
  ])('%s', (_case, captured, minutes, zone, due) => {
    expect(newLeadReminderDueAt(new Date(captured), minutes, zone).toISOString()).toBe(due);
  });
});

describe('new-lead reminder options', () => {
  it('labels each choice and accepts only those', () => {
    expect(newLeadReminderLabel(0)).toBe('Off');
    expect(newLeadReminderLabel(15)).toBe('After 15 minutes');
    expect(newLeadReminderLabel(60)).toBe('After 1 hour');
    expect(newLeadReminderLabel(240)).toBe('After 4 hours');
    expect(isNewLeadReminderMinutes(60)).toBe(true);
    expect(isNewLeadReminderMinutes(45)).toBe(false);
  });
});
