import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { voiceInfoSchema, type VoiceInfo } from '@contract/voice';
import { api } from '@/api';
import { serviceKeys } from '@/api/query-keys';
import { useSession } from '@/api/session';

/** What a service that says nothing about voice (one from before it, or an odd answer) can do: nothing. */
export const NO_VOICE: VoiceInfo = { transcription: false, model: false, speech: null, web_call: false, realtime: false };

// Only `voice` is read here; the rest of the answer is the sign-in page's (features/auth).
const localInfoVoiceSchema = z.looseObject({ voice: voiceInfoSchema.nullish().catch(null) }).transform((v) => v.voice ?? NO_VOICE);

/** GET /api/local/info's `voice`: whether the service can hear (STT_BASE_URL), think (LLM_BASE_URL) and speak. */
export function getVoiceInfo(signal?: AbortSignal): Promise<VoiceInfo> {
  return api.get('/local/info', localInfoVoiceSchema, { signal, retries: 1, timeoutMs: 10_000 });
}

/**
 * Asked afresh each time the web call opens: the operator may just have restarted the service with
 * STT_BASE_URL after reading the setup card.
 */
export const voiceInfoQuery = (host: string | null) =>
  queryOptions({ queryKey: serviceKeys.voice(host), queryFn: ({ signal }) => getVoiceInfo(signal), staleTime: 0, retry: false });

export function useVoiceInfo() {
  const host = useSession()?.host ?? null;
  return useQuery({ ...voiceInfoQuery(host), refetchOnMount: 'always', refetchOnWindowFocus: false });
}
