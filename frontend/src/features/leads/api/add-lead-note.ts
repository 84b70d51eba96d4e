import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLeadNote, LeadTimelineEntry } from '@rafter/domain/crm';
import { api } from '../../../lib/api-client';
import { leadKeys } from './lead-keys';

export function postLeadNote(id: string, note: AddLeadNote): Promise<LeadTimelineEntry> {
  return api.post<LeadTimelineEntry>(`/api/leads/${encodeURIComponent(id)}/notes`, note, {
    auth: true,
  });
}

/** Adds a note to a lead; its timeline reloads with the note in place. */
export function useAddLeadNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: AddLeadNote) => postLeadNote(id, note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.detail(id) }),
  });
}
