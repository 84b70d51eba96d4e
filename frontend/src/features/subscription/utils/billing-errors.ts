import { ApiError } from '../../../lib/api-client';

/** Spec section 8's texts for a failed plan choice: the change, and the checkout after it. */
export const CHANGE_FAILED = 'Failed to cancel old subscription. Please try again.';
export const CHECKOUT_FAILED = 'Failed to start checkout. Please try again.';

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
