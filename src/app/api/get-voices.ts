import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOf, voiceSchema, type VoiceMode } from '@contract/lookups';
import { api } from './client';
import { LOOKUP_STALE_TIME, lookupKeys } from './query-keys';

/** GET /user/assistants/voices: public voices and the user's own; `mode` narrows to one engine. */
export function getVoices(mode: VoiceMode | undefined, signal?: AbortSignal) {
  return api.get('/user/assistants/voices', listOf(voiceSchema), { query: { mode }, signal });
}

export const voicesQuery = (mode?: VoiceMode) =>
  queryOptions({
    queryKey: lookupKeys.voices(mode),
    queryFn: ({ signal }) => getVoices(mode, signal),
    staleTime: LOOKUP_STALE_TIME,
  });

export function useVoices(mode?: VoiceMode) {
  return useQuery(voicesQuery(mode));
}
