import { conversionRate, type AnalyticsFunnelResponse } from '@rafter/domain/analytics';
import { FUNNEL_LABELS, type FunnelRow } from '@rafter/domain/funnel';

export interface FunnelFigure {
  step: FunnelRow;
  label: string;
  count: number;
  previous: number;
  /** Percentage of the first step's visits that got this far; null without visits. */
  fromFirst: number | null;
  /** Percentage lost since the step before; null for the first step or when it cannot be said. */
  dropOff: number | null;
  /** Percentage change against the previous period; null when that had none. */
  change: number | null;
}

/** Percentage change from `previous` to `count`, one decimal; null when `previous` is 0. */
export function percentChange(count: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((count - previous) / previous) * 1000) / 10;
}

/** The funnel's rows with the rates the table shows. */
export function funnelFigures(funnel: AnalyticsFunnelResponse['funnel']): FunnelFigure[] {
  const first = funnel[0]?.count ?? 0;
  return funnel.map((row, index) => {
    const before = index > 0 ? funnel[index - 1]!.count : null;
    const kept = before === null ? null : conversionRate(row.count, before);
    return {
      step: row.step,
      label: FUNNEL_LABELS[row.step],
      count: row.count,
      previous: row.previous,
      fromFirst: conversionRate(row.count, first),
      // Won counts leads from every path (a phone call too), so it can exceed the step before;
      // a negative drop-off would mislead.
      dropOff: kept === null || kept > 100 ? null : Math.round((100 - kept) * 10) / 10,
      change: percentChange(row.count, row.previous),
    };
  });
}

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value}%`;
}

/** '+25%', '−8%', 'No change'; 'New' when the previous period had none. */
export function formatChange(count: number, previous: number): string {
  const change = percentChange(count, previous);
  if (change === null) return count > 0 ? 'New' : 'No change';
  if (change === 0) return 'No change';
  return change > 0 ? `+${change}%` : `−${Math.abs(change)}%`;
}
