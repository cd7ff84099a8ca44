/*
 * What an AudioWorkletGlobalScope offers (TypeScript's DOM library does not describe it): the worklet
 * files of this folder run there, not in a window.
 */
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: unknown);
}
declare function registerProcessor(name: string, processorCtor: new (options?: unknown) => AudioWorkletProcessor): void;
/** The context's sample rate, a global of the worklet scope. */
declare const sampleRate: number;
