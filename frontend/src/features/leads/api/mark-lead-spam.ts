import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadDetail, MarkLeadSpam } from '@rafter/domain/crm';
import { api } from '../../../lib/api-client';
import { removeLeadFromLists } from './get-leads';
import { leadKeys } from './lead-keys';

/** The Subscription tab's query root: its lead usage counts flagged leads no more. */
const BILLING_QUERIES = ['billing'] as const;

export function patchLeadSpam(id: string, spam: boolean): Promise<LeadDetail> {
  const body: MarkLeadSpam = { spam };
  return api.patch<LeadDetail>(`/api/leads/${encodeURIComponent(id)}/spam`, body, {
    auth: true,
  });
}

/**
 * Flags a lead as spam or takes the flag back. A flagged lead leaves the lists at once; lists,
 * counts, metrics and this month's lead usage are read again either way.
 */
export function useMarkLeadSpam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, spam }: { id: string; spam: boolean }) => patchLeadSpam(id, spam),
    onSuccess: (lead) => {
      if (lead.spam) removeLeadFromLists(queryClient, lead.id);
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
        queryClient.invalidateQueries({ queryKey: BILLING_QUERIES }),
      ]);
    },
  });
}
