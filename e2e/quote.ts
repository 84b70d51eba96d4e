import { expect, type APIRequestContext } from '@playwright/test';
import { homeownerFormToken, type HomeownerToken } from './form-token';

/** The seeded demo contractor's share link (e2e/serve.mjs seeds the demo data). */
export const DEMO_SLUG = 'sunny-roof-1042';

/** The contractor behind a share link, as the widget learns it. */
export async function ownerIdOf(request: APIRequestContext, slug = DEMO_SLUG): Promise<string> {
  const response = await request.get(`/api/get-shareable-link?slug=${slug}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { linkData: { user_id: string } }).linkData.user_id;
}

/** What a test sets of a quote request's lead; the rest is an Austin house with asphalt shingles. */
export type QuoteLead = { firstName: string; lastName: string } & Record<string, unknown>;

/**
 * A homeowner's quote request through the widget's calls (owner flow): with `form`, the token the
 * widget fetched as it loaded (else one fetched now), sent once a person could have filled the
 * form. The e-mail is first.last@example.com unless `lead` names one. Resolves with the lead's id.
 */
export async function sendQuote(
  request: APIRequestContext,
  ownerId: string,
  lead: QuoteLead,
  form?: HomeownerToken,
): Promise<string> {
  return (await requestQuote(request, ownerId, lead, form)).id;
}

/** sendQuote's request, answering the lead's id and the homeowner's book token. */
export async function requestQuote(
  request: APIRequestContext,
  ownerId: string,
  lead: QuoteLead,
  form?: HomeownerToken,
): Promise<{ id: string; bookingToken: string | null }> {
  const token = form ?? (await homeownerFormToken(request, ownerId));
  await token.filled();
  const response = await request.post('/api/capture-lead', {
    data: {
      ownerId,
      formToken: token.token,
      source: 'widget',
      lead: {
        email: `${lead.firstName}.${lead.lastName}@example.com`.toLowerCase(),
        phone: '5125550142',
        address: '1100 Congress Ave, Austin, TX 78701, USA',
        zipCode: '78701',
        latitude: 30.2747,
        longitude: -97.7404,
        ownership: 'owner',
        material: 'asphalt',
        stories: 'one',
        roofArea: 1800,
        estimateLow: 6120,
        estimateMid: 8415,
        estimateHigh: 10_710,
        ...lead,
      },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; bookingToken: string | null };
}
