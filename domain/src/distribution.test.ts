import { describe, expect, it } from 'vitest';
import {
  distributeLead,
  type DistributionCandidate,
  type DistributionLead,
  ineligibility,
  MAX_SHARED_ASSIGNEES,
  startOfDay,
} from './distribution';
import { toServiceAreas } from './service-area';

const lead: DistributionLead = {
  id: '6f1c2b3a-0000-4000-8000-000000000001',
  zipCode: '78701',
  address: '1100 Congress Ave, Austin, TX 78701, USA',
};

function candidate(
  userId: string,
  overrides: Partial<DistributionCandidate> = {},
): DistributionCandidate {
  return {
    userId,
    planActive: true,
    areasOfService: toServiceAreas(['78701']),
    leadType: 'shared',
    idealCustomerValue: null,
    estimateMid: 10_000,
    leadsPerDay: 5,
    assignedToday: 0,
    monthlyLimit: 50,
    leadsThisMonth: 0,
    lastAssignedAt: null,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('ineligibility', () => {
  it.each<[string, Partial<DistributionCandidate>, ReturnType<typeof ineligibility>]>([
    ['an eligible contractor', {}, null],
    ['no active plan', { planActive: false }, 'no_active_plan'],
    ['another zip', { areasOfService: toServiceAreas(['78702']) }, 'outside_service_area'],
    ['no service areas', { areasOfService: [] }, 'outside_service_area'],
    ['its city and state', { areasOfService: toServiceAreas(['Austin, TX']) }, null],
    ['its city and state, lower case', { areasOfService: toServiceAreas(['austin tx']) }, null],
    [
      'a city of that name in another state',
      { areasOfService: toServiceAreas(['Austin, MN']) },
      'outside_service_area',
    ],
    ['its state code', { areasOfService: toServiceAreas(['TX']) }, null],
    ['its state name', { areasOfService: toServiceAreas(['Texas']) }, null],
    ['another state', { areasOfService: toServiceAreas(['Oklahoma']) }, 'outside_service_area'],
    [
      'a migrated city without a state',
      { areasOfService: [{ kind: 'place', label: 'Austin', place: 'Austin' }] },
      null,
    ],
    ['leads per day reached', { leadsPerDay: 2, assignedToday: 2 }, 'daily_limit'],
    ['leads per day zero', { leadsPerDay: 0 }, 'daily_limit'],
    ['one lead left today', { leadsPerDay: 2, assignedToday: 1 }, null],
    ['monthly limit reached', { monthlyLimit: 10, leadsThisMonth: 10 }, 'monthly_limit'],
    ['unlimited plan', { monthlyLimit: null, leadsThisMonth: 5000 }, null],
  ])('%s', (_case, overrides, expected) => {
    expect(ineligibility(lead, candidate('a', overrides))).toBe(expected);
  });
});

describe('distributeLead', () => {
  it('gives a shared lead to at most three shared contractors', () => {
    const result = distributeLead(
      lead,
      ['a', 'b', 'c', 'd', 'e'].map((id) => candidate(id)),
    );
    expect(result.mode).toBe('shared');
    expect(result.assignees).toHaveLength(MAX_SHARED_ASSIGNEES);
    const others = ['a', 'b', 'c', 'd', 'e'].filter((id) => !result.assignees.includes(id));
    for (const id of others) expect(result.skipped[id]).toBe('not_chosen');
  });

  it('never offers the lead to a contractor outside the area or over a cap', () => {
    const result = distributeLead(lead, [
      candidate('far', { areasOfService: toServiceAreas(['10001', 'New York']) }),
      candidate('full-today', { leadsPerDay: 1, assignedToday: 1 }),
      candidate('full-month', { monthlyLimit: 10, leadsThisMonth: 10 }),
      candidate('inactive', { planActive: false }),
      candidate('ok'),
    ]);
    expect(result.assignees).toEqual(['ok']);
    expect(result.skipped).toEqual({
      far: 'outside_service_area',
      'full-today': 'daily_limit',
      'full-month': 'monthly_limit',
      inactive: 'no_active_plan',
    });
  });

  it('gives nothing when nobody is eligible', () => {
    expect(
      distributeLead(lead, [candidate('far', { areasOfService: toServiceAreas(['90210']) })]),
    ).toEqual({
      assignees: [],
      mode: 'none',
      skipped: { far: 'outside_service_area' },
    });
  });

  it('gives the lead to an exclusive contractor alone when it is first in line', () => {
    const result = distributeLead(lead, [
      candidate('shared-recent', { lastAssignedAt: at('2026-05-02T10:00:00Z') }),
      candidate('exclusive', { leadType: 'exclusive', lastAssignedAt: at('2026-05-01T10:00:00Z') }),
      candidate('shared-recent-2', { lastAssignedAt: at('2026-05-03T10:00:00Z') }),
    ]);
    expect(result).toMatchObject({ mode: 'exclusive', assignees: ['exclusive'] });
  });

  it('passes over exclusive contractors when a shared one is first in line', () => {
    const result = distributeLead(lead, [
      candidate('shared-first', { lastAssignedAt: null }),
      candidate('exclusive', { leadType: 'exclusive', lastAssignedAt: at('2026-05-01T10:00:00Z') }),
      candidate('shared-second', { lastAssignedAt: at('2026-05-02T10:00:00Z') }),
    ]);
    expect(result).toMatchObject({ mode: 'shared', assignees: ['shared-first', 'shared-second'] });
    expect(result.skipped.exclusive).toBe('not_chosen');
  });

  it('prefers contractors whose minimum deal value the estimate meets', () => {
    const result = distributeLead(lead, [
      candidate('too-small', { leadType: 'exclusive', idealCustomerValue: 20_000 }),
      candidate('fits', {
        leadType: 'exclusive',
        idealCustomerValue: 8000,
        lastAssignedAt: at('2026-05-03T10:00:00Z'),
      }),
    ]);
    expect(result.assignees).toEqual(['fits']);
  });

  it('still offers the lead below a minimum deal value when nobody else can take it', () => {
    const result = distributeLead(lead, [
      candidate('too-small', { leadType: 'exclusive', idealCustomerValue: 20_000 }),
    ]);
    expect(result.assignees).toEqual(['too-small']);
  });

  it('uses the estimate at each contractor’s own prices for the deal value', () => {
    const result = distributeLead(lead, [
      candidate('cheap', { leadType: 'exclusive', idealCustomerValue: 12_000, estimateMid: 9000 }),
      candidate('premium', {
        leadType: 'exclusive',
        idealCustomerValue: 12_000,
        estimateMid: 15_000,
        lastAssignedAt: at('2026-05-03T10:00:00Z'),
      }),
    ]);
    expect(result.assignees).toEqual(['premium']);
  });

  it('takes turns: the contractor that waited longest goes first', () => {
    const pool = [
      candidate('a', { leadType: 'exclusive', lastAssignedAt: at('2026-05-03T10:00:00Z') }),
      candidate('b', { leadType: 'exclusive', lastAssignedAt: at('2026-05-01T10:00:00Z') }),
      candidate('c', { leadType: 'exclusive', lastAssignedAt: at('2026-05-02T10:00:00Z') }),
    ];
    const order: string[] = [];
    let now = Date.parse('2026-05-04T10:00:00Z');
    for (let i = 0; i < 6; i += 1) {
      const [winner] = distributeLead({ ...lead, id: `lead-${i}` }, pool).assignees;
      order.push(winner!);
      const index = pool.findIndex((item) => item.userId === winner);
      pool[index] = { ...pool[index]!, lastAssignedAt: new Date((now += 60_000)) };
    }
    expect(order).toEqual(['b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('is deterministic and independent of the input order', () => {
    const pool = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => candidate(id));
    const first = distributeLead(lead, pool);
    expect(distributeLead(lead, [...pool].reverse())).toEqual(first);
    expect(distributeLead(lead, pool)).toEqual(first);
  });

  it('breaks ties differently for different leads', () => {
    const pool = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) =>
      candidate(id, { leadType: 'exclusive' }),
    );
    const winners = new Set(
      Array.from({ length: 30 }, (_, i) => distributeLead({ ...lead, id: `lead-${i}` }, pool)).map(
        (result) => result.assignees[0],
      ),
    );
    expect(winners.size).toBeGreaterThan(1);
  });
});

describe('startOfDay', () => {
  it.each<[string, string | null, string]>([
    ['2026-03-10T03:00:00Z', null, '2026-03-10T00:00:00.000Z'],
    ['2026-03-10T03:00:00Z', 'America/Chicago', '2026-03-09T05:00:00.000Z'],
    ['2026-03-10T12:00:00Z', 'America/Chicago', '2026-03-10T05:00:00.000Z'],
    // The day after the spring-forward change, in daylight time.
    ['2026-03-09T12:00:00Z', 'America/Chicago', '2026-03-09T05:00:00.000Z'],
    ['2026-03-08T12:00:00Z', 'America/Chicago', '2026-03-08T06:00:00.000Z'],
    ['2026-03-10T03:00:00Z', 'Not/AZone', '2026-03-10T00:00:00.000Z'],
  ])('%s in %s starts at %s', (now, zone, expected) => {
    expect(startOfDay(new Date(now), zone).toISOString()).toBe(expected);
  });
});
