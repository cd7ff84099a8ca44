/*
 * The web call's audio arithmetic, pure (no Web Audio, no DOM): the capture worklet downsamples the
 * microphone from the context's rate to the socket's 16 kHz and cuts 20 ms frames of 16-bit PCM; the
 * playback worklet upsamples the assistant's 16 kHz PCM to the context's rate through a ring buffer. The
 * worklet files only wire these to the audio thread, so what they compute is tested here.
 */

/**
 * The socket's rate (the contract's WEB_CALL_SAMPLE_RATE, written out: the worklets import this file, and
 * the contract would bring zod onto the audio thread; a test keeps the two equal).
 */
export const SOCKET_RATE = 16_000;

/** 20 ms at 16 kHz: the frame the capture posts. */
export const FRAME_MS = 20;

export function frameSamples(rate: number): number {
  return Math.round((rate * FRAME_MS) / 1000);
}

/** A float sample (-1..1) as 16-bit PCM, clamped. */
export function floatToInt16(x: number): number {
  const v = Number.isFinite(x) ? Math.max(-1, Math.min(1, x)) : 0;
  return v < 0 ? Math.round(v * 0x8000) : Math.round(v * 0x7fff);
}

export function int16ToFloat(v: number): number {
  return v < 0 ? v / 0x8000 : v / 0x7fff;
}

