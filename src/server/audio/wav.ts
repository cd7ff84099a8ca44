/*
 * Recordings of the local service are synthesized, not stored: 8 kHz mono 16-bit PCM that sounds like a
 * phone conversation seen from afar: turns of two speakers (the assistant higher, the customer lower),
 * each a run of voiced "syllables" (a glottal-like harmonic series shaped by two vowel formants, with a
 * falling pitch contour), pauses between turns, and a faint line hiss. Everything derives from the
 * recording key, so the same key always gives the same bytes, and any byte range can be produced on
 * its own: samples are computed by index, never by running through the file from its start.
 */

import { mulberry32 } from '../engine/random';

export const WAV_SAMPLE_RATE = 8000;
export const WAV_BITS_PER_SAMPLE = 16;
export const WAV_CHANNELS = 1;
export const WAV_HEADER_BYTES = 44;
/** Recordings are cut at 20 minutes. */
export const WAV_MAX_SECONDS = 20 * 60;

const BYTES_PER_SAMPLE = WAV_BITS_PER_SAMPLE / 8;
const MAX_HARMONICS = 10;
const NYQUIST_MARGIN = 3400;

/** Bytes of the WAV file for a call of this many seconds (capped at 20 minutes). */
export function wavByteLength(durationSeconds: number): number {
  return WAV_HEADER_BYTES + sampleCount(durationSeconds) * BYTES_PER_SAMPLE;
}

function sampleCount(durationSeconds: number): number {
  const seconds = Math.min(Math.max(0, Math.floor(durationSeconds)), WAV_MAX_SECONDS);
  return seconds * WAV_SAMPLE_RATE;
}

