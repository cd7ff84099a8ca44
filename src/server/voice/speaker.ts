import { resample } from '../audio/pcm';
import { SpeechError, type SpeechRequest, type SpeechSource } from '../speech/speech';
import { PIPELINE_RATE } from './session-types';

/*
 * The assistant's voice in a call: the speech source we have (a TTS endpoint, else eSpeak NG) asked per
 * sentence, in the assistant's language, its voice and its speech_speed, the answer resampled to the
 * pipeline's 16 kHz with audio/pcm.ts's polyphase resampler (once per sentence, a few milliseconds, never per
 * frame).
 *
 * The assistant's voice_id names one of the voices lookup (src/server/lookups/voices.ts): hosted voice names
 * with a gender and an accent. Neither source has those voices, so each gets the nearest it has:
 *
 * | voice (lookup)   | eSpeak NG (language + variant)      | TTS endpoint voice                           |
 * |------------------|-------------------------------------|----------------------------------------------|
 * | Rachel           | language + f3                       | TTS_VOICE_ASSISTANT                          |
 * | Bella            | language + f2                       | TTS_VOICE_ASSISTANT                          |
 * | Charlotte        | en-gb + f4 (English), else lang + f4| TTS_VOICE_ASSISTANT                          |
 * | Matilda          | language + f5                       | TTS_VOICE_ASSISTANT                          |
 * | Adam             | language + m3                       | TTS_VOICE_ASSISTANT                          |
 * | Antoni           | language + m1                       | TTS_VOICE_ASSISTANT                          |
 * | Daniel           | en-gb + m2 (English), else lang + m2| TTS_VOICE_ASSISTANT                          |
 * | Liam             | language + m4                       | TTS_VOICE_ASSISTANT                          |
 * | Alloy, Shimmer   | language + f1 / f2                  | alloy / shimmer (OpenAI's own names)         |
 * | Puck, Kore       | language + m5 / f4                  | TTS_VOICE_ASSISTANT                          |
 * | other (own)      | gender female → f3, male → m3;      | its name when it is one of OpenAI's voices,  |
 * |                  | accent British → en-gb              | else TTS_VOICE_ASSISTANT                     |
 *
 * A TTS endpoint that refuses a mapped voice (a Kokoro server without OpenAI's names) is asked again with
 * the operator's TTS_VOICE_ASSISTANT, so a call never goes silent over a voice name. speech_speed (0.7–1.2)
 * is eSpeak NG's words per minute × speed, and the TTS request's `speed`.
 */

export interface AssistantVoice {
  /** The voice lookup's name, gender and accent (null when the assistant's voice is gone). */
  name: string | null;
  gender: string | null;
  accent: string | null;
  /** ISO-639-1 of the assistant's language, or a tag; null: English. */
  language: string | null;
  /** speech_speed. */
  speed: number;
}

const ESPEAK_VARIANTS: Record<string, { variant: string; british?: boolean }> = {
  rachel: { variant: 'f3' },
  bella: { variant: 'f2' },
  charlotte: { variant: 'f4', british: true },
  matilda: { variant: 'f5' },
  adam: { variant: 'm3' },
  antoni: { variant: 'm1' },
  daniel: { variant: 'm2', british: true },
  liam: { variant: 'm4' },
  alloy: { variant: 'f1' },
  shimmer: { variant: 'f2' },
  puck: { variant: 'm5' },
  kore: { variant: 'f4' },
};

const OPENAI_VOICES = new Set(['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse']);

/** What the speech source is asked for this assistant's voice (without the text). */
export function speechVoice(engine: SpeechSource['engine'], voice: AssistantVoice): Omit<SpeechRequest, 'text'> {
  const language = voice.language?.trim() || 'en';
  const rate = Number.isFinite(voice.speed) ? Math.min(1.2, Math.max(0.7, voice.speed)) : 1;
  const key = (voice.name ?? '').trim().toLowerCase();
  if (engine === 'tts') return { language, voice: 'assistant', rate, ...(OPENAI_VOICES.has(key) ? { voiceName: key } : {}) };
  const known = ESPEAK_VARIANTS[key];
  const gender = (voice.gender ?? '').toLowerCase();
  const variant = known?.variant ?? (gender.startsWith('m') ? 'm3' : 'f3');
  const british = known?.british ?? /brit|uk|england|english \(gb\)/i.test(voice.accent ?? '');
  const voiceName = british && language.toLowerCase().startsWith('en') ? `en-gb+${variant}` : variant;
  return { language, voice: 'assistant', rate, voiceName };
}

/** Speaks sentences in the assistant's voice, at PIPELINE_RATE. */
export class Speaker {
  constructor(
    private readonly source: SpeechSource,
    private readonly request: Omit<SpeechRequest, 'text'>,
  ) {}

  async speak(text: string): Promise<Float32Array> {
    let pcm;
    try {
      pcm = await this.source.synthesize({ ...this.request, text });
    } catch (e) {
      if (!(e instanceof SpeechError) || this.source.engine !== 'tts' || !this.request.voiceName) throw e;
      const { voiceName: _refused, ...plain } = this.request;
      pcm = await this.source.synthesize({ ...plain, text });
    }
    return resample(pcm, PIPELINE_RATE).samples;
  }
}
