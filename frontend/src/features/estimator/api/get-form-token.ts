import type { FormTokenResponse } from '@rafter/domain/lead';
import { api } from '../../../lib/api-client';

/**
 * GET /api/form-token: a single-use token for one quote request from this calculator (the main
 * site's without an owner). `previous`, the page's last token, keeps the time the widget was
 * first shown.
 */
export function getFormToken(
  ownerId: string | null,
  previous: string | null,
): Promise<FormTokenResponse> {
  const query = new URLSearchParams();
  if (ownerId) query.set('ownerId', ownerId);
  if (previous) query.set('previous', previous);
  const search = query.toString();
  return api.get<FormTokenResponse>(`/api/form-token${search ? `?${search}` : ''}`);
}
