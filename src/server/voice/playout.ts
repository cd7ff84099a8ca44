import type { AmbientSource } from './ambient';
import { PIPELINE_RATE } from './session-types';

/*
 * The assistant's audio paced out in real time: 20 ms frames, sent at most LEAD_MS ahead of when they play.
 * The transport buffers what it is sent (a browser's worklet, Twilio's media buffer), so whatever is ahead is
 * what a barge-in throws away; a small lead keeps that loss small and lets the session know, to the frame,
 * how much of each sentence was actually heard. The ambient sound (ambient.ts) is mixed into every frame and
 * keeps playing between sentences, with a shorter lead so a new sentence is not queued behind it.
 */

export const FRAME_MS = 20;
export const FRAME_SAMPLES = (PIPELINE_RATE / 1000) * FRAME_MS;
/** How far ahead of its playing time speech is sent (the most a barge-in can lose). */
export const LEAD_MS = 100;
/** The lead of ambient-only frames: a sentence starts at most this late behind them. */
const IDLE_LEAD_MS = 40;

/** One sentence's audio and when it played. */
export class SentenceAudio {
  /** Clock ms its first frame plays at (null until sent). */
  startAt: number | null = null;
  /** Clock ms its last sample has played by (null until its last frame is sent). */
  endAt: number | null = null;

  constructor(
    readonly text: string,
    readonly samples: Float32Array,
  ) {}

  get durationMs(): number {
    return (this.samples.length / PIPELINE_RATE) * 1000;
  }

  /** The share of it heard by clock time `t` (0..1). */
  playedShare(t: number): number {
    if (this.startAt === null || this.durationMs === 0) return 0;
    return Math.min(1, Math.max(0, (t - this.startAt) / this.durationMs));
  }
}

export interface PlayoutOutput {
  /** A frame that plays at clock ms `playAt`. */
  frame(samples: Float32Array, playAt: number): void;
  /** A sentence's first frame was sent. */
  started?(sentence: SentenceAudio): void;
}

export class Playout {
  private queue: { sentence: SentenceAudio; offset: number }[] = [];
  private playhead = 0;

  constructor(
    private readonly now: () => number,
    private readonly out: PlayoutOutput,
    private readonly ambient: AmbientSource | null,
  ) {}

  /** Speech waiting to be sent. */
  get queued(): boolean {
    return this.queue.length > 0;
  }

  /** Clock ms by which everything sent has played. */
  get playedBy(): number {
    return this.playhead;
  }

  enqueue(sentence: SentenceAudio): void {
    this.queue.push({ sentence, offset: 0 });
    this.tick();
  }

  /** Barge-in: nothing more of what is queued is sent (the transport drops what it holds). */
  clear(): void {
    this.queue = [];
    // What was sent and not played is gone with the transport's buffer: the next frame plays now.
    this.playhead = Math.min(this.playhead, this.now());
  }

  /** Sends what is due (the session's 20 ms timer, and at once when speech is queued). */
  tick(): void {
    const now = this.now();
    if (this.playhead < now) this.playhead = now;
    for (;;) {
      const head = this.queue[0];
      if (!head && !this.ambient) break;
      if (this.playhead >= now + (head ? LEAD_MS : IDLE_LEAD_MS)) break;
      const frame = new Float32Array(FRAME_SAMPLES);
      if (head) {
        const { sentence } = head;
        if (head.offset === 0) {
          sentence.startAt = this.playhead;
          this.out.started?.(sentence);
        }
        const part = sentence.samples.subarray(head.offset, head.offset + FRAME_SAMPLES);
        frame.set(part);
        head.offset += FRAME_SAMPLES;
        if (head.offset >= sentence.samples.length) {
          sentence.endAt = this.playhead + (part.length / PIPELINE_RATE) * 1000;
          this.queue.shift();
        }
      }
      if (this.ambient) {
        const noise = this.ambient(FRAME_SAMPLES);
        for (let i = 0; i < FRAME_SAMPLES; i++) frame[i]! += noise[i]!;
      }
      this.out.frame(frame, this.playhead);
      this.playhead += FRAME_MS;
    }
  }
}
