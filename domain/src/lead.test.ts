import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LEAD_STATUSES,
  LEAD_STATUS_COLORS,
  LEAD_STATUS_LABELS,
  MIN_FILL_TIME_MS,
  captureLeadPayloadSchema,
  formatUsPhone,
  leadDisplayName,
  mainSiteLeadPayloadSchema,
  quoteFormSchema,
  spamVerdict,
  updateLeadStatusSchema,
  usPhoneDigits,
  zipCodeSchema,
  type FormTokenCheck,
  type LeadInput,
  type SpamVerdict,
} from './lead';

const lead: LeadInput = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.com',
  phone: '5125550100',
  address: '123 Main St, Austin, TX 78701, USA',
  zipCode: '78701',
  latitude: 30.2672,
  longitude: -97.7431,
  ownership: 'owner',
  material: 'asphalt',
  stories: 'one',
  roofArea: 2000,
  estimateLow: 6800,
  estimateMid: 9350,
  estimateHigh: 11900,
};
const ownerId = '0b7c6f2e-1d1a-4c3b-9a8e-2f4d5c6b7a80';

function messages(result: { error?: z.ZodError }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('captureLeadPayloadSchema', () => {
  it('accepts the spec payload', () => {
    expect(captureLeadPayloadSchema.parse({ ownerId, lead })).toEqual({ ownerId, lead });
  });

  it('trims text and stores the phone as 10 digits', () => {
    const parsed = captureLeadPayloadSchema.parse({
      ownerId,
      lead: {
        ...lead,
        firstName: '  Ana ',
        email: ' ana@example.com ',
        phone: '+1 (512) 555-0100',
        zipCode: ' 78701',
      },
    });
    expect(parsed.lead).toMatchObject({
      firstName: 'Ana',
      email: 'ana@example.com',
      phone: '5125550100',
      zipCode: '78701',
    });
  });

  it.each([
    ['no coordinates', { latitude: undefined, longitude: undefined }],
    ['null coordinates', { latitude: null, longitude: null }],
  ])('accepts a lead with %s (typed address, no map)', (_case, change) => {
    expect(
      captureLeadPayloadSchema.safeParse({ ownerId, lead: { ...lead, ...change } }).success,
    ).toBe(true);
  });

  it('accepts and keeps the anti-spam fields', () => {
    const parsed = captureLeadPayloadSchema.parse({
      ownerId,
      lead,
      website: '',
      formToken: 'v1.token',
      challengeSolution: 'solved',
    });
    expect(parsed).toMatchObject({
      website: '',
      formToken: 'v1.token',
      challengeSolution: 'solved',
    });
  });

  it.each(['widget', 'embed', 'share_page'])('accepts and keeps the source %s', (source) => {
    expect(captureLeadPayloadSchema.parse({ ownerId, lead, source }).source).toBe(source);
  });

  it.each<[string, unknown, string]>([
    ['firstName', undefined, 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['firstName', 42, 'First name must be text'],
    ['firstName', 'x'.repeat(101), 'First name must be at most 100 characters'],
    ['lastName', '', 'Last name is required'],
    ['email', '', 'Email is required'],
    ['email', 'ana@', 'Email must be a valid email address'],
    ['email', 'ana example.com', 'Email must be a valid email address'],
    ['phone', '', 'Phone number is required'],
    ['phone', '555-0100', 'Phone number must be a 10-digit US number'],
    ['phone', '+44 20 7946 0958', 'Phone number must be a 10-digit US number'],
    ['phone', '512-CALL-NOW', 'Phone number must be a 10-digit US number'],
    ['address', undefined, 'Address is required'],
    ['address', 'x'.repeat(301), 'Address must be at most 300 characters'],
    ['zipCode', undefined, 'Zip code is required'],
    ['zipCode', '7870', 'Zip code must be 5 digits'],
    ['zipCode', '78701-1234', 'Zip code must be 5 digits'],
    ['zipCode', 78701, 'Zip code must be 5 digits'],
    ['latitude', 91, 'Latitude must be between -90 and 90'],
    ['longitude', -181, 'Longitude must be between -180 and 180'],
    ['latitude', '30.2', 'Latitude must be a number'],
    ['ownership', undefined, 'Homeowner answer is required'],
    ['ownership', 'renter', 'Homeowner answer must be owner, considering or other'],
    ['material', 'copper', 'Roofing material must be asphalt, wood, metal, tile or slate'],
    [
      'material',
      'Asphalt shingles',
      'Roofing material must be asphalt, wood, metal, tile or slate',
    ],
    ['stories', 'four', 'Number of stories must be one, two or three'],
    ['stories', null, 'Number of stories is required'],
    ['roofArea', undefined, 'Roof area is required'],
    ['roofArea', '2000', 'Roof area must be a number'],
    ['roofArea', Number.NaN, 'Roof area must be a number'],
    ['roofArea', 299, 'Roof area must be at least 300 sq ft'],
    ['roofArea', 20001, 'Roof area must be at most 20,000 sq ft'],
    ['estimateLow', -1, 'Low estimate must not be negative'],
    ['estimateMid', undefined, 'Average estimate is required'],
    ['estimateHigh', 'lots', 'High estimate must be a number'],
  ])('lead.%s = %j is refused with %j', (field, value, message) => {
    const result = captureLeadPayloadSchema.safeParse({
      ownerId,
      lead: { ...lead, [field]: value },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['lead', field], message });
  });

  it.each<[unknown, string[]]>([
    [{ lead }, ['Owner id is required']],
    [{ ownerId: 'not-an-id', lead }, ['Owner id must be a valid id']],
    [{ ownerId }, ['Lead details are required']],
    [{ ownerId, lead, website: 5 }, ['Website must be text']],
    [{ ownerId, lead, formToken: 42 }, ['Form token must be text']],
    [{ ownerId, lead, challengeSolution: {} }, ['Challenge solution must be text']],
    [{ ownerId, lead, source: 'marketplace' }, ['Source must be widget, embed or share_page']],
    [null, ['Request body must be a JSON object']],
  ])('%j is refused with %j', (payload, expected) => {
    expect(messages(captureLeadPayloadSchema.safeParse(payload))).toEqual(expected);
  });

  it('names every missing field at once', () => {
    expect(messages(captureLeadPayloadSchema.safeParse({ ownerId, lead: {} }))).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Address is required',
      'Zip code is required',
      'Homeowner answer is required',
      'Roofing material is required',
      'Number of stories is required',
      'Roof area is required',
      'Low estimate is required',
      'Average estimate is required',
      'High estimate is required',
    ]);
  });

  it.each([
    ['capture-lead', captureLeadPayloadSchema],
    ['main-site lead', mainSiteLeadPayloadSchema],
    ['quote form', quoteFormSchema],
    ['status update', updateLeadStatusSchema],
  ])('the %s schema converts to JSON Schema for the API document', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });
});

