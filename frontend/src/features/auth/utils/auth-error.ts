import { AUTH_ERRORS, type AuthErrorCode } from '@rafter/domain/auth-session';
import { ApiError } from '../../../lib/api-client';

/**
 * A failed call as `authErrorText` reads it. Only the API's own `error` text counts as a
 * message: a bare "Request failed (502)" shows the action's fallback instead.
 */
export function toAuthError(error: unknown): { status: number; message?: string } | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  const message =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : undefined;
  return message === undefined ? { status: error.status } : { status: error.status, message };
}

export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return typeof value === 'string' && Object.hasOwn(AUTH_ERRORS, value);
}

/** The API's error code, when it sent a known one. */
export function authErrorCode(error: unknown): AuthErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : null;
  return isAuthErrorCode(code) ? code : null;
}
