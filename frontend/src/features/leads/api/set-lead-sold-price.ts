import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadDetail } from '@rafter/domain/crm';
import type { LeadSoldPrice } from '@rafter/domain/sold-price';
import { api } from '../../../lib/api-client';
import { leadKeys } from './lead-keys';

export function putLeadSoldPrice(id: string, soldPrice: number | null): Promise<LeadDetail> {
  const body: LeadSoldPrice = { soldPrice };
  return api.put<LeadDetail>(`/api/leads/${encodeURIComponent(id)}/sold-price`, body, {
    auth: true,
  });
}

/** Saves what a Converted lead sold for (null clears it); the lead's details show the answer. */
export function useSetLeadSoldPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, soldPrice }: { id: string; soldPrice: number | null }) =>
      putLeadSoldPrice(id, soldPrice),
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      return queryClient.invalidateQueries({ queryKey: leadKeys.detail(lead.id) });
    },
  });
}
