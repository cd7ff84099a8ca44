import { WAV_SAMPLE_RATE, wavHeader } from './wav';

/*
 * Mono audio as the speech sources hand it over (samples in -1..1 at their own rate), reading the WAV files
 * they return, resampling to the telephone's 8 kHz, and writing the 16-bit PCM WAV the recordings are served
 * as (the same header as the murmur's, audio/wav.ts).
 */

export interface Pcm {
  sampleRate: number;
  /** Mono, -1..1. */
  samples: Float32Array;
}

export class WavFormatError extends Error {
  override name = 'WavFormatError';
}

const PCM_FORMAT = 1;
const FLOAT_FORMAT = 3;
const EXTENSIBLE_FORMAT = 0xfffe;

/**
 * A RIFF/WAVE file's audio, its channels mixed to mono. Reads 8/16/24/32-bit PCM and 32-bit float, plain or
 * WAVE_FORMAT_EXTENSIBLE. A data chunk that claims more bytes than there are, or none (eSpeak NG writing to a
 * pipe cannot seek back to fill in the length, so it writes 0x7ffff000), is read to the end of the file.
 */
export function readWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
  if (bytes.byteLength < 12 || ascii(0) !== 'RIFF' || ascii(8) !== 'WAVE') throw new WavFormatError('Not a RIFF/WAVE file');
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | null = null;
  let pos = 12;
  while (pos + 8 <= bytes.byteLength) {
    const id = ascii(pos);
    const size = view.getUint32(pos + 4, true);
    const body = pos + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.byteLength) throw new WavFormatError('Truncated fmt chunk');
      let format = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (format === EXTENSIBLE_FORMAT && size >= 26 && body + 26 <= bytes.byteLength) format = view.getUint16(body + 24, true);
      fmt = { format, channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (id === 'data') {
      if (!fmt) throw new WavFormatError('data chunk before fmt chunk');
      // Streaming servers that cannot know the length write 0 (or the largest size): read what came.
      const end = size === 0 ? bytes.byteLength : Math.min(bytes.byteLength, body + size);
      return { sampleRate: fmt.sampleRate, samples: decode(view, body, end, fmt) };
    }
    // Chunks are padded to an even length.
    pos = body + size + (size % 2);
  }
  throw new WavFormatError('No data chunk');
}

function decode(view: DataView, from: number, to: number, fmt: { format: number; channels: number; sampleRate: number; bits: number }): Float32Array {
  const { format, channels, bits } = fmt;
  if (channels < 1 || fmt.sampleRate < 1000) throw new WavFormatError(`Unsupported WAV: ${channels} channels at ${fmt.sampleRate} Hz`);
  const width = bits / 8;
  const read = sampleReader(view, format, bits);
  const frame = width * channels;
  const frames = Math.floor((to - from) / frame);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    const at = from + i * frame;
    for (let ch = 0; ch < channels; ch++) sum += read(at + ch * width);
    out[i] = sum / channels;
  }
  return out;
}

function sampleReader(view: DataView, format: number, bits: number): (at: number) => number {
  if (format === FLOAT_FORMAT && bits === 32) return (at) => view.getFloat32(at, true);
  if (format !== PCM_FORMAT) throw new WavFormatError(`Unsupported WAV format ${format} (${bits} bits)`);
  switch (bits) {
    case 8:
      return (at) => (view.getUint8(at) - 128) / 128;
    case 16:
      return (at) => view.getInt16(at, true) / 32768;
    case 24:
      return (at) => {
        const v = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
        return v / 8388608;
      };
    case 32:
      return (at) => view.getInt32(at, true) / 2147483648;
    default:
      throw new WavFormatError(`Unsupported PCM width ${bits} bits`);
  }
}

/* Resampling: band-limited interpolation with a Kaiser-windowed sinc read from a table. */
const ZERO_CROSSINGS = 8;
const TABLE_STEPS = 512;
const KAISER_BETA = 7;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 30; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** The windowed sinc from 0 to ZERO_CROSSINGS, TABLE_STEPS points per zero crossing. */
const KERNEL: Float64Array = (() => {
  const n = ZERO_CROSSINGS * TABLE_STEPS + 1;
  const table = new Float64Array(n + 1);
  const norm = besselI0(KAISER_BETA);
  for (let i = 0; i < n; i++) {
    const x = i / TABLE_STEPS;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const r = x / ZERO_CROSSINGS;
    table[i] = sinc * (besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - r * r))) / norm);
  }
  return table;
})();