/** `sampleRate`: the recordings' 8 kHz unless said (the voice pipeline's transcriptions send 16 kHz). */
export function wavHeader(dataBytes: number, sampleRate = WAV_SAMPLE_RATE): Uint8Array {
  const buf = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(buf.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) buf[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, WAV_CHANNELS, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * WAV_CHANNELS * BYTES_PER_SAMPLE, true);
  view.setUint16(32, WAV_CHANNELS * BYTES_PER_SAMPLE, true);
  view.setUint16(34, WAV_BITS_PER_SAMPLE, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return buf;
}

/** FNV-1a of the key: the seed of everything random in a recording. */
function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Integer hash of a sample index, for the line hiss. */
function hashNoise(i: number, seed: number): number {
  let x = (i ^ seed) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  x ^= x >>> 16;
  return (x >>> 0) / 4294967296 - 0.5;
}

interface Syllable {
  start: number; // first sample
  end: number; // one past the last sample
  f0: number; // Hz at the start
  slope: number; // Hz per second
  amps: Float64Array; // per harmonic, normalised so their sum is 1
  gain: number; // peak amplitude, 0-1
}

// (F1, F2) of five vowels, Hz.
const VOWELS: readonly (readonly [number, number])[] = [
  [730, 1090],
  [530, 1840],
  [270, 2290],
  [570, 840],
  [300, 870],
];

function harmonicAmps(f0: number, vowel: readonly [number, number]): Float64Array {
  const amps = new Float64Array(MAX_HARMONICS);
  let sum = 0;
  for (let h = 1; h <= MAX_HARMONICS; h++) {
    const f = h * f0;
    if (f > NYQUIST_MARGIN) break;
    const r1 = 1 / (1 + ((f - vowel[0]) / 110) ** 2);
    const r2 = 0.6 / (1 + ((f - vowel[1]) / 150) ** 2);
    const a = (0.15 + r1 + r2) / Math.sqrt(h);
    amps[h - 1] = a;
    sum += a;
  }
  if (sum > 0) for (let h = 0; h < MAX_HARMONICS; h++) amps[h] = (amps[h] ?? 0) / sum;
  return amps;
}

function buildTimeline(seed: number, totalSamples: number): Syllable[] {
  const rand = mulberry32(seed);
  const sr = WAV_SAMPLE_RATE;
  const out: Syllable[] = [];
  const aiBase = 195 + rand() * 30;
  const userBase = 110 + rand() * 35;
  let pos = Math.floor(sr * (0.3 + rand() * 0.4));
  let speaker = 0; // 0: the assistant speaks first
  while (pos < totalSamples) {
    const turnEnd = Math.min(totalSamples, pos + Math.floor(sr * (1.4 + rand() * 3.6)));
    const base = speaker === 0 ? aiBase : userBase;
    const turnStart = pos;
    while (pos < turnEnd) {
      const len = Math.floor(sr * (0.09 + rand() * 0.17));
      const end = Math.min(turnEnd, pos + len);
      const progress = (pos - turnStart) / Math.max(1, turnEnd - turnStart);
      // Pitch falls across a turn (declination) and wobbles per syllable.
      const f0 = base * (1.08 - 0.16 * progress) * (0.94 + rand() * 0.12);
      const slope = (rand() - 0.6) * base * 0.8;
      const vowel = VOWELS[Math.floor(rand() * VOWELS.length)] ?? [500, 1500];
      out.push({
        start: pos,
        end,
        f0,
        slope,
        amps: harmonicAmps(f0, vowel),
        gain: (speaker === 0 ? 0.42 : 0.36) * (0.75 + rand() * 0.25),
      });
      // A short gap inside a word, now and then a longer one between words.
      const gap = rand() < 0.3 ? 0.09 + rand() * 0.1 : 0.02 + rand() * 0.05;
      pos = end + Math.floor(sr * gap);
    }
    pos = turnEnd + Math.floor(sr * (0.35 + rand() * 0.75));
    speaker = 1 - speaker;
  }
  return out;
}

const ATTACK = Math.floor(WAV_SAMPLE_RATE * 0.012);
const RELEASE = Math.floor(WAV_SAMPLE_RATE * 0.025);
const HISS = 0.006;

function envelope(n: number, length: number): number {
  const a = Math.min(ATTACK, Math.floor(length / 2));
  const r = Math.min(RELEASE, Math.floor(length / 2));
  if (a > 0 && n < a) return 0.5 - 0.5 * Math.cos((Math.PI * n) / a);
  const fromEnd = length - 1 - n;
  if (r > 0 && fromEnd < r) return 0.5 - 0.5 * Math.cos((Math.PI * fromEnd) / r);
  return 1;
}

/** One recording: its length, and any byte range of its file. */
export class WavSynth {
  readonly samples: number;
  readonly byteLength: number;
  private readonly seed: number;
  private readonly timeline: Syllable[];

  constructor(key: string, durationSeconds: number) {
    this.samples = sampleCount(durationSeconds);
    this.byteLength = WAV_HEADER_BYTES + this.samples * BYTES_PER_SAMPLE;
    this.seed = seedOf(key);
    this.timeline = buildTimeline(this.seed, this.samples);
  }

  /** Index of the first syllable that ends after sample i. */
  private firstSyllableFrom(i: number): number {
    let lo = 0;
    let hi = this.timeline.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const s = this.timeline[mid];
      if (s && s.end <= i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Samples [from, to) as signed 16-bit values. */
  renderSamples(from: number, to: number): Int16Array {
    const start = Math.max(0, from);
    const end = Math.min(this.samples, to);
    const out = new Int16Array(Math.max(0, end - start));
    let k = this.firstSyllableFrom(start);
    for (let i = start; i < end; i++) {
      let v = HISS * hashNoise(i, this.seed);
      let syl = this.timeline[k];
      while (syl && syl.end <= i) syl = this.timeline[++k];
      if (syl && syl.start <= i) {
        const n = i - syl.start;
        const t = n / WAV_SAMPLE_RATE;
        const phase = 2 * Math.PI * (syl.f0 * t + 0.5 * syl.slope * t * t);
        let voiced = 0;
        for (let h = 0; h < MAX_HARMONICS; h++) {
          const a = syl.amps[h] ?? 0;
          if (a === 0) break;
          voiced += a * Math.sin((h + 1) * phase);
        }
        v += syl.gain * envelope(n, syl.end - syl.start) * voiced;
      }
      out[i - start] = Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
    }
    return out;
  }

  /** Bytes [start, end) of the WAV file. */
  readBytes(start: number, end: number): Uint8Array {
    const from = Math.max(0, start);
    const to = Math.min(this.byteLength, end);
    const out = new Uint8Array(Math.max(0, to - from));
    if (out.length === 0) return out;
    let written = 0;
    if (from < WAV_HEADER_BYTES) {
      const header = wavHeader(this.samples * BYTES_PER_SAMPLE).subarray(from, Math.min(WAV_HEADER_BYTES, to));
      out.set(header, 0);
      written = header.length;
    }
    if (to > WAV_HEADER_BYTES) {
      const dataFrom = Math.max(0, from - WAV_HEADER_BYTES);
      const dataTo = to - WAV_HEADER_BYTES;
      const firstSample = Math.floor(dataFrom / BYTES_PER_SAMPLE);
      const lastSample = Math.ceil(dataTo / BYTES_PER_SAMPLE);
      const samples = this.renderSamples(firstSample, lastSample);
      const bytes = new Uint8Array(samples.length * BYTES_PER_SAMPLE);
      const view = new DataView(bytes.buffer);
      for (let j = 0; j < samples.length; j++) view.setInt16(j * BYTES_PER_SAMPLE, samples[j] ?? 0, true);
      const offset = dataFrom - firstSample * BYTES_PER_SAMPLE;
      out.set(bytes.subarray(offset, offset + (dataTo - dataFrom)), written);
    }
    return out;
  }

  /** Bytes [start, end) as a stream of chunks made as they are read. */
  stream(start = 0, end = this.byteLength, chunkBytes = 64 * 1024): ReadableStream<Uint8Array> {
    let pos = Math.max(0, start);
    const stop = Math.min(this.byteLength, end);
    return new ReadableStream<Uint8Array>({
      pull: (controller) => {
        if (pos >= stop) {
          controller.close();
          return;
        }
        const next = Math.min(stop, pos + chunkBytes);
        controller.enqueue(this.readBytes(pos, next));
        pos = next;
      },
    });
  }
}
