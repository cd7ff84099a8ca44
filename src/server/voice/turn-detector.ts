/*
 * Turns from the detector's speech probabilities (one per 32 ms frame): when the caller starts speaking, when
 * a pause is long enough to end their turn, and when speech over the assistant is sure and long enough to be
 * a barge-in. Plain arithmetic over frames and audio time (no clock, no audio), so the session and its tests
 * drive it frame by frame.
 *
 * Speech starts after SPEECH_START_MS of frames at or over START_PROB (Silero's usual 0.5) and stays until
 * the probability falls under END_PROB (0.35, the usual hysteresis) for the pause below. The pause is counted
 * from the probability's trend, not from the first frame under END_PROB: from the first frame that fell under
 * START_PROB and kept falling (or stayed under END_PROB), since Silero's probability decays over a frame or two
 * after the last voiced sound and those frames are already the pause (a rise, or a frame back over START_PROB,
 * makes them speech again; the utterance handed to transcription still ends after them). And the pause is
 * reached at the frame nearest to it (half a frame early at most), not at the first frame past it: a 300 ms pause was 320 ms of 32 ms frames. The two took ~35 ms off the
 * service's added time in `npm run bench:voice` (see docs/benchmarks.md).
 *
 * | setting                         | 0       | 1      | 2.5 (default) | 4      | 5      | rule                     |
 * |---------------------------------|---------|--------|---------------|--------|--------|--------------------------|
 * | endpoint_sensitivity, vad: pause| 1000 ms | 860 ms | 650 ms        | 440 ms | 300 ms | 1000 − 140·s ms          |
 * | endpoint_type ai: first pause   | 600 ms  | 516 ms | 390 ms        | 264 ms | 180 ms | 0.6 × the vad pause      |
 * | ai: hold an unfinished sentence | +1000 ms| +860 ms| +650 ms       | +440 ms| +300 ms| the vad pause once more  |
 * | interrupt_sensitivity: sureness | 0.85    | 0.78   | 0.675         | 0.57   | 0.5    | 0.85 − 0.07·s            |
 * | interrupt_sensitivity: duration | 275 ms  | 225 ms | 150 ms        | 75 ms  | 32 ms  | 275 − 50·s ms, ≥ a frame |
 *
 * Higher endpoint_sensitivity answers sooner after the caller pauses; higher interrupt_sensitivity lets the
 * caller cut the assistant with less and shorter speech. The duration is counted from the first sure frame, so
 * the reaction to a caller is about it plus one frame and the inference (the aim: under 250 ms). With endpoint_type `ai` the pause is shorter and the
 * session (session.ts) judges the transcript: a turn that does not read as finished ("I want to order, um")
 * waits the hold for more before the assistant answers.
 */

export const START_PROB = 0.5;
export const END_PROB = 0.35;
/** Voiced frames needed before speech counts as started (two frames: a click is one). */
export const SPEECH_START_MS = 64;

export interface TurnSettings {
  /** endpoint_sensitivity, 0..5 (default 2.5). */
  endpointSensitivity: number;
  /** endpoint_type: 'vad' or 'ai'. */
  endpointType: string;
  /** interrupt_sensitivity, 0..5 (default 2.5). */
  interruptSensitivity: number;
}

export interface TurnTimings {
  /** Silence that ends the caller's speech (what the detector waits). */
  pauseMs: number;
  /** endpoint_type ai: how long an unfinished-sounding turn is held for more (0 for vad). */
  holdMs: number;
  /** Speech over the assistant must be at least this sure, this long, to cut it. */
  interruptProb: number;
  interruptMs: number;
}

const clamp = (v: number, lo: number, hi: number, fallback: number) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback);

export function turnTimings(s: TurnSettings): TurnTimings {
  const endpoint = clamp(s.endpointSensitivity, 0, 5, 2.5);
  const interrupt = clamp(s.interruptSensitivity, 0, 5, 2.5);
  const vadPause = Math.round(1000 - 140 * endpoint);
  const ai = s.endpointType === 'ai';
  return {
    pauseMs: ai ? Math.round(0.6 * vadPause) : vadPause,
    holdMs: ai ? vadPause : 0,
    interruptProb: 0.85 - 0.07 * interrupt,
    interruptMs: Math.max(32, Math.round(275 - 50 * interrupt)),
  };
}

