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

export async function chooseSpeech(config: SpeechConfig): Promise<SpeechSource | null> {
  if (config.tts) return limitConcurrency(ttsSource(config.tts, config.timeoutMs), SPEECH_CONCURRENCY);
  const espeak = await probeEspeak(config.espeakPath);
  if (espeak) return limitConcurrency(espeakSource(espeak, config.timeoutMs), SPEECH_CONCURRENCY);
  return null;
}

/** The start banner's line. */
export function speechBanner(source: SpeechSource | null, config: SpeechConfig): string {
  if (source) return `Speech: ${source.description}; recordings speak their transcripts.`;
  return `Speech: none (no TTS_BASE_URL, and no eSpeak NG at "${config.espeakPath}"), so recordings are a murmur. Install espeak-ng or set TTS_BASE_URL to an OpenAI-compatible speech endpoint.`;
}
