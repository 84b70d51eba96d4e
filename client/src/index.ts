import createClient, { type Client } from 'openapi-fetch';
import { type components, type operations, type paths } from './schema';

export type { components, operations, paths };

/** The typed client: `GET`, `POST`, `PATCH`, `DELETE` on the paths of /api/v1. */
export type RafterClient = Client<paths>;

export interface RafterClientOptions {
  /** The site's address, e.g. `https://rafter.app` (paths start with `/api/v1`). */
  baseUrl: string;
  /** An API key (`rft_live_…` or `rft_test_…`) from the dashboard's Integrations tab. */
  apiKey: string;
  /** A fetch of your own (tests, a proxy, retries); the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** An RFC 9457 problem: what every /api/v1 error answers (`application/problem+json`). */
export type Problem =
  operations['getAccount']['responses'][401]['content']['application/problem+json'];

/** The account a key belongs to: contractor, key scopes, plan and this month's usage. */
export type Account = components['schemas']['V1AccountDto'];
export type Lead = components['schemas']['LeadDetailDto'];
export type LeadPage = components['schemas']['LeadPageDto'];

/**
 * A client for the Rafter public API that sends `Authorization: Bearer <apiKey>` on every call.
 * Each call resolves to `{ data, error, response }`: `data` on 2xx, else `error` (a `Problem`).
 *
 * ```ts
 * const rafter = createRafterClient({ baseUrl: 'https://rafter.app', apiKey: process.env.RAFTER_KEY! });
 * const { data, error } = await rafter.GET('/api/v1/leads', { params: { query: { status: 'new' } } });
 * ```
 */
export function createRafterClient(options: RafterClientOptions): RafterClient {
  if (!options.apiKey) throw new Error('createRafterClient: apiKey is required');
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * The `Idempotency-Key` header for a write, to pass as `params.header`: a retry with the same key
 * and body gets the first answer again for 24 hours. Keep the key to retry with; a new UUID when
 * none is given.
 *
 * ```ts
 * const key = idempotencyKey();
 * await rafter.POST('/api/v1/leads/{id}/notes', { params: { path: { id }, header: key }, body });
 * ```
 */
export function idempotencyKey(key: string = crypto.randomUUID()): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': key };
}

/** True for an RFC 9457 problem, as `error` holds after a 4xx or 5xx from /api/v1. */
export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).type === 'string' &&
    typeof (value as Problem).title === 'string' &&
    typeof (value as Problem).status === 'number'
  );
}