export type TurnEvent =
  /** The caller started speaking; `atMs` is where the voiced frames began (audio time). */
  | { type: 'speech_start'; atMs: number }
  /** The caller's pause was long enough: speech ran from `startMs` to `endMs` (the last voiced frame's end). */
  | { type: 'speech_end'; startMs: number; endMs: number; voicedMs: number }
  /** Speech over the assistant is sure and long enough to cut it (once per stretch of speech). */
  | { type: 'barge_in'; atMs: number; onsetMs: number };

export class TurnDetector {
  /** The assistant is speaking (or about to): speech now may be a barge-in. */
  assistantActive = false;
  private inSpeech = false;
  private runStart = -1;
  private runMs = 0;
  private startMs = 0;
  private lastVoicedEnd = 0;
  private silenceMs = 0;
  /** Frames of the pause so far that were over END_PROB (falling): speech again if the pause is broken. */
  private fallingMs = 0;
  private lastProb = 0;
  private voicedMs = 0;
  private sureStart = -1;
  private sureMs = 0;
  private bargedIn = false;

  constructor(
    readonly timings: TurnTimings,
    private readonly frameMs = 32,
  ) {}

  get speaking(): boolean {
    return this.inSpeech;
  }

  /** Speech, or voiced frames that may become speech (the start's run under SPEECH_START_MS). */
  get hearing(): boolean {
    return this.inSpeech || this.runMs > 0;
  }

  /** The caller's speech still going on (the call ends before its pause): where it began, how much is voiced. */
  openSpeech(): { startMs: number; voicedMs: number } | null {
    return this.inSpeech ? { startMs: this.startMs, voicedMs: this.voicedMs } : null;
  }

  /** One frame's probability; the frame ends at `endMs` of the caller's audio. */
  update(prob: number, endMs: number): TurnEvent[] {
    const out: TurnEvent[] = [];
    const frameStart = endMs - this.frameMs;
    if (!this.inSpeech) {
      if (prob >= START_PROB) {
        if (this.runStart < 0) this.runStart = frameStart;
        this.runMs += this.frameMs;
        if (this.runMs >= SPEECH_START_MS) {
          this.inSpeech = true;
          this.startMs = this.runStart;
          this.voicedMs = this.runMs;
          this.lastVoicedEnd = endMs;
          this.silenceMs = 0;
          this.bargedIn = false;
          out.push({ type: 'speech_start', atMs: this.startMs });
        }
      } else {
        this.runStart = -1;
        this.runMs = 0;
      }
    } else if (prob >= START_PROB || (prob >= END_PROB && (this.silenceMs === 0 ? prob >= this.lastProb : prob > this.lastProb))) {
      // Speech: over START_PROB, or between the thresholds and not falling (a pause's decaying frames were speech after all).
      this.voicedMs += this.frameMs + this.fallingMs;
      this.silenceMs = 0;
      this.fallingMs = 0;
      this.lastVoicedEnd = endMs;
    } else {
      // The pause: under END_PROB, or under START_PROB and falling. Its decaying frames still hold the last word's
      // tail (a soft consonant): the utterance (`endMs`) keeps them, for the transcription.
      this.silenceMs += this.frameMs;
      if (prob >= END_PROB) {
        this.fallingMs += this.frameMs;
        this.lastVoicedEnd = endMs;
      }
      if (this.silenceMs + this.frameMs / 2 > this.timings.pauseMs) {
        out.push({ type: 'speech_end', startMs: this.startMs, endMs: this.lastVoicedEnd, voicedMs: this.voicedMs });
        this.inSpeech = false;
        this.runStart = -1;
        this.runMs = 0;
        this.silenceMs = 0;
        this.fallingMs = 0;
      }
    }
    this.lastProb = prob;
    // Barge-in: a run of sure frames while the assistant talks, counted from the run's first frame.
    if (prob >= this.timings.interruptProb) {
      if (this.sureStart < 0) this.sureStart = frameStart;
      this.sureMs += this.frameMs;
    } else if (prob < END_PROB) {
      this.sureStart = -1;
      this.sureMs = 0;
    }
    if (this.assistantActive && this.inSpeech && !this.bargedIn && this.sureMs >= Math.max(this.timings.interruptMs, this.frameMs)) {
      this.bargedIn = true;
      out.push({ type: 'barge_in', atMs: endMs, onsetMs: this.sureStart });
    }
    if (!this.inSpeech) this.bargedIn = false;
    return out;
  }
}
