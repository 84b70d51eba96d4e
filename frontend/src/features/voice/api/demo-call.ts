import type { DemoCallResponse } from '@rafter/domain/voice';
import { VOICE_ERRORS } from '../widget-constants';
import { api, ApiError } from '../../../lib/api-client';

export type DemoCallStart =
  { kind: 'token'; accessToken: string } | { kind: 'built-in' } | { kind: 'failed'; error: string };

function serverError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' && body.error ? body.error : undefined;
}

/**
 * POST /api/demo-call (JSON, no payload): a Retell access token, word that the built-in assistant
 * runs here, or the server's error ('Failed to start demo call' when it gives none).
 */
export async function startDemoCall(): Promise<DemoCallStart> {
  try {
    const answer = await api.post<DemoCallResponse>('/api/demo-call', {});
    if (answer.success && answer.access_token) {
      return { kind: 'token', accessToken: answer.access_token };
    }
    if (answer.provider === 'built-in') return { kind: 'built-in' };
    return { kind: 'failed', error: answer.error || VOICE_ERRORS.demoCallFailed };
  } catch (error) {
    const message = error instanceof ApiError ? serverError(error.body) : undefined;
    return { kind: 'failed', error: message ?? VOICE_ERRORS.demoCallFailed };
  }
}
