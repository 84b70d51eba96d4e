import { z } from 'zod';

/**
 * Public API keys (docs/api.md): what a key may do, how one looks, and the dashboard's payloads.
 * A key is `rft_live_` or `rft_test_` followed by 32 random bytes in base64url (43 characters), a
 * fixed prefix that secret scanners can match. Only its SHA-256 is stored; the dashboard lists the
 * first API_KEY_SHOWN_LENGTH characters.
 */
export const API_KEY_SCOPES = ['leads:read', 'leads:write', 'webhooks:manage'] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_TEXTS: Readonly<Record<ApiKeyScope, string>> = {
  'leads:read': 'Read leads and the account',
  'leads:write': 'Create, update and delete leads, add notes',
  'webhooks:manage': 'Manage webhook endpoints, which receive leads with their contact details',
};

export const API_KEY_MODES = ['live', 'test'] as const;

export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const API_KEY_PATTERN = /^rft_(live|test)_[A-Za-z0-9_-]{43}$/;

/** What the dashboard shows of a key after creation: `rft_live_` and 8 characters of the secret. */
export const API_KEY_SHOWN_LENGTH = 'rft_live_'.length + 8;

export const API_KEY_NAME_MAX_LENGTH = 80;

/** The caller's user agent kept as "last used by", at most this long. */
export const API_KEY_CLIENT_MAX_LENGTH = 200;

/** Keys a contractor may hold (revoked ones not counted). */
export const API_KEYS_MAX = 20;

/** POST /api/api-keys. */
export const createApiKeySchema = z.object(
  {
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(API_KEY_NAME_MAX_LENGTH, `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: 'Unknown scope' }), {
        error: 'Scopes must be a list',
      })
      .min(1, 'Choose at least one scope')
      .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  },
  { error: 'Request body must be a JSON object' },
);

export type CreateApiKey = z.infer<typeof createApiKeySchema>;
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** A key as the dashboard lists it: never the secret. */
export const apiKeySummarySchema = z.object({
  id: z.guid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  lastUsedBy: z.string().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});

export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

/** The answer to a creation: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySummarySchema.extend({ key: z.string() });

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySummarySchema) });

export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** Whether a key's scopes allow `scope`. */
export function hasScope(scopes: readonly string[], scope: ApiKeyScope): boolean {
  return scopes.includes(scope);
}

/**
 * `live` keys only where real money moves: a production server whose Stripe key is live. A
 * development machine, a staging server or Stripe's test mode issues `test` keys, so a key that
 * leaks from there is recognisable as harmless at a glance.
 */
export function apiKeyMode(options: { production: boolean; billingTestMode: boolean }): ApiKeyMode {
  return options.production && !options.billingTestMode ? 'live' : 'test';
}
