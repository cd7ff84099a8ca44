import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../engine/random';
import { espeakSpeech, rms } from '../../test/voice-call';
import { PIPELINE_RATE } from '../session-types';
import { loadRnnoise, NoiseSuppressor } from './suppressor';

/*
 * RNNoise over the pipeline's stream, for real (the WebAssembly module, the resamplers): steady noise loses
 * most of its energy, speech keeps its own, and the stream's length and timing survive 20 ms pushes.
 */

const db = (ratio: number) => 20 * Math.log10(ratio);

/** Band-limited noise (white noise through a one-pole low-pass), seeded. */
function noise(seconds: number, level: number, seed = 7): Float32Array {
  const random = mulberry32(seed);
  const out = new Float32Array(Math.round(seconds * PIPELINE_RATE));
  let y = 0;
  for (let i = 0; i < out.length; i++) {
    y = 0.7 * y + 0.3 * (random() * 2 - 1);
    out[i] = y;
  }
  const scale = level / rms(out);
  return out.map((v) => v * scale);
}

/** Runs the samples through a fresh suppressor in 20 ms pushes, as a call's audio comes. */
async function denoise(samples: Float32Array): Promise<{ out: Float32Array; suppressor: NoiseSuppressor }> {
  const suppressor = new NoiseSuppressor(await loadRnnoise(), PIPELINE_RATE);
  const parts: Float32Array[] = [];
  const chunk = PIPELINE_RATE / 50;
  for (let at = 0; at < samples.length; at += chunk) parts.push(suppressor.push(samples.subarray(at, at + chunk)));
  suppressor.destroy();
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return { out, suppressor };
}

describe('NoiseSuppressor (RNNoise)', () => {
  it('takes most of the energy out of steady noise', async () => {
    const input = noise(3, 0.05);
    const { out } = await denoise(input);
    // Within a frame and the resamplers' context of the input's length (about 12 ms late).
    expect(input.length - out.length).toBeGreaterThanOrEqual(0);
    expect(input.length - out.length).toBeLessThan(0.03 * PIPELINE_RATE);
    // After the first second (RNNoise learns the noise), compared with the same span of the input.
    const reduction = db(rms(input.subarray(PIPELINE_RATE)) / rms(out.subarray(PIPELINE_RATE)));
    console.info(`noise reduced by ${reduction.toFixed(1)} dB`);
    expect(reduction).toBeGreaterThan(10);
  });

  it('keeps speech: its level, and where it is', async () => {
    const speech = espeakSpeech('Where is my order? It should have arrived on Monday.');
    const lead = new Float32Array(PIPELINE_RATE / 2);
    const input = new Float32Array(lead.length + speech.length + lead.length);
    input.set(speech, lead.length);
    const { out } = await denoise(input);
    const span = (s: Float32Array) => s.subarray(lead.length, lead.length + speech.length);
    const loss = db(rms(span(input)) / rms(span(out)));
    console.info(`speech level changed by ${(-loss).toFixed(1)} dB`);
    expect(Math.abs(loss)).toBeLessThan(3);
    // Silence before the speech stays silence.
    expect(rms(out.subarray(0, lead.length - 800))).toBeLessThan(0.002);
  });

  it('with noise mixed into speech at 10 dB SNR, the noise between words falls and the speech stays', async () => {
    const speech = espeakSpeech('I would like to book a table for four people tomorrow evening.');
    const gap = PIPELINE_RATE;
    const clean = new Float32Array(gap + speech.length);
    clean.set(speech, gap);
    const n = noise(clean.length / PIPELINE_RATE, rms(speech) / 10 ** (10 / 20), 11);
    const mixed = clean.map((v, i) => v + n[i]!);
    const { out } = await denoise(mixed);
    // The noise-only second (after RNNoise's first 300 ms) and the speech.
    const noiseBefore = rms(mixed.subarray(0.3 * PIPELINE_RATE, gap - 400));
    const noiseAfter = rms(out.subarray(0.3 * PIPELINE_RATE, gap - 400));
    expect(db(noiseBefore / noiseAfter)).toBeGreaterThan(8);
    const speechAfter = rms(out.subarray(gap, gap + speech.length));
    expect(db(rms(speech) / speechAfter)).toBeLessThan(4);
  });

  it('a destroyed suppressor passes nothing through it any more, and another call has its own state', async () => {
    const rnnoise = await loadRnnoise();
    expect(await loadRnnoise()).toBe(rnnoise);
    const a = new NoiseSuppressor(rnnoise, PIPELINE_RATE);
    const b = new NoiseSuppressor(rnnoise, PIPELINE_RATE);
    a.push(noise(0.5, 0.05));
    a.destroy();
    a.destroy();
    const out = b.push(noise(0.5, 0.05, 3));
    expect(out.length).toBeGreaterThan(0.45 * PIPELINE_RATE);
    expect(b.audioMs).toBeCloseTo(500, 0);
    b.destroy();
  });
});
