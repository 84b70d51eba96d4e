import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; contentType?: string } | undefined;
type Handler = (request: FakeRequest) => Answer | Promise<Answer>;

export function jsonResponse(
  status: number,
  body: unknown,
  contentType = 'application/json',
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': contentType },
  });
}

export const TEST_PUBLIC_CONFIG = {
  googleMapsApiKey: null,
  mapTileUrl: 'https://tiles.test/{z}/{y}/{x}',
  mapAttribution: 'Test imagery',
  mapStreetsTileUrl: 'https://streets.test/{z}/{x}/{y}.png',
  mapStreetsAttribution: 'Test streets',
  geocoderUrl: null,
  demoMode: true,
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Replaces fetch with a router over "METHOD /path" keys; every request is recorded. Unknown
 * requests answer 404 like the API does.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // A Request (as openapi-fetch sends, @rafter/client) or a URL with its init.
    const sent = input instanceof Request ? input : null;
    const url = new URL(sent ? sent.url : String(input), 'http://localhost');
    const method = sent?.method ?? init?.method ?? 'GET';
    const text = sent ? await sent.text() : init?.body;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(sent?.headers ?? init?.headers),
      body: typeof text === 'string' && text !== '' ? parseJson(text) : undefined,
    };
    requests.push(request);
    const answer = await routes[`${method} ${url.pathname}`]?.(request);
    if (!answer) return jsonResponse(404, { error: 'Not found' });
    return jsonResponse(answer.status ?? 200, answer.body, answer.contentType);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one "METHOD /path". */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
