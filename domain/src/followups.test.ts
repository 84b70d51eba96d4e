import { describe, expect, it } from 'vitest';
import { followupSettingsSchema, sendsEstimateEmail } from './followups';

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('followupSettingsSchema', () => {
  it.each([
    [
      { estimateEmail: true, phone: '(512) 555-0100' },
      { estimateEmail: true, phone: '5125550100' },
    ],
    [
      { estimateEmail: false, phone: '+1 512.555.0100' },
      { estimateEmail: false, phone: '5125550100' },
    ],
    [
      { estimateEmail: true, phone: '   ' },
      { estimateEmail: true, phone: null },
    ],
    [
      { estimateEmail: true, phone: null },
      { estimateEmail: true, phone: null },
    ],
  ])('reads %j as %j', (input, expected) => {
    expect(followupSettingsSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ estimateEmail: 'yes', phone: null }, "'E-mail homeowners their estimate' must be on or off"],
    [{ phone: null }, "'E-mail homeowners their estimate' must be on or off"],
    [{ estimateEmail: true, phone: '555-0100' }, 'Phone number must be a 10-digit US number'],
    [{ estimateEmail: true, phone: 'call me' }, 'Phone number must be a 10-digit US number'],
    [{ estimateEmail: true, phone: 5125550100 }, 'Phone number must be text'],
  ])('refuses %j: %s', (input, message) => {
    expect(firstError(followupSettingsSchema.safeParse(input))).toBe(message);
  });
});

describe('sendsEstimateEmail', () => {
  it.each([
    ['widget', true],
    ['embed', true],
    ['share_page', true],
    ['marketplace', false],
    ['api', false],
    ['demo', false],
  ])('%s → %s', (source, expected) => {
    expect(sendsEstimateEmail(source)).toBe(expected);
  });
});
