import { createRafterClient, isProblem, type Account } from '@rafter/client';

export type ApiKeyTestResult =
  | { ok: true; account: Account }
  | { ok: false; status: number; title: string; detail: string | null };

/**
 * Calls `GET /api/v1/account` with a key, as an integration would, through the typed client
 * (@rafter/client): the account and plan it answers for, or the problem it answers with. Loaded
 * only when a contractor tests a key, so the tab does not carry the client up front.
 */
export async function testApiKey(
  apiKey: string,
  baseUrl: string = window.location.origin,
): Promise<ApiKeyTestResult> {
  const rafter = createRafterClient({ baseUrl, apiKey });
  const { data, error, response } = await rafter.GET('/api/v1/account');
  if (data) return { ok: true, account: data };
  if (isProblem(error)) {
    return { ok: false, status: error.status, title: error.title, detail: error.detail };
  }
  return {
    ok: false,
    status: response.status,
    title: response.statusText || 'Error',
    detail: null,
  };
}
