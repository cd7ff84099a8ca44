import type { SpeechConfig } from '../config';
import { espeakSource, probeEspeak } from './espeak';
import { limitConcurrency, type SpeechSource } from './speech';
import { ttsSource } from './tts';

/*
 * The speech of this process, chosen once at start: the TTS endpoint when TTS_BASE_URL is set, else eSpeak NG
 * when its program runs, else none (recordings stay the murmur of audio/wav.ts, POST /api/speech answers 503).
 * The TTS endpoint is not probed: a server that is down at start may be up when the first call ends, and a
 * failed rendering is tried again (recordings/worker.ts).
 */

/** Syntheses at once per process (renders and POST /api/speech together). */
export const SPEECH_CONCURRENCY = 2;

/**
 * Live calls speak through a source of their own with this many syntheses at once: a sentence of a call in
 * progress must never wait behind a recording's render (the renders' source keeps SPEECH_CONCURRENCY).
 */
export const LIVE_SPEECH_CONCURRENCY = 8;

export async function chooseSpeech(config: SpeechConfig, concurrency = SPEECH_CONCURRENCY): Promise<SpeechSource | null> {
  if (config.tts) return limitConcurrency(ttsSource(config.tts, config.timeoutMs), concurrency);
  const espeak = await probeEspeak(config.espeakPath);
  if (espeak) return limitConcurrency(espeakSource(espeak, config.timeoutMs), concurrency);
  return null;
}

/** The start banner's line. */
export function speechBanner(source: SpeechSource | null, config: SpeechConfig): string {
  if (source) return `Speech: ${source.description}; recordings speak their transcripts.`;
  return `Speech: none (no TTS_BASE_URL, and no eSpeak NG at "${config.espeakPath}"), so recordings are a murmur. Install espeak-ng or set TTS_BASE_URL to an OpenAI-compatible speech endpoint.`;
}
