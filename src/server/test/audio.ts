import { readWav, type Pcm } from '../audio/pcm';

/*
 * Measuring audio in tests: loudness per window (is there sound where the turns are, silence between?) and
 * the pitch of a stretch (do the two voices differ?).
 */

export function pcmOf(bytes: Uint8Array): Pcm {
  return readWav(bytes);
}

/** Root-mean-square level, in 16-bit units, of samples [from, to) seconds. */
export function rmsBetween(pcm: Pcm, fromS: number, toS: number): number {
  const a = Math.max(0, Math.floor(fromS * pcm.sampleRate));
  const b = Math.min(pcm.samples.length, Math.floor(toS * pcm.sampleRate));
  let sum = 0;
  for (let i = a; i < b; i++) sum += (pcm.samples[i] ?? 0) ** 2;
  return b > a ? Math.sqrt(sum / (b - a)) * 32768 : 0;
}

/** The level of every 100 ms window. */
export function rmsWindows(pcm: Pcm, windowS = 0.1): number[] {
  const out: number[] = [];
  for (let t = 0; t + windowS <= pcm.samples.length / pcm.sampleRate; t += windowS) out.push(rmsBetween(pcm, t, t + windowS));
  return out;
}

/**
 * The median fundamental frequency (Hz) of the loud 40 ms frames in [from, to) seconds, by autocorrelation
 * over 70–400 Hz.
 */
export function pitchBetween(pcm: Pcm, fromS: number, toS: number): number {
  const rate = pcm.sampleRate;
  const frame = Math.floor(0.04 * rate);
  const minLag = Math.floor(rate / 400);
  const maxLag = Math.ceil(rate / 70);
  const found: number[] = [];
  for (let start = Math.floor(fromS * rate); start + frame + maxLag < Math.min(pcm.samples.length, toS * rate); start += frame) {
    const x = pcm.samples.subarray(start, start + frame + maxLag);
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += (x[i] ?? 0) ** 2;
    if (Math.sqrt(energy / frame) * 32768 < 500) continue;
    const r: number[] = [];
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      let e = 0;
      for (let i = 0; i < frame; i++) {
        c += (x[i] ?? 0) * (x[i + lag] ?? 0);
        e += (x[i + lag] ?? 0) ** 2;
      }
      r.push(c / Math.sqrt(energy * e + 1e-12));
    }
    const best = Math.max(...r);
    // The shortest lag nearly as good as the best: a lag of two periods correlates as well as one.
    const i = r.findIndex((v, k) => v >= 0.9 * best && (r[k - 1] ?? -1) <= v && v >= (r[k + 1] ?? -1));
    const bestLag = i < 0 ? 0 : minLag + i;
    if (best > 0.5 && bestLag > 0) found.push(rate / bestLag);
  }
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)] ?? 0;
}