function kernelAt(x: number): number {
  const t = Math.abs(x) * TABLE_STEPS;
  const i = Math.floor(t);
  if (i >= ZERO_CROSSINGS * TABLE_STEPS) return 0;
  const a = KERNEL[i] ?? 0;
  return a + ((KERNEL[i + 1] ?? 0) - a) * (t - i);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Polyphase filters are built for ratios whose output side is at most this (22,050 → 8,000 needs 160). */
const MAX_PHASES = 1024;

/**
 * The audio at another sample rate. Going down (22,050 or 24,000 Hz to 8,000), the band above 90 % of the
 * new Nyquist frequency is filtered out first, as it would otherwise fold back as noise. Output sample n sits
 * at input position n·in/out; for a ratio of whole rates that position's fraction takes only `out/gcd`
 * values, so the filter's taps are computed once per fraction (polyphase) instead of once per sample.
 */
export function resample(pcm: Pcm, rate: number): Pcm {
  if (pcm.sampleRate === rate) return pcm;
  const input = pcm.samples;
  // The cut-off as a fraction of the input's Nyquist frequency.
  const cutoff = Math.min(1, rate / pcm.sampleRate) * 0.9;
  const reach = Math.ceil(ZERO_CROSSINGS / cutoff);
  const out = new Float32Array(Math.floor((input.length * rate) / pcm.sampleRate));
  const g = gcd(pcm.sampleRate, rate);
  const up = rate / g;
  const down = pcm.sampleRate / g;
  const taps = 2 * reach + 1;
  const polyphase = Number.isInteger(up) && Number.isInteger(down) && up <= MAX_PHASES;
  let bank: Float32Array | null = null;
  if (polyphase) {
    // bank[phase * taps + (j + reach)]: the weight of input ip + j for an output at ip + phase/up.
    bank = new Float32Array(up * taps);
    for (let phase = 0; phase < up; phase++) {
      for (let j = -reach; j <= reach; j++) bank[phase * taps + j + reach] = kernelAt((phase / up - j) * cutoff) * cutoff;
    }
  }
  for (let n = 0; n < out.length; n++) {
    let sum = 0;
    if (bank) {
      const ip = Math.floor((n * down) / up);
      const base = ((n * down) % up) * taps - ip + reach;
      const first = Math.max(0, ip - reach);
      const last = Math.min(input.length - 1, ip + reach);
      for (let k = first; k <= last; k++) sum += (input[k] ?? 0) * (bank[base + k] ?? 0);
    } else {
      const p = (n * pcm.sampleRate) / rate;
      const first = Math.max(0, Math.ceil(p - reach));
      const last = Math.min(input.length - 1, Math.floor(p + reach));
      for (let k = first; k <= last; k++) sum += (input[k] ?? 0) * kernelAt((p - k) * cutoff);
      sum *= cutoff;
    }
    out[n] = sum;
  }
  return { sampleRate: rate, samples: out };
}

/** At the recordings' 8 kHz. */
export function toTelephoneRate(pcm: Pcm): Pcm {
  return resample(pcm, WAV_SAMPLE_RATE);
}

/** A 16-bit PCM WAV file of mono samples at 8 kHz, or `sampleRate` (clipped to -1..1). */
export function encodeWav(samples: Float32Array, sampleRate = WAV_SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  return encodeWav16(toInt16(samples), sampleRate);
}

/** The samples as a WAV's 16-bit values (clipped to -1..1), as encodeWav writes them: half the memory of floats. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32767);
  return out;
}

/** A 16-bit PCM WAV file of mono samples already in 16 bits (toInt16). */
export function encodeWav16(samples: Int16Array, sampleRate = WAV_SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const dataBytes = samples.length * 2;
  const out = new Uint8Array(44 + dataBytes);
  out.set(wavHeader(dataBytes, sampleRate), 0);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i]!, true);
  return out;
}

/** Peak of the samples' absolute values. */
export function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  return peak;
}
