import { queryOptions } from '@tanstack/react-query';
import type { VoiceSettings } from '@rafter/domain/voice';
import { api } from '../../../lib/api-client';

export function getVoiceSettings(signal?: AbortSignal): Promise<VoiceSettings> {
  return api.get<VoiceSettings>('/api/voice', signal ? { signal } : undefined);
}

/** Which assistant runs changes only with a deploy. */
export const voiceSettingsQueryOptions = queryOptions({
  queryKey: ['voice', 'settings'] as const,
  queryFn: ({ signal }) => getVoiceSettings(signal),
  staleTime: Infinity,
});
