/*
 * Hearing keypad tones the way a phone menu does (the Twilio stand-in's callee, the web call's tests): the
 * Goertzel algorithm over blocks of 205 samples at 8 kHz (the classic size: each key's frequencies fall near
 * a bin), the strongest row and column tone each clearly above the others and together most of the block's
 * energy; a key counts once it holds for two blocks, and again only after a block without it.
 */

const ROWS = [697, 770, 852, 941];
const COLS = [1209, 1336, 1477, 1633];
const KEYS = ['123A', '456B', '789C', '*0#D'];
const BLOCK = 205;

function goertzel(samples: Float32Array, from: number, n: number, freq: number, rate: number): number {
  const k = Math.round((n * freq) / rate);
  const coeff = 2 * Math.cos((2 * Math.PI * k) / n);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const s0 = (samples[from + i] ?? 0) + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

function strongest(powers: number[]): { at: number; ratio: number; power: number } {
  let at = 0;
  for (let i = 1; i < powers.length; i++) if (powers[i]! > powers[at]!) at = i;
  const others = powers.filter((_, i) => i !== at);
  return { at, power: powers[at]!, ratio: powers[at]! / Math.max(1e-12, Math.max(...others)) };
}

/** The key a block sounds, or null (speech, silence, music). */
function blockKey(samples: Float32Array, from: number, rate: number, n: number): string | null {
  let energy = 0;
  for (let i = 0; i < n; i++) energy += (samples[from + i] ?? 0) ** 2;
  if (energy / n < 1e-4) return null;
  const row = strongest(ROWS.map((f) => goertzel(samples, from, n, f, rate)));
  const col = strongest(COLS.map((f) => goertzel(samples, from, n, f, rate)));
  if (row.ratio < 6 || col.ratio < 6) return null;
  // A pure tone's Goertzel power is (n·A/2)²; the pair must carry most of the block's energy (n·A²/2 each).
  const toneEnergy = ((row.power + col.power) * 2) / n;
  if (toneEnergy < 0.5 * energy) return null;
  return KEYS[row.at]![col.at]!;
}

/** The keys sounded in `samples` (mono floats at `rate`, 8 kHz best), in order. */
export function hearKeys(samples: Float32Array, rate: number): string {
  const n = Math.round((BLOCK * rate) / 8000);
  let out = '';
  let last: string | null = null;
  let held = 0;
  let counted = false;
  for (let from = 0; from + n <= samples.length; from += n) {
    const key = blockKey(samples, from, rate, n);
    if (key !== null && key === last) held += 1;
    else {
      held = key === null ? 0 : 1;
      counted = false;
    }
    last = key;
    if (key !== null && held >= 2 && !counted) {
      out += key;
      counted = true;
    }
  }
  return out;
}
