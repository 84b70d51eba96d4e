import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
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
});
