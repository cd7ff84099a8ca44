import { Downsampler, SOCKET_RATE, int16ToPcmBytes, meterLevel, rms } from '../lib/dsp';

/*
 * The microphone's side of a web call, on the audio thread: each render quantum (128 samples at the
 * context's rate) goes through the downsampler (lib/dsp.ts); every 20 ms frame of 16 kHz PCM is posted to
 * the page as 16-bit little-endian bytes (transferred, not copied) with its level for the meter.
 */

export interface CaptureFrame {
  pcm: ArrayBuffer;
  level: number;
}

class CaptureProcessor extends AudioWorkletProcessor {
  private readonly downsampler = new Downsampler(sampleRate, SOCKET_RATE);

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel || channel.length === 0) return true;
    for (const frame of this.downsampler.push(channel)) {
      const level = meterLevel(rms(frame) / 0x8000);
      const pcm = int16ToPcmBytes(frame);
      const message: CaptureFrame = { pcm, level };
      this.port.postMessage(message, [pcm]);
    }
    return true;
  }
}

registerProcessor('web-call-capture', CaptureProcessor);
