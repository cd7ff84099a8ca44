import { createRequire } from 'node:module';
import { StreamResampler } from '../../audio/stream-resampler';
import { floatsToPcm16, pcm16ToFloats } from '../web-socket';
import { PIPELINE_RATE } from '../session-types';
import { REALTIME_PCM_RATE } from './protocol';

/*
 * The audio conversions of a speech-to-speech call. Phone lines need none on the way to and from the endpoint
 * (G.711 μ-law both ways); the μ-law is decoded only for the call's recording. The web call's 16 kHz PCM goes
 * to the endpoint's 24 kHz and back through the project's stream resampler, which takes whole ratios only:
 * 16 → 48 → 24 kHz (×3, ÷2) and 24 → 48 → 16 kHz (×2, ÷3), keeping its context across frames (no clicks).
 */

// alawmulaw ships CommonJS whose named exports Node's ESM loader does not see.
const { mulaw } = createRequire(import.meta.url)('alawmulaw') as typeof import('alawmulaw');

export const MULAW_RATE = 8_000;

/** A stream resampled through 48 kHz (the common multiple of 16 and 24 kHz). */
export class ChainResampler {
  private readonly first: StreamResampler;
  private readonly second: StreamResampler;

  constructor(inRate: number, outRate: number) {
    this.first = new StreamResampler(inRate, 48_000);
    this.second = new StreamResampler(48_000, outRate);
  }

  push(samples: Float32Array): Float32Array {
    return this.second.push(this.first.push(samples));
  }
}

/** μ-law bytes → floats at 8 kHz. */
export function mulawToFloats(bytes: Uint8Array): Float32Array {
  const pcm = mulaw.decode(bytes);
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = (pcm[i] ?? 0) / 32768;
  return out;
}

/** Caller audio at the pipeline's 16 kHz → base64 PCM16 at 24 kHz, as a stream. */
export class PcmUp {
  private readonly up = new ChainResampler(PIPELINE_RATE, REALTIME_PCM_RATE);
  push(samples: Float32Array): string {
    return floatsToPcm16(this.up.push(samples)).toString('base64');
  }
}

/** The endpoint's base64 PCM16 at 24 kHz → floats at the pipeline's 16 kHz, as a stream. */
export class PcmDown {
  private readonly down = new ChainResampler(REALTIME_PCM_RATE, PIPELINE_RATE);
  push(base64: string): Float32Array {
    return this.down.push(pcm16ToFloats(Buffer.from(base64, 'base64')));
  }
}

/** μ-law (8 kHz) → the recording's 16 kHz floats, as a stream. */
export class MulawToRecording {
  private readonly up = new StreamResampler(MULAW_RATE, PIPELINE_RATE);
  push(bytes: Uint8Array): Float32Array {
    return this.up.push(mulawToFloats(bytes));
  }
}
