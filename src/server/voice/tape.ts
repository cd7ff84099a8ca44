import { PIPELINE_RATE } from './session-types';

/*
 * The caller's recent audio with absolute sample positions (from the call's first sample), so an utterance
 * the detector found between two times can be cut out and transcribed. Only the last TAPE_MS are kept.
 */

/** The caller's audio kept for transcription (longer utterances are cut to their last minute). */
export const TAPE_MS = 60_000;
const MS_PER_SAMPLE = 1000 / PIPELINE_RATE;

/** Caller audio with absolute sample positions, the last TAPE_MS of it. */
export class Tape {
  private chunks: { at: number; samples: Float32Array }[] = [];
  length = 0;

  append(samples: Float32Array): void {
    this.chunks.push({ at: this.length, samples });
    this.length += samples.length;
    const keepFrom = this.length - (TAPE_MS / MS_PER_SAMPLE) * 1.2;
    while (this.chunks.length > 0 && this.chunks[0]!.at + this.chunks[0]!.samples.length < keepFrom) this.chunks.shift();
  }

  slice(from: number, to: number): Float32Array {
    const a = Math.max(0, Math.floor(from), to - TAPE_MS / MS_PER_SAMPLE);
    const b = Math.min(this.length, Math.ceil(to));
    const out = new Float32Array(Math.max(0, b - a));
    for (const c of this.chunks) {
      const s = Math.max(a, c.at);
      const e = Math.min(b, c.at + c.samples.length);
      if (e > s) out.set(c.samples.subarray(s - c.at, e - c.at), s - a);
    }
    return out;
  }
}
