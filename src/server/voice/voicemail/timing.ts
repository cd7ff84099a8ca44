import { FRAME_MS } from './tone';

/*
 * Asterisk's app_amd timing rules over voice-activity segments, frame by frame (20 ms): a person answers with a
 * short word or two and waits ("Hello?" then silence); a machine talks on (a long greeting with no pause for an
 * answer). The defaults are app_amd's (amd.conf): initial silence 2,500 ms, greeting 1,500 ms, silence after
 * the greeting 800 ms, total analysis 5,000 ms, minimum word 100 ms. Voice is a frame louder than VOICE_LEVEL,
 * as app_amd's silence detector thresholds the frame's energy; a stretch of voice shorter than the minimum word
 * is a click and does not begin a greeting.
 *
 * Left out of app_amd's rules: its word count (maximum_number_of_words). Words counted by pauses split "Yes,
 * speaking" into two and a name and a question into four; what the words say is the model's to judge
 * (classifier.ts), which is what keeps a person who answers with a sentence from being taken for a machine.
 */

export interface AmdTimings {
  initialSilenceMs: number;
  greetingMs: number;
  afterGreetingSilenceMs: number;
  totalAnalysisMs: number;
  minWordMs: number;
}

export const AMD_DEFAULTS: AmdTimings = { initialSilenceMs: 2_500, greetingMs: 1_500, afterGreetingSilenceMs: 800, totalAnalysisMs: 5_000, minWordMs: 100 };

/** A 20 ms frame louder than this (RMS, full scale 1; about −40 dBFS) is voice. */
export const VOICE_LEVEL = 0.01;

export type TimingEvent =
  /** Nobody spoke for initialSilenceMs. */
  | { kind: 'initial_silence'; atMs: number }
  /** The greeting's voice has lasted greetingMs (app_amd: LONGGREETING, a machine). */
  | { kind: 'long_greeting'; atMs: number }
  /** The greeting was followed by afterGreetingSilenceMs of silence (app_amd: HUMAN when it was short). */
  | { kind: 'greeting_end'; atMs: number; voicedMs: number }
  /** totalAnalysisMs passed without a pause (app_amd: TOOLONG). */
  | { kind: 'too_long'; atMs: number };

export function rmsOf(frame: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
  return frame.length === 0 ? 0 : Math.sqrt(sum / frame.length);
}

/** The timing rules' state: fed 20 ms frames in order, each with the ms its end is at (0 = the answer). */
export class GreetingTiming {
  /** Ms the greeting's first word began at; null before it. */
  greetingStartMs: number | null = null;
  /** Voice in the greeting so far (ms). */
  voicedMs = 0;
  /** Ms the greeting's last voiced frame ended at; null before the greeting. */
  voiceEndMs: number | null = null;
  private voiceRun = 0;
  private silenceRun = 0;
  private longSaid = false;
  private done = false;

  constructor(readonly timings: AmdTimings = AMD_DEFAULTS) {}

  push(frame: Float32Array, endMs: number): TimingEvent | null {
    if (this.done) return null;
    const t = this.timings;
    const voiced = rmsOf(frame) >= VOICE_LEVEL;
    if (voiced) {
      this.voiceRun += FRAME_MS;
      this.silenceRun = 0;
      if (this.greetingStartMs === null) {
        if (this.voiceRun < t.minWordMs) return this.tooLong(endMs);
        this.greetingStartMs = endMs - this.voiceRun;
        this.voicedMs = this.voiceRun;
      } else {
        this.voicedMs += FRAME_MS;
      }
      this.voiceEndMs = endMs;
      if (!this.longSaid && this.voicedMs >= t.greetingMs) {
        this.longSaid = true;
        return { kind: 'long_greeting', atMs: endMs };
      }
      return this.tooLong(endMs);
    }
    this.voiceRun = 0;
    this.silenceRun += FRAME_MS;
    if (this.greetingStartMs === null) {
      if (endMs >= t.initialSilenceMs) {
        this.done = true;
        return { kind: 'initial_silence', atMs: endMs };
      }
      return null;
    }
    if (this.silenceRun >= t.afterGreetingSilenceMs) {
      this.done = true;
      return { kind: 'greeting_end', atMs: endMs, voicedMs: this.voicedMs };
    }
    return this.tooLong(endMs);
  }

  /** Silence since the greeting's last voiced frame (0 while it speaks, and before it). */
  get pauseMs(): number {
    return this.greetingStartMs === null ? 0 : this.silenceRun;
  }

  private tooLong(endMs: number): TimingEvent | null {
    if (endMs < this.timings.totalAnalysisMs) return null;
    this.done = true;
    return { kind: 'too_long', atMs: endMs };
  }
}
