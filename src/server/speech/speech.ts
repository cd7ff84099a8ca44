import type { Pcm } from '../audio/pcm';

/*
 * Speech behind one small interface: the recordings' renderer and POST /api/speech ask a SpeechSource for a
 * text spoken in a language and one of two voices, and get mono samples at the source's own rate. Which
 * source there is (a TTS endpoint, eSpeak NG, or none) is decided once at start (select.ts).
 */

export type SpeechEngine = 'tts' | 'espeak-ng';
/** The assistant's voice, and the customer's. */
export type SpeechVoice = 'assistant' | 'customer';

export interface SpeechRequest {
  text: string;
  /** A language tag such as `en`, `de` or `pt-br` (the source picks the closest voice it has). */
  language: string;
  voice: SpeechVoice;
  /** Speaking rate, 1 the source's own (an assistant's speech_speed, 0.7–1.2). */
  rate?: number;
  /**
   * The source's own name for the voice, over `voice`'s default: an eSpeak NG variant (`m2`) or a full
   * `language+variant` (`en-gb+m2`); a TTS endpoint's voice (`nova`). voice/speaker.ts maps assistants' voices.
   */
  voiceName?: string;
}

export interface SpeechSource {
  engine: SpeechEngine;
  /** For the start banner: which engine, and where. */
  description: string;
  synthesize(request: SpeechRequest): Promise<Pcm>;
}

/** The source could not speak (an endpoint down or refusing, a program that failed): not the caller's mistake. */
export class SpeechError extends Error {
  override name = 'SpeechError';
}

/**
 * At most `limit` syntheses at once in this process, the rest wait their turn: each eSpeak NG process or TTS
 * request takes a core or a slot on the endpoint, and the machine has few of either.
 */
export function limitConcurrency(source: SpeechSource, limit: number): SpeechSource {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running < limit) {
      running += 1;
      return;
    }
    // The slot is handed over by release(), so `running` already counts this caller.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    engine: source.engine,
    description: source.description,
    async synthesize(request) {
      await acquire();
      try {
        return await source.synthesize(request);
      } finally {
        release();
      }
    },
  };
}
