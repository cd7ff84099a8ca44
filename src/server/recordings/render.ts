import { encodeWav, peakOf, toTelephoneRate } from '../audio/pcm';
import { WAV_MAX_SECONDS, WAV_SAMPLE_RATE } from '../audio/wav';
import type { SpeechRequest, SpeechSource } from '../speech/speech';
import type { SpokenTurn } from './turns';

/*
 * A recording rendered: every turn synthesised in its voice, brought to 8 kHz, levelled, and laid on one
 * track at its time. A turn whose speech would run into the next one's start pushes that one back (never
 * two voices on top of each other); the track lasts the call's duration, or longer when the last words
 * need it, and at most 20 minutes (as the murmur).
 */

/** Every turn's peak is brought to this (-6 dBFS), whatever level the source speaks at. */
const TARGET_PEAK = 0.5;
/** …but a near-silent turn is not blown up into noise. */
const MAX_GAIN = 8;
/** The least pause between one turn's end and the next one's start. */
const MIN_GAP_S = 0.15;
/** Silence after the last word. */
const TAIL_S = 0.5;

export interface RenderInput {
  turns: readonly SpokenTurn[];
  language: string;
  durationSeconds: number;
}

export interface Rendered {
  /** The WAV file: 8 kHz mono 16-bit PCM. */
  wav: Uint8Array;
  audioMs: number;
  /** Where each turn landed, in samples (tests and the benchmark look). */
  placed: { start: number; end: number; voice: SpokenTurn['voice'] }[];
}

/** One text spoken at 8 kHz, its peak brought to TARGET_PEAK (a turn of a recording, or POST /api/speech). */
export async function speakAtTelephoneRate(speech: SpeechSource, request: SpeechRequest): Promise<Float32Array> {
  const samples = toTelephoneRate(await speech.synthesize(request)).samples;
  const peak = peakOf(samples);
  const gain = peak > 0 ? Math.min(MAX_GAIN, TARGET_PEAK / peak) : 0;
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] ?? 0) * gain;
  return samples;
}

export async function renderRecording(speech: SpeechSource, input: RenderInput): Promise<Rendered> {
  const rate = WAV_SAMPLE_RATE;
  const max = WAV_MAX_SECONDS * rate;
  const segments: { start: number; samples: Float32Array; voice: SpokenTurn['voice'] }[] = [];
  let cursor = 0;
  for (const turn of input.turns) {
    const start = Math.max(Math.round((turn.atMs / 1000) * rate), cursor);
    if (start >= max) break;
    const samples = await speakAtTelephoneRate(speech, { text: turn.text, language: input.language, voice: turn.voice });
    segments.push({ start, samples, voice: turn.voice });
    cursor = start + samples.length + Math.round(MIN_GAP_S * rate);
  }
  const lastEnd = segments.reduce((end, s) => Math.max(end, s.start + s.samples.length), 0);
  const length = Math.min(max, Math.max(Math.floor(input.durationSeconds) * rate, lastEnd + (lastEnd > 0 ? Math.round(TAIL_S * rate) : 0)));
  const track = new Float32Array(length);
  const placed: Rendered['placed'] = [];
  for (const s of segments) {
    const room = Math.max(0, Math.min(s.samples.length, length - s.start));
    track.set(s.samples.subarray(0, room), s.start);
    placed.push({ start: s.start, end: s.start + room, voice: s.voice });
  }
  return { wav: encodeWav(track), audioMs: Math.round((length / rate) * 1000), placed };
}
