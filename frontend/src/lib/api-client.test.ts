import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setAccessTokenSource, type AccessTokenSource } from './api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAccessTokenSource(null);
  });

  it('sends JSON and returns the parsed answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { id: 'lead-1' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/things', { name: 'Roof' })).resolves.toEqual({ id: 'lead-1' });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({
        method: 'POST',
        body: '{"name":"Roof"}',
        credentials: 'same-origin',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('returns undefined for an empty answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );

    await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
  });

  it.each([
    [400, { error: 'Email is required' }, 'Email is required'],
    [404, { error: 'Lead not found' }, 'Lead not found'],
    [500, { unexpected: true }, 'Request failed (500)'],
  ])('turns a %i answer into an ApiError with its message', async (status, body, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(status, body)),
    );

    const error = await api.get('/api/things').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message, body });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await expect(api.get('/api/things')).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  describe('authenticated calls', () => {
    function tokenSource(initial: string | null, refreshed: string | null) {
      let current = initial;
      const source: AccessTokenSource = {
        getAccessToken: () => current,
        refreshAccessToken: vi.fn(async () => {
          current = refreshed;
          return refreshed;
        }),
      };
      setAccessTokenSource(source);
      return source;
    }

    const authorization = (call: unknown[] | undefined) =>
      (call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined;

    it('send the access token as a bearer token; other calls do not', async () => {
      tokenSource('token-1', null);
      const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
      vi.stubGlobal('fetch', fetchMock);

      await api.get('/api/auth/me', { auth: true });
      await api.get('/api/public');

      expect(authorization(fetchMock.mock.calls[0])).toMatchObject({
        Authorization: 'Bearer token-1',
      });
      expect(authorization(fetchMock.mock.calls[1])).not.toHaveProperty('Authorization');
    });

    it('refresh once on a 401 and retry with the new token', async () => {
      const source = tokenSource('expired', 'fresh');
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(jsonResponse(401, { error: 'Your session has ended.' }))
        .mockResolvedValueOnce(jsonResponse(200, { id: 'user-1' }));
      vi.stubGlobal('fetch', fetchMock);

      await expect(api.get('/api/auth/me', { auth: true })).resolves.toEqual({ id: 'user-1' });

      expect(source.refreshAccessToken).toHaveBeenCalledWith('expired');
      expect(authorization(fetchMock.mock.calls[1])).toMatchObject({
        Authorization: 'Bearer fresh',
      });
    });

    it('give up with the 401 when the session cannot be refreshed, without looping', async () => {
      tokenSource('expired', null);
      const fetchMock = vi.fn(async () => jsonResponse(401, { error: 'Your session has ended.' }));
      vi.stubGlobal('fetch', fetchMock);

      await expect(api.get('/api/auth/me', { auth: true })).rejects.toMatchObject({
        status: 401,
        message: 'Your session has ended.',
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('retry only once when the fresh token is refused too', async () => {
      tokenSource('expired', 'also-refused');
      const fetchMock = vi.fn(async () => jsonResponse(401, { error: 'Your session has ended.' }));
      vi.stubGlobal('fetch', fetchMock);

      await expect(api.get('/api/auth/me', { auth: true })).rejects.toMatchObject({ status: 401 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('leave a 401 of an unauthenticated call alone (a wrong password is not a lost session)', async () => {
      const source = tokenSource('token-1', 'fresh');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse(401, { error: 'Username or password is wrong' })),
      );

      await expect(api.post('/api/auth/sign-in', {})).rejects.toMatchObject({ status: 401 });
      expect(source.refreshAccessToken).not.toHaveBeenCalled();
    });
  });
});
