import { pcmBytesToInt16, SOCKET_RATE, RingBuffer, Upsampler } from '../lib/dsp';

/*
 * The assistant's side of a web call, on the audio thread: 16 kHz PCM bytes from the socket are upsampled
 * to the context's rate into a ring buffer (lib/dsp.ts) that each render quantum reads (silence when it
 * is empty). `clear` (barge-in) empties it at once; `drain` (the call has ended) asks to be told when the
 * last of it has played.
 */

export type PlaybackMessage = { type: 'audio'; pcm: ArrayBuffer } | { type: 'clear' } | { type: 'drain' };
/** Posted back once after `drain`, when everything buffered has been played. */
export type PlaybackReport = { type: 'drained' };

/** A minute of audio: the service may send a sentence faster than it plays. */
const CAPACITY_SECONDS = 60;

class PlaybackProcessor extends AudioWorkletProcessor {
  private readonly upsampler = new Upsampler(SOCKET_RATE, sampleRate);
  private readonly ring = new RingBuffer(Math.ceil(sampleRate * CAPACITY_SECONDS));
  private draining = false;

  constructor(options?: unknown) {
    super(options);
    this.port.onmessage = (event: MessageEvent<PlaybackMessage>) => {
      const message = event.data;
      if (message.type === 'clear') {
        this.ring.clear();
        this.upsampler.reset();
      } else if (message.type === 'drain') {
        this.draining = true;
      } else if (message.type === 'audio') {
        this.ring.write(this.upsampler.push(pcmBytesToInt16(message.pcm)));
      }
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const output = outputs[0];
    const first = output?.[0];
    if (!output || !first) return true;
    this.ring.read(first);
    for (let c = 1; c < output.length; c++) output[c]!.set(first);
    if (this.draining && this.ring.length === 0) {
      this.draining = false;
      const report: PlaybackReport = { type: 'drained' };
      this.port.postMessage(report);
    }
    return true;
  }
}

registerProcessor('web-call-playback', PlaybackProcessor);
