import { describe, expect, it } from 'vitest';
import {
  brandColorSchema,
  businessProfileSchema,
  isShareSlug,
  isTimeZone,
  materialPricingSchema,
} from './settings';
import { DEFAULT_MATERIAL_PRICING } from './materials';

const profile = {
  businessName: 'Lone Star Roofing',
  address: '1 Main St',
  areasOfService: ['Austin, TX'],
  idealCustomerProfile: null,
  idealCustomerValue: 12000,
  leadsPerDay: 10,
  leadType: 'shared',
  notifyNewLeads: true,
  timezone: 'America/Chicago',
};

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('businessProfileSchema', () => {
  it('accepts a full profile and turns a blank business name into null', () => {
    const parsed = businessProfileSchema.parse({ ...profile, businessName: '   ' });
    expect(parsed.businessName).toBeNull();
    expect(parsed.address).toBe('1 Main St');
  });

  it.each([
    [{ businessName: 'x'.repeat(121) }, 'Business name must be at most 120 characters'],
    [{ address: 'x'.repeat(301) }, 'Address must be at most 300 characters'],
    [
      { areasOfService: [' '] },
      'Enter a zip code, a city and state, a county and state, or a state.',
    ],
    [{ areasOfService: ['Austin'] }, '"Austin" needs a state, like "Austin, TX".'],
    [{ areasOfService: [42] }, 'Each area of service must be text'],
    [
      { areasOfService: Array.from({ length: 201 }, (_, i) => `${10000 + i}`) },
      'At most 200 areas of service',
    ],
    [
      { idealCustomerProfile: 'x'.repeat(2001) },
      'Ideal customer profile must be at most 2000 characters',
    ],
    [{ idealCustomerValue: -1 }, 'Ideal customer value must not be negative'],
    [{ leadsPerDay: 0 }, 'Leads per day must be at least 1'],
    [{ leadsPerDay: 1001 }, 'Leads per day must be at most 1000'],
    [{ leadsPerDay: 2.5 }, 'Leads per day must be a whole number'],
    [{ leadType: 'private' }, "Lead type must be 'shared' or 'exclusive'"],
    [{ timezone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone like America/Denver'],
  ])('refuses %j with %s', (change, message) => {
    expect(firstError(businessProfileSchema.safeParse({ ...profile, ...change }))).toBe(message);
  });

  it('accepts a null deal value and a null time zone', () => {
    const parsed = businessProfileSchema.parse({
      ...profile,
      idealCustomerValue: null,
      timezone: null,
    });
    expect(parsed.idealCustomerValue).toBeNull();
    expect(parsed.timezone).toBeNull();
  });
});

describe('isTimeZone', () => {
  it.each([
    ['America/Denver', true],
    ['UTC', true],
    ['Not/AZone', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isTimeZone(value)).toBe(expected);
  });
});

describe('materialPricingSchema', () => {
  const pricing: Record<string, unknown> = { ...DEFAULT_MATERIAL_PRICING };

  it('accepts the defaults', () => {
    expect(materialPricingSchema.parse({ pricing }).pricing.metal).toEqual({ min: 6, max: 24.5 });
  });

  it.each([
    ['metal', { min: 30, max: 20 }, 'Minimum price for Metal must not be above its maximum'],
    ['asphalt', { min: 0.5, max: 5 }, 'Minimum price for Asphalt must be at least $1'],
    ['slate', { min: 20, max: 101 }, 'Maximum price for Slate must be at most $100'],
    ['tile', { min: 'a', max: 5 }, 'Minimum price for Tile must be a number'],
    ['wood', undefined, 'Prices for Wood are required'],
  ])('refuses %s %j with %s', (material, range, message) => {
    const result = materialPricingSchema.safeParse({ pricing: { ...pricing, [material]: range } });
    expect(firstError(result)).toBe(message);
  });
});

describe('brandColorSchema', () => {
  it.each([
    ['#16A34A', '#16a34a'],
    ['0ea5e9', '#0ea5e9'],
    ['#abc', '#aabbcc'],
  ])('normalises %s to %s', (value, color) => {
    expect(brandColorSchema.parse({ brandColor: value }).brandColor).toBe(color);
  });

  it.each(['red', '#12345', 'url(x)', ''])('refuses %j', (value) => {
    expect(firstError(brandColorSchema.safeParse({ brandColor: value }))).toBe(
      'Brand colour must be a hex colour like #16a34a',
    );
  });
});

describe('share slugs', () => {
  it.each([
    ['Q2xhdWRlIHNheXMgaGkhIQ', true],
    ['abcdefghijklmnopqrstu_', true],
    ['-_-_-_-_-_-_-_-_-_-_-_', true],
    ['abcdefghijklmnopqrstu', false],
    ['abcdefghijklmnopqrstuvw', false],
    ['abcdefghijklmnopqrst+/', false],
    ['sunny-roof-1042', true],
    ['rapid-falcon-10999', true],
    ['sunny-ridge-999', false],
    ['sunny-ridge-11000', false],
    ['Sunny-ridge-1234', false],
    ['', false],
  ])('isShareSlug(%j) is %s', (slug, expected) => {
    expect(isShareSlug(slug)).toBe(expected);
  });
});

describe('areas of service in the profile', () => {
  it('reads each entry into an area and keeps a repeated one once, as first typed', () => {
    const parsed = businessProfileSchema.parse({
      ...profile,
      areasOfService: ['Austin, TX', 'austin tx', '78701', ' 78701 ', 'Travis County, Texas'],
    });
    expect(parsed.areasOfService).toEqual([
      { kind: 'city', label: 'Austin, TX', city: 'Austin', state: 'TX' },
      { kind: 'zip', label: '78701', zip: '78701' },
      { kind: 'county', label: 'Travis County, Texas', county: 'Travis County', state: 'TX' },
    ]);
  });

  it('names the entry that is wrong', () => {
    const result = businessProfileSchema.safeParse({
      ...profile,
      areasOfService: ['78701', 'Round Rock'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['areasOfService', 1],
      message: '"Round Rock" needs a state, like "Round Rock, TX".',
    });
  });
});
