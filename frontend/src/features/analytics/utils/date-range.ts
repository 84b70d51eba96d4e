import type { AnalyticsQuery } from '@rafter/domain/analytics';

export const RANGE_PRESETS = ['7d', '30d', '90d', 'year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** A preset with fixed days (all but 'custom'). */
export type FixedPreset = Exclude<RangePreset, 'custom'>;

export const RANGE_PRESET_LABELS: Readonly<Record<RangePreset, string>> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  year: 'This year',
  custom: 'Custom range',
};

export const DEFAULT_RANGE_PRESET: FixedPreset = '30d';

const DAY_MS = 86_400_000;

/** Today as YYYY-MM-DD on this computer's calendar, which is the contractor's own. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days a preset covers, today included. */
export function presetRange(preset: FixedPreset, today: string): AnalyticsQuery {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Oct 28, 2026' for '2026-10-28' (the day itself, whatever the computer's zone). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

const axisDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Oct 28' for '2026-10-28', as a chart's axis labels a day. */
export function formatAxisDay(day: string): string {
  return axisDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** 'Oct 28, 2026 – Nov 26, 2026'. */
export function formatRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}
