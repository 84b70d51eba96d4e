import { monthPartition, parsePartitionName, partitionPlan } from './analytics-partitions';

describe('monthPartition', () => {
  it.each([
    [2026, 10, 'analytics_events_p2026_11', '2026-11-01', '2026-12-01'],
    [2026, 11, 'analytics_events_p2026_12', '2026-12-01', '2027-01-01'],
    [2026, 13, 'analytics_events_p2027_02', '2027-02-01', '2027-03-01'],
  ])('(%i, %i) is %s', (year, month, name, from, to) => {
    const partition = monthPartition(year, month);
    expect(partition.name).toBe(name);
    expect(partition.from.toISOString().slice(0, 10)).toBe(from);
    expect(partition.to.toISOString().slice(0, 10)).toBe(to);
  });
});

describe('parsePartitionName', () => {
  it.each([
    ['analytics_events_p2026_11', '2026-11-01'],
    ['analytics_events_p2027_01', '2027-01-01'],
  ])('reads %s', (name, from) => {
    expect(parsePartitionName(name)?.from.toISOString().slice(0, 10)).toBe(from);
  });

  it.each([
    'analytics_events',
    'analytics_events_p2026_13',
    'other_p2026_11',
    'analytics_events_p26_1',
  ])('ignores %s', (name) => {
    expect(parsePartitionName(name)).toBeNull();
  });
});

describe('partitionPlan', () => {
  const existing = [
    'analytics_events_p2026_11',
    'analytics_events_p2026_12',
    'analytics_events_p2027_01',
  ];

  it('has nothing to do when this month and two ahead exist and none is old', () => {
    expect(partitionPlan(existing, new Date('2026-11-27T08:00:00Z'), 400)).toEqual({
      create: [],
      drop: [],
    });
  });

  it('makes the months missing ahead', () => {
    const plan = partitionPlan(existing, new Date('2027-01-03T00:00:00Z'), 400);
    expect(plan.create.map((month) => month.name)).toEqual([
      'analytics_events_p2027_02',
      'analytics_events_p2027_03',
    ]);
  });

  it('drops a month only once all of it is past retention', () => {
    const old = [...existing, 'analytics_events_p2025_09', 'analytics_events_p2025_10'];
    // 400 days before 2026-11-27 is 2025-10-23: September ended before it, October did not.
    expect(partitionPlan(old, new Date('2026-11-27T00:00:00Z'), 400).drop).toEqual([
      'analytics_events_p2025_09',
    ]);
  });

  it('leaves tables of other names alone', () => {
    expect(
      partitionPlan([...existing, 'analytics_events_old'], new Date('2026-11-27T00:00:00Z'), 31)
        .drop,
    ).toEqual([]);
  });
});
