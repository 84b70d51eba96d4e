/**
 * The monthly partitions of analytics_events (docs/analytics.md): which to make ahead and which
 * are past retention. Pure, so the worker's job only runs what this decides.
 */

export const PARTITION_PREFIX = 'analytics_events_p';
/** Months made ahead of the current one, so an insert never finds its month missing. */
export const MONTHS_AHEAD = 2;

export interface MonthPartition {
  name: string;
  /** First instant of the month (UTC), included. */
  from: Date;
  /** First instant of the next month, excluded. */
  to: Date;
}

const NAME = new RegExp(`^${PARTITION_PREFIX}(\\d{4})_(\\d{2})$`);

export function monthPartition(year: number, monthIndex: number): MonthPartition {
  const from = new Date(Date.UTC(year, monthIndex, 1));
  const to = new Date(Date.UTC(year, monthIndex + 1, 1));
  const name = `${PARTITION_PREFIX}${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from, to };
}

/** The partition a name such as analytics_events_p2026_11 stands for; null for other names. */
export function parsePartitionName(name: string): MonthPartition | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return monthPartition(Number(match[1]), month - 1);
}

/**
 * What to change given the partitions that exist: make this month's and MONTHS_AHEAD more that
 * are missing; drop those whose every row is older than `retentionDays` (their month ended
 * before the cut-off). Names not of our pattern are left alone.
 */
export function partitionPlan(
  existing: readonly string[],
  now: Date,
  retentionDays: number,
): { create: MonthPartition[]; drop: string[] } {
  const have = new Set(existing);
  const create: MonthPartition[] = [];
  for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
    const month = monthPartition(now.getUTCFullYear(), now.getUTCMonth() + ahead);
    if (!have.has(month.name)) create.push(month);
  }
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const drop = existing.filter((name) => {
    const month = parsePartitionName(name);
    return month !== null && month.to.getTime() <= cutoff;
  });
  return { create, drop: drop.sort() };
}
