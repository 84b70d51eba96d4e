import { expect, type APIRequestContext } from '@playwright/test';
import { MIN_FILL_TIME_MS } from '@rafter/domain/lead';

/**
 * What the widget does before a homeowner's quote request: fetch a form token for the
 * calculator (the main site's without an owner), then take at least the time a person needs to
 * fill the form. For tests that send a quote through the API rather than the widget.
 */
export async function homeownerFormToken(
  request: APIRequestContext,
  ownerId: string | null,
): Promise<string> {
  const response = await request.get(`/api/form-token${ownerId ? `?ownerId=${ownerId}` : ''}`);
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_TIME_MS + 200));
  return token;
}
