import { ApiError } from '../../../lib/api-client';

/** The `error` text of an API answer, or null when the server sent none (or never answered). */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body: unknown = error.body;
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const text = body.error;
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return null;
}

/** True when the server answered (with any status), false for a network failure or a bug. */
export function serverAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0;
}
