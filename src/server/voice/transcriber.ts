import type { SttConfig } from '../config';
import { readCapped } from '../outgoing/read-capped';

/*
 * Speech to text behind one small interface, and its adapter for OpenAI-compatible transcription endpoints
 * (`POST {STT_BASE_URL}/audio/transcriptions`, multipart: `file` a WAV, `model`, `language`,
 * `response_format=json` → `{text}`; with `detectLanguage`, no `language` and `response_format=verbose_json` →
 * `{text, language, ...}`, the language detected), as OpenAI, Speaches (faster-whisper), whisper.cpp's server and vLLM
 * serve it. The URL is the operator's configuration, like LLM_BASE_URL and TTS_BASE_URL: trusted, often on
 * localhost, so it does not go through the guard of users' URLs (outgoing/); it still gets a time limit and a
 * cap on the answer's size.
 */

export interface Transcript {
  text: string;
  /** Wall time of the request, sent to answered. */
  ms: number;
  /** With detectLanguage: the language the endpoint detected (a code or an English name), when it said one. */
  language?: string;
}

export interface TranscribeOptions {
  /** Ask without a language and with verbose_json, reading the detected `language` (secondary languages). */
  detectLanguage?: boolean;
}

export interface Transcriber {
  /** `wav`: 16 kHz mono 16-bit WAV; `language`: ISO-639-1 (`en`, `de`), null to let the endpoint detect it. */
  transcribe(wav: Uint8Array, language: string | null, signal?: AbortSignal, options?: TranscribeOptions): Promise<Transcript>;
}

/** The endpoint could not transcribe (down, refusing, too slow, not answering JSON): not the caller's mistake. */
export class TranscriptionError extends Error {
  override name = 'TranscriptionError';
  constructor(
    message: string,
    /** The HTTP status when the endpoint answered one. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** An utterance's transcript is a few hundred bytes; a verbose answer a few kilobytes. More is not one. */
const MAX_ANSWER_BYTES = 256 * 1024;

export function openAiTranscriber(config: SttConfig): Transcriber {
  const url = `${config.baseUrl}/audio/transcriptions`;
  return {
    async transcribe(wav, language, signal, options) {
      const detect = options?.detectLanguage === true;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'speech.wav');
      form.append('model', config.model);
      if (language && !detect) form.append('language', language);
      form.append('response_format', detect ? 'verbose_json' : 'json');
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const t0 = performance.now();
      let body: string;
      try {
        const res = await fetch(url, { method: 'POST', headers, body: form, redirect: 'error', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        if (!res.ok) {
          const detail = (await res.text().catch(() => '')).slice(0, 300);
          throw new TranscriptionError(`The transcription endpoint ${url} answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`, res.status);
        }
        body = Buffer.from(
          await readCapped(res, MAX_ANSWER_BYTES, (declared) =>
            new TranscriptionError(declared === undefined ? `The transcription endpoint ${url} sent more than ${MAX_ANSWER_BYTES} bytes` : `The transcription endpoint ${url} sent ${declared} bytes, more than ${MAX_ANSWER_BYTES}`),
          ),
        ).toString('utf8');
      } catch (e) {
        if (e instanceof TranscriptionError) throw e;
        if (signal?.aborted) throw e;
        const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
        throw new TranscriptionError(
          timedOut ? `The transcription endpoint ${url} took longer than ${config.timeoutMs} ms` : `The transcription endpoint ${url} could not be reached: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new TranscriptionError(`The transcription endpoint ${url} did not answer JSON: ${body.slice(0, 200)}`);
      }
      const text = typeof parsed === 'object' && parsed !== null && typeof (parsed as { text?: unknown }).text === 'string' ? (parsed as { text: string }).text : null;
      if (text === null) throw new TranscriptionError(`The transcription endpoint ${url} answered without a text`);
      const detected = detect ? (parsed as { language?: unknown }).language : undefined;
      return { text: text.trim(), ms: Math.round(performance.now() - t0), ...(typeof detected === 'string' && detected.trim() !== '' ? { language: detected.trim() } : {}) };
    },
  };
}

/** The start banner's line: which endpoint transcribes, or how to connect one. */
export function transcriptionBanner(config: SttConfig | null): string {
  if (config) return `Transcription: ${config.baseUrl}/audio/transcriptions (model ${config.model}); web calls and phone calls can hear.`;
  return (
    'Transcription: none, so calls cannot hear. Set STT_BASE_URL to an OpenAI-compatible endpoint, e.g. ' +
    'STT_BASE_URL=http://localhost:8000/v1 for Speaches (docker run -p 8000:8000 ghcr.io/speaches-ai/speaches:latest-cpu) ' +
    'or whisper.cpp\'s server (whisper-server -m ggml-base.en.bin --port 8000 --inference-path /v1/audio/transcriptions).'
  );
}
