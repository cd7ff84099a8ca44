import { describe, expect, it } from 'vitest';
import { encodeWav, readWav, resample, WavFormatError } from './pcm';

function wav(opts: { format: number; channels: number; rate: number; bits: number; data: Uint8Array; declared?: number }): Uint8Array {
  const out = new Uint8Array(44 + opts.data.byteLength);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((ch, i) => (out[at + i] = ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + opts.data.byteLength, true);
  ascii(8, 'WAVEfmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, opts.format, true);
  v.setUint16(22, opts.channels, true);
  v.setUint32(24, opts.rate, true);
  v.setUint32(28, (opts.rate * opts.channels * opts.bits) / 8, true);
  v.setUint16(32, (opts.channels * opts.bits) / 8, true);
  v.setUint16(34, opts.bits, true);
  ascii(36, 'data');
  v.setUint32(40, opts.declared ?? opts.data.byteLength, true);
  out.set(opts.data, 44);
  return out;
}

const tone = (hz: number, rate: number, seconds: number) => Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));
const rms = (x: Float32Array, from = 0, to = x.length) => Math.sqrt(x.subarray(from, to).reduce((s, v) => s + v * v, 0) / (to - from));

describe('readWav', () => {
  it("reads 16-bit PCM whose data size is a pipe's placeholder (eSpeak NG's 0x7ffff000), to the end of the file", () => {
    const data = new Uint8Array(8);
    new DataView(data.buffer).setInt16(2, 16384, true);
    const pcm = readWav(wav({ format: 1, channels: 1, rate: 22050, bits: 16, data, declared: 0x7ffff000 }));
    expect(pcm.sampleRate).toBe(22050);
    expect([...pcm.samples]).toEqual([0, 0.5, 0, 0]);
  });

  it('mixes stereo to mono and reads 32-bit float', () => {
    const data = new Uint8Array(16);
    const v = new DataView(data.buffer);
    v.setFloat32(0, 0.5, true);
    v.setFloat32(4, -0.5, true);
    v.setFloat32(8, 1, true);
    v.setFloat32(12, 0.5, true);
    expect([...readWav(wav({ format: 3, channels: 2, rate: 24000, bits: 32, data })).samples]).toEqual([0, 0.75]);
  });

  it('refuses what is not WAV audio', () => {
    expect(() => readWav(new TextEncoder().encode('{"error":"no"}'))).toThrow(WavFormatError);
    expect(() => readWav(wav({ format: 85, channels: 1, rate: 8000, bits: 16, data: new Uint8Array(4) }))).toThrow(/format 85/);
  });

  it('reads back what encodeWav writes (8 kHz, 16-bit)', () => {
    const samples = Float32Array.from([0, 0.25, -0.25, 1, -1]);
    const back = readWav(encodeWav(samples));
    expect(back.sampleRate).toBe(8000);
    back.samples.forEach((v, i) => expect(v).toBeCloseTo(samples[i] ?? 0, 3));
  });
});

describe('resample', () => {
  it('keeps the telephone band and filters out what would fold back at 8 kHz', () => {
    const low = resample({ sampleRate: 22050, samples: tone(1000, 22050, 1) }, 8000);
    expect(low.samples.length).toBe(8000);
    // A 1 kHz tone keeps its level (away from the edges) and its frequency: 8 samples a period.
    expect(rms(low.samples, 400, 7600)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    let crossings = 0;
    for (let i = 401; i < 7600; i++) if ((low.samples[i - 1] ?? 0) < 0 && (low.samples[i] ?? 0) >= 0) crossings++;
    expect(crossings / ((7600 - 400) / 8000)).toBeCloseTo(1000, -1);
    // 6 kHz is above the new Nyquist frequency (4 kHz): without the filter it would alias to 2 kHz at full level.
    const high = resample({ sampleRate: 22050, samples: tone(6000, 22050, 1) }, 8000);
    expect(rms(high.samples, 400, 7600)).toBeLessThan(0.01);
  });

  it('resamples rates without a small common ratio too (no polyphase bank for 44,101 → 8,000)', () => {
    for (const rate of [24_000, 44_101]) {
      const out = resample({ sampleRate: rate, samples: tone(1000, rate, 0.5) }, 8000);
      expect(out.samples.length, String(rate)).toBe(4000);
      expect(rms(out.samples, 400, 3600), String(rate)).toBeCloseTo(0.5 / Math.SQRT2, 2);
      expect(rms(resample({ sampleRate: rate, samples: tone(5000, rate, 0.5) }, 8000).samples, 400, 3600), String(rate)).toBeLessThan(0.01);
    }
  });

  it('leaves audio at the same rate as it is', () => {
    const pcm = { sampleRate: 8000, samples: tone(440, 8000, 0.1) };
    expect(resample(pcm, 8000)).toBe(pcm);
  });
});
