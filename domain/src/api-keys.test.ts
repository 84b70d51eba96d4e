import { describe, expect, it } from 'vitest';
import { apiKeyMode, createApiKeySchema, hasScope } from './api-keys';

describe('apiKeyMode', () => {
  it.each([
    [true, false, 'live'],
    [true, true, 'test'],
    [false, false, 'test'],
    [false, true, 'test'],
  ] as const)('production %s, billing test mode %s → %s', (production, billingTestMode, mode) => {
    expect(apiKeyMode({ production, billingTestMode })).toBe(mode);
  });
});

describe('createApiKeySchema', () => {
  it('keeps known scopes once, in catalogue order', () => {
    expect(
      createApiKeySchema.parse({
        name: ' Zapier ',
        scopes: ['leads:write', 'leads:read', 'leads:read'],
      }),
    ).toEqual({ name: 'Zapier', scopes: ['leads:read', 'leads:write'] });
  });

  it.each([
    [{ name: '', scopes: ['leads:read'] }, 'Name is required'],
    [{ name: 'x', scopes: [] }, 'Choose at least one scope'],
    [{ name: 'x', scopes: ['admin'] }, 'Unknown scope'],
  ])('refuses %j', (input, message) => {
    const result = createApiKeySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('hasScope', () => {
  it('answers from the list', () => {
    expect(hasScope(['leads:read'], 'leads:read')).toBe(true);
    expect(hasScope(['leads:read'], 'leads:write')).toBe(false);
  });
});
