import { PIPELINE_RATE } from '../session-types';
import { MULAW_RATE } from './audio';

/*
 * A speech-to-speech call's outgoing audio, paced in real time. The endpoint makes audio faster than it plays;
 * sent on at once it would pile up in the transport (a browser's buffer, Twilio's), and a barge-in could not
 * tell how much of it the caller heard. So it is cut into 20 ms frames and sent at most LEAD_MS ahead of when it
 * plays, as the pipeline's playout does (voice/playout.ts), and each frame is kept with the time it plays: what
 * an item has played by a moment is exact to the frame (conversation.item.truncate's audio_end_ms).
 */

export const FRAME_MS = 20;
export const PCM_FRAME = (PIPELINE_RATE / 1000) * FRAME_MS;
export const MULAW_FRAME = (MULAW_RATE / 1000) * FRAME_MS;
/** How far ahead of its playing time audio is sent (the most a barge-in can lose). */
export const LEAD_MS = 100;

/** One 20 ms frame: for the line (PCM at 16 kHz, or the line's μ-law) and for the recording (16 kHz floats). */
export interface OutFrame {
  pcm?: Float32Array;
  mulaw?: Uint8Array;
  record: Float32Array;
}

/** What the frames of one assistant item (its audio, or in dualplex its sentences) played. */
export class ItemAudio {
  /** Clock ms each sent frame plays at, per segment (a sentence in dualplex; the whole item otherwise). */
  readonly segments: { text: string; frames: number; playAt: number[] }[] = [];
  firstSentPerf: number | null = null;
  startAt: number | null = null;

  constructor(readonly id: string) {}

  segment(index: number): { text: string; frames: number; playAt: number[] } {
    while (this.segments.length <= index) this.segments.push({ text: '', frames: 0, playAt: [] });
    return this.segments[index]!;
  }

  /** Milliseconds of the item played by clock `t`. */
  playedMs(t: number): number {
    let ms = 0;
    for (const s of this.segments) for (const at of s.playAt) ms += Math.min(FRAME_MS, Math.max(0, t - at));
    return Math.round(ms);
  }

  /** Clock ms by which everything sent of it has played. */
  get playedBy(): number {
    let end = 0;
    for (const s of this.segments) for (const at of s.playAt) end = Math.max(end, at + FRAME_MS);
    return end;
  }

  get queuedFrames(): number {
    return this.segments.reduce((n, s) => n + s.frames - s.playAt.length, 0);
  }

  /** The words heard by clock `t`: each segment's words in the share of its frames played. */
  heardText(t: number): { text: string; cut: boolean } {
    const words: string[] = [];
    let cut = false;
    for (const s of this.segments) {
      const all = s.text.split(/\s+/).filter((w) => w !== '');
      if (all.length === 0) continue;
      const played = s.playAt.reduce((ms, at) => ms + Math.min(FRAME_MS, Math.max(0, t - at)), 0);
      const share = s.frames === 0 ? 0 : Math.min(1, played / (s.frames * FRAME_MS));
      const n = share >= 0.999 ? all.length : Math.round(all.length * share);
      if (n < all.length) cut = true;
      words.push(...all.slice(0, n));
    }
    return { text: words.join(' '), cut };
  }
}

export interface PacerOutput {
  send(frame: OutFrame, playAt: number): void;
  /** An item's first frame was sent. */
  started(item: ItemAudio): void;
}

export class RealtimePlayout {
  private queue: { item: ItemAudio; segment: number; frame: OutFrame }[] = [];
  private playhead = 0;

  constructor(
    private readonly now: () => number,
    private readonly out: PacerOutput,
  ) {}

  get queued(): boolean {
    return this.queue.length > 0;
  }

  /** Clock ms by which everything sent has played. */
  get playedBy(): number {
    return this.playhead;
  }

  enqueue(item: ItemAudio, segment: number, frames: OutFrame[]): void {
    const s = item.segment(segment);
    s.frames += frames.length;
    for (const frame of frames) this.queue.push({ item, segment, frame });
    this.tick();
  }

  /** Barge-in: nothing more is sent; what was sent and not played is dropped by the transport. */
  clear(): void {
    this.queue = [];
    this.playhead = Math.min(this.playhead, this.now());
  }

  tick(): void {
    const now = this.now();
    if (this.playhead < now) this.playhead = now;
    while (this.queue.length > 0 && this.playhead < now + LEAD_MS) {
      const { item, segment, frame } = this.queue.shift()!;
      if (item.firstSentPerf === null) {
        item.firstSentPerf = performance.now();
        item.startAt = this.playhead;
        this.out.started(item);
      }
      item.segment(segment).playAt.push(this.playhead);
      this.out.send(frame, this.playhead);
      this.playhead += FRAME_MS;
    }
  }
}

/** Cuts a stream of samples or bytes into whole frames, keeping the rest for the next push. */
export class Framer<T extends Float32Array | Uint8Array> {
  private rest: T;

  constructor(
    private readonly size: number,
    private readonly make: (n: number) => T,
  ) {
    this.rest = make(0);
  }

  push(chunk: T): T[] {
    const all = this.make(this.rest.length + chunk.length);
    all.set(this.rest);
    all.set(chunk, this.rest.length);
    const out: T[] = [];
    let at = 0;
    for (; at + this.size <= all.length; at += this.size) out.push(all.slice(at, at + this.size) as T);
    this.rest = all.slice(at) as T;
    return out;
  }

  /** The last part frame, padded with `pad` (silence). */
  flush(pad: number): T | null {
    if (this.rest.length === 0) return null;
    const last = this.make(this.size);
    last.fill(pad);
    last.set(this.rest);
    this.rest = this.make(0);
    return last;
  }
}
