import { expect, type APIRequestContext } from '@playwright/test';
import { MIN_FILL_TIME_MS } from '@rafter/domain/lead';

export interface HomeownerToken {
  token: string;
  /** Waits for whatever is left of the time a person needs to fill the widget after it loaded. */
  filled: () => Promise<void>;
}

/**
 * What the widget does as it loads, for tests that send a quote through the API rather than the
 * widget: fetch a form token for the calculator (the main site's without an owner). Fetch it
 * early; the quote request may go once `filled()` resolves.
 */
export async function homeownerFormToken(
  request: APIRequestContext,
  ownerId: string | null,
): Promise<HomeownerToken> {
  const response = await request.get(`/api/form-token${ownerId ? `?ownerId=${ownerId}` : ''}`);
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const readyAt = Date.now() + MIN_FILL_TIME_MS + 200;
  return {
    token,
    filled: () => new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt - Date.now()))),
  };
}
