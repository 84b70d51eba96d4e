import { describe, expect, expectTypeOf, it } from 'vitest';
import { CAPTURE_SOURCES } from './lead';
import {
  analyticsBatchSchema,
  analyticsQuerySchema,
  conversionRate,
  type AnalyticsBatch,
  plausibleSteps,
  plausibleVisitTime,
  previousPeriod,
  visitTime,
} from './analytics';
import {
  ANALYTICS_SOURCES,
  deviceClass,
  FUNNEL_STEPS,
  newVisitId,
  utmFromSearch,
  type FunnelReport,
} from './funnel';

const OWNER = '5f0c6a53-8a1e-4f5e-9a52-0c4d2f1b7e11';
const NOW = Date.parse('2026-11-27T15:00:00Z');
const random = (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(0xab);

describe('visit ids', () => {
  it('are UUID version 7 carrying the time they were made', () => {
    const id = newVisitId(NOW, random);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(visitTime(id).getTime()).toBe(NOW);
    expect(analyticsBatchSchema.shape.visitId.safeParse(id).success).toBe(true);
  });

  it.each([
    ['now', 0, true],
    ['23 hours ago', -23 * 3600_000, true],
    ['25 hours ago', -25 * 3600_000, false],
    ['4 minutes ahead', 4 * 60_000, true],
    ['an hour ahead', 3600_000, false],
  ])('a visit made %s is plausible: %s', (_, offset, expected) => {
    expect(plausibleVisitTime(newVisitId(NOW + offset, random), new Date(NOW))).toBe(expected);
  });
});

describe('plausibleSteps', () => {
  it.each([
    [['view'], true],
    [['view', 'start', 'address'], true],
    [['start', 'view'], true],
    [[...FUNNEL_STEPS], true],
    [['start'], false],
    [['view', 'quote'], false],
    [['view', 'view'], false],
    [['view', 'start', 'measured'], false],
  ] as const)('%j → %s', (steps, expected) => {
    expect(plausibleSteps(steps)).toBe(expected);
  });
});

describe('analyticsBatchSchema', () => {
  const batch = {
    visitId: newVisitId(NOW, random),
    ownerId: OWNER,
    source: 'embed',
    origin: 'https://roofer.example',
    utm: { source: 'google', campaign: 'spring' },
    device: 'mobile',
    steps: ['view', 'start'],
  };

  it('accepts a visit from the embed', () => {
    expect(analyticsBatchSchema.parse(batch)).toEqual(batch);
  });

  it('accepts the material chosen and the 5-digit ZIP code once known', () => {
    const known = { ...batch, material: 'metal', zipCode: '78701' };
    expect(analyticsBatchSchema.parse(known)).toEqual(known);
  });

  it.each([
    [
      'a version 4 id',
      { visitId: '5f0c6a53-8a1e-4f5e-9a52-0c4d2f1b7e11' },
      'Visit id must be a UUID version 7',
    ],
    ['an unknown source', { source: 'email' }, 'Source must be one of widget, embed, share_page'],
    [
      'a path in the origin',
      { origin: 'https://roofer.example/page' },
      'Origin must be an origin only',
    ],
    ['a script origin', { origin: 'javascript:alert(1)' }, 'Origin must be an http(s) origin'],
    ['an unknown step', { steps: ['view', 'checkout'] }, 'Unknown funnel step'],
    ['no steps', { steps: [] }, 'Steps must not be empty'],
    ['an unknown device', { device: 'watch' }, 'Device must be one of mobile, tablet, desktop'],
    [
      'an unknown material',
      { material: 'straw' },
      'Material must be one of asphalt, wood, metal, tile, slate',
    ],
    ['a ZIP+4 code', { zipCode: '78701-1234' }, 'Zip code must be 5 digits'],
    ['a street address', { zipCode: '1 Main St, Austin, TX 78701' }, 'Zip code must be 5 digits'],
    ['a ZIP code as a number', { zipCode: 78701 }, 'Zip code must be 5 digits'],
  ])('refuses %s with a message naming it', (_, change, message) => {
    const result = analyticsBatchSchema.safeParse({ ...batch, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('cuts long UTM values and trims them', () => {
    const parsed = analyticsBatchSchema.parse({
      ...batch,
      utm: { campaign: ` ${'x'.repeat(150)} ` },
    });
    expect(parsed.utm?.campaign).toHaveLength(100);
  });
});

describe('utmFromSearch', () => {
  it('reads the five UTM parameters and ignores the rest', () => {
    expect(utmFromSearch('?utm_source=fb&utm_campaign=Spring%20Roofs&gclid=1&utm_medium=')).toEqual(
      {
        source: 'fb',
        campaign: 'Spring Roofs',
      },
    );
    expect(utmFromSearch('?ref=x')).toBeUndefined();
  });
});

describe('deviceClass', () => {
  it.each([
    [375, true, 'mobile'],
    [820, true, 'tablet'],
    [375, false, 'desktop'],
    [1440, false, 'desktop'],
  ] as const)('%i px, coarse pointer %s → %s', (width, coarse, expected) => {
    expect(deviceClass(width, coarse)).toBe(expected);
  });
});

describe('analyticsQuerySchema', () => {
  it('accepts a range of at most 366 days', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(
      true,
    );
    expect(analyticsQuerySchema.safeParse({ from: '2025-01-01', to: '2026-12-31' }).success).toBe(
      false,
    );
  });

  it('refuses a range that ends before it starts', () => {
    const result = analyticsQuerySchema.safeParse({ from: '2026-11-10', to: '2026-11-01' });
    expect(result.error?.issues[0]?.message).toBe('From must not be after to');
  });
});

describe('previousPeriod', () => {
  it.each([
    ['2026-11-01', '2026-11-30', '2026-10-02', '2026-10-31'],
    ['2026-11-27', '2026-11-27', '2026-11-26', '2026-11-26'],
    ['2026-03-01', '2026-03-31', '2026-01-29', '2026-02-28'],
  ])('%s..%s follows %s..%s', (from, to, previousFrom, previousTo) => {
    expect(previousPeriod(from, to)).toEqual({ from: previousFrom, to: previousTo });
  });
});

describe('conversionRate', () => {
  it.each([
    [1, 3, 33.3],
    [0, 10, 0],
    [5, 0, null],
  ])('%i of %i → %s', (count, of, expected) => {
    expect(conversionRate(count, of)).toBe(expected);
  });
});

describe('the zod-free funnel module the widget loads', () => {
  it('names the same sources as the leads', () => {
    expect([...ANALYTICS_SOURCES]).toEqual([...CAPTURE_SOURCES]);
  });

  it("describes a report the server's schema accepts", () => {
    expectTypeOf<FunnelReport>().toExtend<AnalyticsBatch>();
  });
});