describe('mainSiteLeadPayloadSchema', () => {
  it('accepts a lead without an owner', () => {
    expect(mainSiteLeadPayloadSchema.parse({ lead })).toEqual({ lead });
  });

  it('refuses a missing lead', () => {
    expect(messages(mainSiteLeadPayloadSchema.safeParse({}))).toEqual([
      'Lead details are required',
    ]);
  });
});

describe('quoteFormSchema', () => {
  const form = {
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@example.com',
    phone: '512.555.0100',
  };

  it('accepts the four fields', () => {
    expect(quoteFormSchema.parse(form)).toEqual({ ...form, phone: '5125550100' });
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', ' ', 'Last name is required'],
    ['email', 'ana@example', 'Email must be a valid email address'],
    ['phone', '12345', 'Phone number must be a 10-digit US number'],
  ])('%s = %j shows %j', (field, value, message) => {
    const result = quoteFormSchema.safeParse({ ...form, [field]: value });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});

describe('zipCodeSchema', () => {
  it.each([
    ['78701', true],
    [' 78701 ', true],
    ['00501', true],
    ['7870', false],
    ['787011', false],
    ['7870a', false],
    ['', false],
  ])('%j valid: %s', (zip, valid) => {
    expect(zipCodeSchema.safeParse(zip).success).toBe(valid);
  });
});

describe('US phone numbers', () => {
  it.each([
    ['5125550100', '5125550100'],
    ['512-555-0100', '5125550100'],
    ['(512) 555-0100', '5125550100'],
    ['512.555.0100', '5125550100'],
    ['+1 512 555 0100', '5125550100'],
    ['1-512-555-0100', '5125550100'],
    ['555-123-4567', '5551234567'],
    ['555-0100', null],
    ['2512-555-0100', null],
    ['+44 20 7946 0958', null],
    ['512 555 0100 ext 2', null],
    ['', null],
  ])('usPhoneDigits(%j) is %j', (phone, digits) => {
    expect(usPhoneDigits(phone)).toBe(digits);
  });

  it.each([
    ['5125550100', '(512) 555-0100'],
    ['+1 512 555 0100', '(512) 555-0100'],
    ['call me', 'call me'],
  ])('formatUsPhone(%j) is %j', (phone, shown) => {
    expect(formatUsPhone(phone)).toBe(shown);
  });
});

describe('spamVerdict', () => {
  const now = new Date('2025-03-15T12:00:00.000Z');
  const t = now.getTime();
  const ownerId = '6f1c1c1e-3f57-4d55-9a4a-8d9a53c1f0a1';
  const token = (startedAt: number, owner: string | null = ownerId): FormTokenCheck => ({
    claims: { ownerId: owner, startedAt, issuedAt: startedAt, expiresAt: t + 3600_000, nonce: 'n' },
  });

  it.each<[string, { website?: string }, FormTokenCheck, string | null, SpamVerdict]>([
    ['a person with a token', {}, token(t - 60_000), ownerId, null],
    ['empty honeypot', { website: '' }, token(t - 60_000), ownerId, null],
    ['whitespace honeypot', { website: '  ' }, token(t - 60_000), ownerId, null],
    ['filled honeypot', { website: 'http://spam.example' }, token(t - 60_000), ownerId, 'honeypot'],
    [
      'filled honeypot beats the token',
      { website: 'x' },
      { problem: 'missing' },
      ownerId,
      'honeypot',
    ],
    ['no token', {}, { problem: 'missing' }, ownerId, 'no_token'],
    ['a forged token', {}, { problem: 'invalid' }, ownerId, 'invalid_token'],
    ['an expired token', {}, { problem: 'expired' }, ownerId, 'expired_token'],
    ["another contractor's token", {}, token(t - 60_000, 'other'), ownerId, 'wrong_owner'],
    ['a main-site token for a contractor', {}, token(t - 60_000, null), ownerId, 'wrong_owner'],
    ["a contractor's token on the main site", {}, token(t - 60_000), null, 'wrong_owner'],
    ['a main-site token on the main site', {}, token(t - 60_000, null), null, null],
    ['sent as the token was issued', {}, token(t), ownerId, 'too_fast'],
    ['just under the minimum', {}, token(t - (MIN_FILL_TIME_MS - 1)), ownerId, 'too_fast'],
    ['exactly the minimum', {}, token(t - MIN_FILL_TIME_MS), ownerId, null],
    ['issued ahead of this clock (another instance)', {}, token(t + 30_000), ownerId, null],
  ])('%s: %s', (_case, fields, check, owner, verdict) => {
    expect(spamVerdict(fields, check, owner, now)).toBe(verdict);
  });
});

describe('lead status', () => {
  it.each([
    ['new', 'New', 'blue'],
    ['contacted', 'Contacted', 'yellow'],
    ['qualified', 'Qualified', 'green'],
    ['converted', 'Converted', 'purple'],
    ['lost', 'Lost', 'red'],
  ] as const)('%s is shown as %s in %s', (status, label, color) => {
    expect(LEAD_STATUS_LABELS[status]).toBe(label);
    expect(LEAD_STATUS_COLORS[status]).toBe(color);
    expect(updateLeadStatusSchema.parse({ status })).toEqual({ status });
  });

  it('keeps the spec order', () => {
    expect(LEAD_STATUSES).toEqual(['new', 'contacted', 'qualified', 'converted', 'lost']);
  });

  it.each([
    [{ status: 'won' }, 'Status must be new, contacted, qualified, converted or lost'],
    [{}, 'Status is required'],
  ])('%j is refused with %j', (body, message) => {
    expect(messages(updateLeadStatusSchema.safeParse(body))).toEqual([message]);
  });
});

describe('leadDisplayName', () => {
  it.each([
    ['Ana', 'Ruiz', 'Ana Ruiz'],
    ['Ana', '', 'Ana'],
    [null, 'Ruiz', 'Ruiz'],
    ['  ', null, 'Unknown'],
    [null, null, 'Unknown'],
  ])('%j + %j is %j', (first, last, name) => {
    expect(leadDisplayName(first, last)).toBe(name);
  });
});