/** 16-bit little-endian PCM bytes (a socket frame) as samples; an odd last byte is dropped. */
export function pcmBytesToInt16(bytes: ArrayBuffer): Int16Array {
  const view = new DataView(bytes);
  const out = new Int16Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** Samples as 16-bit little-endian PCM bytes, whatever the machine's byte order. */
export function int16ToPcmBytes(samples: Int16Array): ArrayBuffer {
  const buffer = new ArrayBuffer(samples.length * 2);
  const view = new DataView(buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return buffer;
}

/** Root mean square of a block, 0..1. */
export function rms(block: ArrayLike<number>): number {
  if (block.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < block.length; i++) {
    const x = block[i]!;
    sum += x * x;
  }
  return Math.sqrt(sum / block.length);
}

/**
 * A level for a meter, 0..1: the block's RMS in dBFS mapped from -60 dB (silence, 0) to 0 dB (full, 1),
 * the way people hear loudness.
 */
export function meterLevel(rmsValue: number): number {
  if (!(rmsValue > 0)) return 0;
  const db = 20 * Math.log10(rmsValue);
  return Math.max(0, Math.min(1, (db + 60) / 60));
}

function joinFloats(a: Float32Array, b: ArrayLike<number>, map: (v: number) => number = (v) => v): Float32Array {
  const joined = new Float32Array(a.length + b.length);
  joined.set(a, 0);
  for (let i = 0; i < b.length; i++) joined[a.length + i] = map(b[i]!);
  return joined;
}

/**
 * The microphone's float samples at `inRate` to 16-bit frames of `frameSize` samples at `outRate`, in
 * blocks of any length (an AudioWorklet hands over 128 at a time). Downsampling averages the input each
 * output sample spans (a box filter: enough against aliasing for speech recognition); upsampling (a
 * context slower than the socket) interpolates. Each output sample's place in the input is computed from
 * its number (never accumulated), so the frames are the same whatever the blocks: no sample is lost or
 * repeated at a block's edge.
 */
export class Downsampler {
  /** Input samples not used up yet; `offset` is the first one's number in the whole input. */
  private pending: Float32Array = new Float32Array(0);
  private offset = 0;
  /** Output samples made so far. */
  private made = 0;
  private frame: Int16Array;
  private filled = 0;

  constructor(
    readonly inRate: number,
    readonly outRate = SOCKET_RATE,
    readonly frameSize = frameSamples(outRate),
  ) {
    if (!(inRate > 0) || !(outRate > 0) || !(frameSize > 0)) throw new RangeError('Rates and frame size must be positive.');
    this.frame = new Int16Array(frameSize);
  }

  /** Where output sample `k` starts in the input. */
  private at(k: number): number {
    return (k * this.inRate) / this.outRate;
  }

  /** Takes a block, returns the whole frames it completed (often none, sometimes one). */
  push(block: Float32Array): Int16Array[] {
    const joined = joinFloats(this.pending, block);
    const offset = this.offset;
    const frames: Int16Array[] = [];
    const down = this.inRate >= this.outRate;
    for (;;) {
      let value: number;
      const start = this.at(this.made);
      if (down) {
        const from = Math.floor(start);
        const to = Math.max(from + 1, Math.floor(this.at(this.made + 1)));
        if (to - offset > joined.length) break;
        let sum = 0;
        for (let i = from; i < to; i++) sum += joined[i - offset]!;
        value = sum / (to - from);
      } else {
        const i = Math.floor(start);
        if (i + 1 - offset >= joined.length) break;
        const frac = start - i;
        value = joined[i - offset]! * (1 - frac) + joined[i + 1 - offset]! * frac;
      }
      this.made++;
      this.frame[this.filled++] = floatToInt16(value);
      if (this.filled === this.frameSize) {
        frames.push(this.frame);
        this.frame = new Int16Array(this.frameSize);
        this.filled = 0;
      }
    }
    const drop = Math.max(0, Math.min(joined.length, Math.floor(this.at(this.made)) - offset));
    this.pending = joined.slice(drop);
    this.offset = offset + drop;
    return frames;
  }
}

/**
 * The assistant's 16-bit samples at `inRate` to float samples at `outRate`, by linear interpolation, block
 * by block: the samples an output still needs are kept, so consecutive blocks join without a click (the
 * last sample of a block waits for the next one's first).
 */
export class Upsampler {
  private pending: Float32Array = new Float32Array(0);
  private offset = 0;
  private made = 0;

  constructor(
    readonly inRate = SOCKET_RATE,
    readonly outRate: number,
  ) {
    if (!(inRate > 0) || !(outRate > 0)) throw new RangeError('Rates must be positive.');
  }

  push(samples: Int16Array): Float32Array {
    const joined = joinFloats(this.pending, samples, int16ToFloat);
    const offset = this.offset;
    const out: number[] = [];
    for (;;) {
      const p = (this.made * this.inRate) / this.outRate;
      const i = Math.floor(p);
      if (i + 1 - offset >= joined.length) break;
      const frac = p - i;
      out.push(joined[i - offset]! * (1 - frac) + joined[i + 1 - offset]! * frac);
      this.made++;
    }
    const drop = Math.max(0, Math.min(joined.length, Math.floor((this.made * this.inRate) / this.outRate) - offset));
    this.pending = joined.slice(drop);
    this.offset = offset + drop;
    return Float32Array.from(out);
  }

  /** Forget what was kept (after a `clear`: the next audio starts afresh). */
  reset() {
    this.pending = new Float32Array(0);
    this.offset = 0;
    this.made = 0;
  }
}

/**
 * A fixed-size ring of float samples: the playback worklet writes the assistant's audio as it arrives and
 * reads 128 samples per render quantum. A full ring drops the oldest samples (the assistant is ahead of
 * what can be played: latency stays bounded); an empty one reads silence. `clear` empties it at once
 * (barge-in).
 */
export class RingBuffer {
  private readonly data: Float32Array;
  private readIndex = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    if (!(capacity > 0)) throw new RangeError('Capacity must be positive.');
    this.data = new Float32Array(capacity);
  }

  get length(): number {
    return this.size;
  }

  /** Appends samples; returns how many old samples were dropped to make room. */
  write(samples: ArrayLike<number>): number {
    let dropped = 0;
    let src = 0;
    let count = samples.length;
    // More than the whole ring: only the newest `capacity` samples can stay.
    if (count > this.capacity) {
      dropped += this.size + (count - this.capacity);
      src = count - this.capacity;
      count = this.capacity;
      this.size = 0;
      this.readIndex = 0;
    }
    const overflow = this.size + count - this.capacity;
    if (overflow > 0) {
      this.readIndex = (this.readIndex + overflow) % this.capacity;
      this.size -= overflow;
      dropped += overflow;
    }
    let writeIndex = (this.readIndex + this.size) % this.capacity;
    for (let i = 0; i < count; i++) {
      this.data[writeIndex] = samples[src + i]!;
      writeIndex = writeIndex + 1 === this.capacity ? 0 : writeIndex + 1;
    }
    this.size += count;
    return dropped;
  }

  /** Fills `out` with the oldest samples, silence where there are none; returns how many were real. */
  read(out: Float32Array): number {
    const n = Math.min(out.length, this.size);
    for (let i = 0; i < n; i++) {
      out[i] = this.data[this.readIndex]!;
      this.readIndex = this.readIndex + 1 === this.capacity ? 0 : this.readIndex + 1;
    }
    out.fill(0, n);
    this.size -= n;
    return n;
  }

  clear() {
    this.size = 0;
    this.readIndex = 0;
  }
}
