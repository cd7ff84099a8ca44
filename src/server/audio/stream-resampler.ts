import { resample } from './pcm';

/*
 * pcm.ts's resampler over a stream cut into frames (a call's 20 ms): resampling each frame alone would cut the
 * filter at both its edges, a click every frame. This keeps the input around each output sample the filter
 * reaches (CONTEXT samples either side) and emits an output sample only once the input after it has come, so
 * the stream comes out as if resampled whole, CONTEXT input samples late (3 ms at 8 kHz, 1.5 ms at 16 kHz).
 * Only whole-number rate ratios' grids (8 ↔ 16 kHz) line up exactly: other pairs are refused.
 */

/** Input samples the filter reaches either side (pcm.ts: 8 zero crossings at the cut-off, 18 going 16 → 8 kHz). */
const CONTEXT = 24;

export class StreamResampler {
  /** Input kept: from absolute input index `bufStart`. */
  private buf = new Float32Array(0);
  private bufStart = 0;
  /** Absolute index of the next output sample to emit. */
  private nextOut = 0;
  private readonly step: number;
  private readonly up: boolean;

  constructor(
    private readonly inRate: number,
    private readonly outRate: number,
  ) {
    const ratio = Math.max(inRate, outRate) / Math.min(inRate, outRate);
    if (!Number.isInteger(ratio)) throw new Error(`StreamResampler needs rates in a whole ratio, got ${inRate} → ${outRate}`);
    this.up = outRate >= inRate;
    this.step = ratio;
  }

  /** Input sample position (absolute) of output sample n. */
  private inputOf(n: number): number {
    return this.up ? n / this.step : n * this.step;
  }

  /** The output that the input so far fully determines. */
  push(samples: Float32Array): Float32Array {
    if (this.inRate === this.outRate) return samples;
    const joined = new Float32Array(this.buf.length + samples.length);
    joined.set(this.buf);
    joined.set(samples, this.buf.length);
    this.buf = joined;
    const totalIn = this.bufStart + joined.length;
    // Last output whose right context has arrived.
    let last = this.nextOut - 1;
    while (this.inputOf(last + 1) + CONTEXT < totalIn) last += 1;
    if (last < this.nextOut) return new Float32Array(0);
    // A window starting on an input index that is also an output's (down: a multiple of the step), CONTEXT before.
    let a = Math.floor(this.inputOf(this.nextOut)) - CONTEXT;
    if (!this.up) a -= a % this.step;
    a = Math.max(this.bufStart, a);
    if (!this.up && a % this.step !== 0) a += this.step - (a % this.step);
    const window = joined.subarray(a - this.bufStart);
    const out = resample({ sampleRate: this.inRate, samples: window }, this.outRate).samples;
    const firstOfWindow = this.up ? a * this.step : a / this.step;
    const from = this.nextOut - firstOfWindow;
    const result = out.slice(from, from + (last - this.nextOut + 1));
    this.nextOut = last + 1;
    // Keep what the next outputs' left context needs.
    const keepFrom = Math.max(this.bufStart, Math.floor(this.inputOf(this.nextOut)) - CONTEXT - this.step);
    this.buf = joined.slice(keepFrom - this.bufStart);
    this.bufStart = keepFrom;
    return result;
  }
}
