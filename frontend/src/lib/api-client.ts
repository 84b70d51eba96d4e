/** An API answer outside 2xx, or a request that never reached the server (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON, except FormData, which goes as multipart (file uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the session's access token; a 401 answer refreshes it once and retries. */
  auth?: boolean;
}

/** Where authenticated calls get their access token: the session client registers itself. */
export interface AccessTokenSource {
  getAccessToken(): string | null;
  /**
   * A token newer than `rejected` (the one the server just refused), refreshing if needed;
   * null when there is no session any more.
   */
  refreshAccessToken(rejected: string | null): Promise<string | null>;
}

let tokenSource: AccessTokenSource | null = null;

export function setAccessTokenSource(source: AccessTokenSource | null): void {
  tokenSource = source;
}

const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Sends a JSON request to the API and returns the parsed JSON answer (undefined when empty). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers, signal, auth = false } = options;
  const send = (accessToken: string | null) =>
    sendRequest(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The browser sets a multipart Content-Type with its boundary itself.
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'Content-Type': 'application/json' }),
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: body instanceof FormData ? body : JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });

  const accessToken = auth ? (tokenSource?.getAccessToken() ?? null) : null;
  let response = await send(accessToken);
  if (response.status === 401 && auth && tokenSource) {
    // The token may have expired in flight or been rotated by another tab: one retry, no loop.
    const fresh = await tokenSource.refreshAccessToken(accessToken);
    if (fresh && fresh !== accessToken) response = await send(fresh);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, errorMessage(payload, response), payload);
  }
  return payload as T;
}

async function sendRequest(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

type RequestOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorMessage(payload: unknown, response: Response): string {
  if (
    typeof payload === 'object' &&
    payload !== null &&
    'error' in payload &&
    typeof payload.error === 'string' &&
    payload.error !== ''
  ) {
    return payload.error;
  }
  return `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
}
