import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadListItem } from '@rafter/domain/crm';
import type { LeadStatus, UpdateLeadStatus } from '@rafter/domain/lead';
import { api } from '../../../lib/api-client';
import { replaceLeadInLists } from './get-leads';
import { leadKeys } from './lead-keys';

export function patchLeadStatus(id: string, status: LeadStatus): Promise<LeadListItem> {
  const body: UpdateLeadStatus = { status };
  return api.patch<LeadListItem>(`/api/leads/${encodeURIComponent(id)}/status`, body, {
    auth: true,
  });
}

/**
 * Saves a status. The lists change only with the server's answer (spec section 4): nothing is
 * shown optimistically, so a failed save leaves the old status where it was.
 */
export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) => patchLeadStatus(id, status),
    onSuccess: (lead) => {
      replaceLeadInLists(queryClient, lead);
      // Counts, metrics, the lead's timeline, and lists it now enters or leaves.
      return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
