import type { AuthSession } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';

/**
 * Trades the refresh cookie for a new session (and a rotated cookie). Only the session client
 * calls it, under its single-flight lock: a second caller presenting the same cookie would make
 * the server revoke the whole session family.
 */
export function postRefresh(): Promise<AuthSession> {
  return api.post<AuthSession>('/api/auth/refresh');
}
