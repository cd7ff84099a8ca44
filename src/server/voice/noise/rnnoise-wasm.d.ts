// @echogarden/rnnoise-wasm ships no types: the part of its Emscripten module this folder uses (rnnoise.h's API).
declare module '@echogarden/rnnoise-wasm' {
  export interface RnnoiseModule {
    HEAPF32: Float32Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    _rnnoise_get_frame_size(): number;
    /** rnnoise_create(model): a denoiser state; 0 for the built-in model. */
    _rnnoise_create(model: number): number;
    _rnnoise_destroy(state: number): void;
    /** Denoises `input` (frame_size floats, 16-bit scale) into `output`; returns the frame's voice probability. */
    _rnnoise_process_frame(state: number, output: number, input: number): number;
  }
  const createModule: (options?: Record<string, unknown>) => Promise<RnnoiseModule>;
  export default createModule;
}
