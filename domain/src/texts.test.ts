import { describe, expect, it } from 'vitest';
import {
  homeownerTextBody,
  inboundKeyword,
  textSettingsSchema,
  toE164,
  type InboundKeyword,
} from './texts';

describe('toE164', () => {
  it.each<[string, string | null]>([
    ['5125550100', '+15125550100'],
    ['(512) 555-0100', '+15125550100'],
    ['+1 512 555 0100', '+15125550100'],
    ['787-555-0100', '+17875550100'], // Puerto Rico shares +1
    ['5555555555', null], // 555 is no area code
    ['123', null],
    ['+44 20 7946 0958', null], // not a US number
  ])('%s → %s', (phone, e164) => {
    expect(toE164(phone)).toBe(e164);
  });
});

describe('inboundKeyword', () => {
  it.each<[string, InboundKeyword]>([
    ['STOP', 'stop'],
    [' stop ', 'stop'],
    ['Stop.', 'stop'],
    ['STOPALL', 'stop'],
    ['unsubscribe', 'stop'],
    ['CANCEL', 'stop'],
    ['end', 'stop'],
    ['quit', 'stop'],
    ['HELP', 'help'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['please stop texting me', null],
    ['Is Tuesday OK?', null],
  ])('%j is %s', (body, keyword) => {
    expect(inboundKeyword(body)).toBe(keyword);
  });
});

describe('homeownerTextBody', () => {
  it('adds the contractor name and the opt-out line when missing', () => {
    expect(homeownerTextBody('Sunny Roofing', 'Your estimate is ready.')).toBe(
      'Sunny Roofing: Your estimate is ready. Reply STOP to opt out.',
    );
  });

  it('keeps a body that already has both', () => {
    const body = 'Hi from Sunny Roofing! Reply STOP to opt out.';
    expect(homeownerTextBody('Sunny Roofing', body)).toBe(body);
  });
});

describe('textSettingsSchema', () => {
  it('stores the mobile in E.164', () => {
    expect(textSettingsSchema.parse({ mobilePhone: '(512) 555-0100', textNewLeads: true })).toEqual(
      { mobilePhone: '+15125550100', textNewLeads: true },
    );
  });

  it('refuses an invalid number and texts without a number', () => {
    const invalid = textSettingsSchema.safeParse({ mobilePhone: '555-0100', textNewLeads: false });
    expect(invalid.error?.issues[0]?.message).toBe('Mobile number must be a valid US number');
    const missing = textSettingsSchema.safeParse({ mobilePhone: '', textNewLeads: true });
    expect(missing.error?.issues[0]?.message).toBe('Add a mobile number to get new leads by text');
  });
});
