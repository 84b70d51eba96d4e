import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | undefined;
type Handler = (request: FakeRequest) => Answer | Promise<Answer>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
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

/**
 * Replaces fetch with a router over "METHOD /path" keys; every request is recorded. Unknown
 * requests answer 404 like the API does.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = await routes[`${method} ${url.pathname}`]?.(request);
    if (!answer) return jsonResponse(404, { error: 'Not found' });
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one "METHOD /path". */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
