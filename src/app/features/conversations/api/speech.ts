import { useMutation, useQuery } from '@tanstack/react-query';
import { lenientRecord, nullableIdish, openString } from '@contract/common';
import { api, useSession } from '@/api';
import { buildUrl } from '@/api/client';
import { errorFromAnswer, errorFromFailure, isExtensionNotOffered } from '@/api/errors';
import { apiBaseUrlOf, expireSession, getSession } from '@/api/session';
import { serviceKeys } from '@/api/query-keys';

/*
 * Speech for the test chat (our extensions; the hosted service has neither): GET /speech says which
 * engine the service speaks with, POST /speech speaks a text as a WAV file, and
 * POST /conversations/{uuid}/web-call keeps a spoken session as a call of type `web` in the call log.
 */

const speechEngineSchema = lenientRecord({ engine: openString });

/** Which engine speaks: 'tts', 'espeak-ng', 'none'; null where the host has no speech at all. */
export function useSpeechEngine(): string | null | undefined {
  const host = useSession()?.host ?? null;
  const query = useQuery({
    queryKey: serviceKeys.speech(host),
    queryFn: async ({ signal }) => {
      try {
        return (await api.get('/speech', speechEngineSchema, { signal, retries: 1 })).engine || 'none';
      } catch (e) {
        if (isExtensionNotOffered(e)) return null;
        throw e;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
  return query.data;
}

/** POST /speech: the text spoken in the assistant's voice, as audio. Read whole (the API client reads JSON). */
export async function fetchSpeech(text: string, language: string | undefined, signal?: AbortSignal): Promise<Blob> {
  const session = getSession();
  const token = session?.token ?? null;
  const path = '/speech';
  const ctx = { method: 'POST', path, secret: token };
  const headers: Record<string, string> = { Accept: 'audio/wav, application/json', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await globalThis.fetch(buildUrl(apiBaseUrlOf(session?.host), path), {
      method: 'POST',
      headers,
      credentials: 'omit',
      cache: 'no-store',
      body: JSON.stringify({ text: text.slice(0, 1000), voice: 'assistant', ...(language ? { language } : {}) }),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw errorFromFailure(e, { ...ctx, timedOut: false, timeoutMs: 0 });
  }
  if (!res.ok) {
    if (res.status === 401 && token) expireSession(token);
    throw errorFromAnswer({ status: res.status, headers: res.headers, text: await res.text() }, ctx);
  }
  return res.blob();
}

const webCallSchema = lenientRecord({ call_id: nullableIdish });

/** POST /conversations/{uuid}/web-call: keeps the spoken session as a `web` call (made once, updated in place after). */
export function keepWebCall(conversationId: string) {
  return api.post(`/conversations/${encodeURIComponent(conversationId)}/web-call`, webCallSchema, {});
}

export function useKeepWebCall() {
  return useMutation({ mutationFn: keepWebCall });
}
