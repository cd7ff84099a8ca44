import type { RnnoiseModule } from '@echogarden/rnnoise-wasm';
import { StreamResampler } from '../../audio/stream-resampler';

/*
 * enable_noise_cancellation: the caller's audio through RNNoise before the voice-activity detector and the
 * transcription, one denoiser state per call. RNNoise works on 10 ms frames (480 samples) at 48 kHz on the
 * 16-bit scale, so the pipeline's 16 kHz stream is upsampled ×3 (audio/stream-resampler.ts, no clicks at the
 * frame edges), cut into 480-sample frames, denoised, and brought back to 16 kHz. What comes out lags what went
 * in by about 12 ms (the frame being filled and both resamplers' context) and is a little longer or shorter
 * per push; over a call the lengths agree.
 *
 * The build: @echogarden/rnnoise-wasm (BSD-3-Clause, 130 KB of WebAssembly, xiph's rnnoise compiled by
 * Emscripten for Node and browsers alike). @shiguredo/rnnoise-wasm (2025.1.5) was tried first, but its build is
 * for browsers only: in Node its load throws "not compiled for this environment"; @jitsi/rnnoise-wasm likewise.
 * The module is loaded on the first call that asks for it (about 5 ms, 4 MB): a service whose assistants
 * never suppress noise never loads it. One call's denoising costs about 2.1 s of one core per call-minute under
 * `npm start`'s --liftoff-only, 1.2 s without it (bench/noise.ts: docs/benchmarks.md).
 */

/** RNNoise's frame at 48 kHz (10 ms). */
const FRAME = 480;
const RATE = 48_000;
/** RNNoise expects the 16-bit scale, the pipeline has [-1, 1]. */
const SCALE = 32_768;

let shared: Promise<RnnoiseModule> | null = null;

/** The process's RNNoise module (loaded on first use; later calls share it). */
export function loadRnnoise(): Promise<RnnoiseModule> {
  shared ??= import('@echogarden/rnnoise-wasm')
    .then((m) => m.default())
    .catch((e: unknown) => {
      // A failed load is not cached: the next call tries again (and reports why).
      shared = null;
      throw e;
    });
  return shared;
}

/** One call's denoiser over the pipeline's stream (any rate that is a whole fraction of 48 kHz). */
export class NoiseSuppressor {
  private readonly up: StreamResampler;
  private readonly down: StreamResampler;
  private readonly state: number;
  private readonly buffer: number;
  private pending = new Float32Array(FRAME);
  private fill = 0;
  private destroyed = false;
  /** Wall time spent denoising (ms), for the CPU figure. */
  cpuMs = 0;
  /** Audio denoised (ms). */
  audioMs = 0;

  constructor(
    private readonly rnnoise: RnnoiseModule,
    private readonly rate: number,
  ) {
    if (rnnoise._rnnoise_get_frame_size() !== FRAME) throw new Error(`RNNoise's frame is ${rnnoise._rnnoise_get_frame_size()} samples, expected ${FRAME}`);
    this.up = new StreamResampler(rate, RATE);
    this.down = new StreamResampler(RATE, rate);
    this.state = rnnoise._rnnoise_create(0);
    this.buffer = rnnoise._malloc(FRAME * 4);
  }

  /** Denoised audio for the samples given (at the call's rate); what the frames so far determine. */
  push(samples: Float32Array): Float32Array {
    if (this.destroyed || samples.length === 0) return samples;
    const t0 = performance.now();
    const high = this.up.push(samples);
    const frames: Float32Array[] = [];
    let at = 0;
    while (at < high.length) {
      const n = Math.min(FRAME - this.fill, high.length - at);
      this.pending.set(high.subarray(at, at + n), this.fill);
      this.fill += n;
      at += n;
      if (this.fill === FRAME) {
        frames.push(this.denoise(this.pending));
        this.fill = 0;
      }
    }
    let out: Float32Array = new Float32Array(0);
    if (frames.length > 0) {
      const joined = new Float32Array(frames.length * FRAME);
      frames.forEach((f, i) => joined.set(f, i * FRAME));
      out = this.down.push(joined);
    }
    this.cpuMs += performance.now() - t0;
    this.audioMs += (samples.length / this.rate) * 1000;
    return out;
  }

  private denoise(frame: Float32Array): Float32Array {
    // The heap may grow (and its view change) between calls: read HEAPF32 each time.
    const at = this.buffer / 4;
    const heap = this.rnnoise.HEAPF32;
    for (let i = 0; i < FRAME; i++) heap[at + i] = frame[i]! * SCALE;
    this.rnnoise._rnnoise_process_frame(this.state, this.buffer, this.buffer);
    const out = new Float32Array(FRAME);
    const after = this.rnnoise.HEAPF32;
    for (let i = 0; i < FRAME; i++) out[i] = Math.max(-1, Math.min(1, after[at + i]! / SCALE));
    return out;
  }

  /** The call is over: RNNoise's state and buffer go back to the module's heap. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.rnnoise._rnnoise_destroy(this.state);
    this.rnnoise._free(this.buffer);
  }
}
