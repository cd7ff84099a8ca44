import { encodeWav, resample } from '../audio/pcm';
import { WAV_SAMPLE_RATE } from '../audio/wav';
import { PIPELINE_RATE } from './session-types';

/*
 * The call's real recording: the caller as heard (each chunk where it arrived, consecutive chunks
 * back to back so network jitter does not smear it) and the assistant as sent (each 20 ms frame at the time
 * it plays; a barge-in cuts what was queued and not yet played), mixed at the pipeline's 16 kHz and turned
 * into the recordings' 8 kHz mono 16-bit WAV at the end. The resampling runs in one-second blocks with a
 * pause for the event loop between them, so ending a long call never stalls the others' audio.
 */

const RATE_PER_MS = PIPELINE_RATE / 1000;
/** A caller chunk this much later than the end of the one before starts where it arrived (the transport paused). */
const CALLER_GAP_MS = 500;
/** Samples each side of a block the resampler's filter reaches into. */
const MARGIN = 64;

interface Piece {
  /** Sample index at PIPELINE_RATE from the call's start. */
  at: number;
  samples: Float32Array;
}

export class CallRecorder {
  private readonly callerPieces: Piece[] = [];
  private callerEnd = -1;
  private assistantPieces: Piece[] = [];

  /** `startMs`: the session clock's time at the call's start (the recording's zero). */
  constructor(private readonly startMs: number) {}

  private index(atMs: number): number {
    return Math.max(0, Math.round((atMs - this.startMs) * RATE_PER_MS));
  }

  /** Caller audio as it arrived at `atMs`. */
  caller(samples: Float32Array, atMs: number): void {
    const arrived = this.index(atMs) - samples.length;
    const at = this.callerEnd < 0 || arrived - this.callerEnd > CALLER_GAP_MS * RATE_PER_MS ? Math.max(0, arrived) : this.callerEnd;
    this.callerPieces.push({ at, samples: samples.slice() });
    this.callerEnd = at + samples.length;
  }

  /** Assistant audio that plays from `atMs`. */
  assistant(samples: Float32Array, atMs: number): void {
    this.assistantPieces.push({ at: this.index(atMs), samples });
  }

  /** A barge-in at `atMs`: the assistant's audio from there on was never heard. */
  cutAssistant(atMs: number): void {
    const cut = this.index(atMs);
    this.assistantPieces = this.assistantPieces.flatMap((p) => (p.at >= cut ? [] : p.at + p.samples.length > cut ? [{ at: p.at, samples: p.samples.subarray(0, cut - p.at) }] : [p]));
  }

  /** The mix as a WAV at the recordings' rate, up to `endMs`. */
  async wav(endMs: number): Promise<{ wav: Uint8Array; audioMs: number }> {
    const length = Math.max(this.index(endMs), this.callerEnd, ...this.assistantPieces.map((p) => p.at + p.samples.length));
    const mix = new Float32Array(Math.max(0, length));
    for (const p of [...this.callerPieces, ...this.assistantPieces]) {
      const n = Math.min(p.samples.length, mix.length - p.at);
      for (let i = 0; i < n; i++) mix[p.at + i]! += p.samples[i]!;
    }
    const ratio = WAV_SAMPLE_RATE / PIPELINE_RATE;
    const out = new Float32Array(Math.floor(mix.length * ratio));
    for (let start = 0; start < mix.length; start += PIPELINE_RATE) {
      const from = Math.max(0, start - MARGIN);
      const to = Math.min(mix.length, start + PIPELINE_RATE + MARGIN);
      const block = resample({ sampleRate: PIPELINE_RATE, samples: mix.subarray(from, to) }, WAV_SAMPLE_RATE).samples;
      const skip = Math.round((start - from) * ratio);
      const take = Math.min(Math.round(Math.min(PIPELINE_RATE, mix.length - start) * ratio), out.length - Math.round(start * ratio));
      out.set(block.subarray(skip, skip + take), Math.round(start * ratio));
      await new Promise((r) => setImmediate(r));
    }
    return { wav: encodeWav(out), audioMs: Math.round((out.length / WAV_SAMPLE_RATE) * 1000) };
  }
}
