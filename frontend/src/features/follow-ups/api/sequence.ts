import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowUpSequence, FollowUpSequenceInput } from '@rafter/domain/follow-ups';
import { api } from '../../../lib/api-client';

export const sequenceKeys = {
  sequence: ['follow-ups', 'sequence'] as const,
};

export const sequenceQueryOptions = queryOptions({
  queryKey: sequenceKeys.sequence,
  queryFn: ({ signal }) =>
    api.get<FollowUpSequence>('/api/follow-ups/sequence', { auth: true, signal }),
});

export function useSequence() {
  return useQuery(sequenceQueryOptions);
}

export function useSaveSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sequence: FollowUpSequenceInput) =>
      api.put<FollowUpSequence>('/api/follow-ups/sequence', sequence, { auth: true }),
    onSuccess: (saved) => queryClient.setQueryData(sequenceKeys.sequence, saved),
  });
}
