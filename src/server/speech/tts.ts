import { readWav, WavFormatError } from '../audio/pcm';
import type { TtsConfig } from '../config';
import { readCapped } from '../outgoing/read-capped';
import { SpeechError, type SpeechSource } from './speech';

/*
 * An OpenAI-compatible speech endpoint (`POST {base}/audio/speech`, as OpenAI, Kokoro-FastAPI and Speaches
 * serve it), asked for WAV. The URL is the operator's configuration, like LLM_BASE_URL, so it may be local and
 * is not fetched through the guard of users' URLs (outgoing/); it still gets a time limit and a size cap.
 * The API has no language parameter: the voice decides (Kokoro's voices are per language), so the operator
 * picks voices that speak the assistants' language, and with TTS_VOICE_<LANG> a voice per language: the
 * assistant's speech in that language takes it over its own voice (a German sentence of an English assistant
 * with German as a secondary language is spoken by TTS_VOICE_DE).
 */

/** About ten minutes of 24 kHz 16-bit audio: more is not one turn of a call. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export function ttsSource(config: TtsConfig, timeoutMs: number): SpeechSource {
  const url = `${config.baseUrl}/audio/speech`;
  return {
    engine: 'tts',
    description: `${url} (model ${config.model}, voices ${config.voiceAssistant} / ${config.voiceCustomer})`,
    async synthesize({ text, language, voice, rate, voiceName }) {
      const languageVoice = voice === 'assistant' ? config.voicesByLanguage?.[language.trim().toLowerCase().split(/[-_]/)[0] ?? ''] : undefined;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'audio/wav' };
      if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
      const body = JSON.stringify({
        model: config.model,
        input: text,
        voice: languageVoice || voiceName || (voice === 'assistant' ? config.voiceAssistant : config.voiceCustomer),
        response_format: 'wav',
        // OpenAI's `speed` (0.25–4); sent only when it is not the default, for servers that do not know it.
        ...(rate !== undefined && rate !== 1 && Number.isFinite(rate) ? { speed: rate } : {}),
      });
      let res: Response;
      let bytes: Uint8Array;
      try {
        // One limit for the whole answer, the audio included (a server that stalls mid-body is cut too).
        res = await fetch(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) {
          const detail = (await res.text().catch(() => '')).slice(0, 300);
          throw new SpeechError(`The speech endpoint ${url} answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
        }
        bytes = await readCapped(res, MAX_RESPONSE_BYTES, (declared) =>
          new SpeechError(declared === undefined ? `The speech endpoint sent more than ${MAX_RESPONSE_BYTES} bytes` : `The speech endpoint sent ${declared} bytes, more than ${MAX_RESPONSE_BYTES}`),
        );
      } catch (e) {
        if (e instanceof SpeechError) throw e;
        const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
        throw new SpeechError(timedOut ? `The speech endpoint ${url} took longer than ${timeoutMs} ms` : `The speech endpoint ${url} could not be reached: ${e instanceof Error ? e.message : String(e)}`);
      }
      try {
        return readWav(bytes);
      } catch (e) {
        if (e instanceof WavFormatError) throw new SpeechError(`The speech endpoint ${url} did not answer with WAV audio: ${e.message}`);
        throw e;
      }
    },
  };
}
