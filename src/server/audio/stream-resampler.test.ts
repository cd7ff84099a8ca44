import { describe, expect, it } from 'vitest';
import { resample } from './pcm';
import { StreamResampler } from './stream-resampler';

const tone = (n: number, rate: number, hz: number) => new Float32Array(n).map((_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

function streamed(input: Float32Array, inRate: number, outRate: number, frame: number): Float32Array {
  const r = new StreamResampler(inRate, outRate);
  const parts: Float32Array[] = [];
  for (let at = 0; at < input.length; at += frame) parts.push(r.push(input.subarray(at, at + frame)));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('StreamResampler', () => {
  for (const [inRate, outRate, frame] of [
    [8000, 16000, 160],
    [16000, 8000, 320],
    [16000, 8000, 333],
  ] as const) {
    it(`${inRate} → ${outRate} in frames of ${frame} gives what the whole signal gives (no clicks at frame edges)`, () => {
      const input = tone(inRate, inRate, 440);
      const whole = resample({ sampleRate: inRate, samples: input }, outRate).samples;
      const parts = streamed(input, inRate, outRate, frame);
      expect(parts.length).toBeGreaterThan(whole.length - 64);
      expect(parts.length).toBeLessThanOrEqual(whole.length);
      let worst = 0;
      for (let i = 0; i < parts.length; i++) worst = Math.max(worst, Math.abs((parts[i] ?? 0) - (whole[i] ?? 0)));
      expect(worst).toBeLessThan(1e-5);
    });
  }
});
