/*
 * The sounds of the telephone tools, made here (no kept npm package generates DTMF): the dual tones of a
 * keypad (ITU-T Q.23 frequencies; Q.24's timing: a tone of 100 ms and a pause of 100 ms per key, well over
 * the 40 ms a receiver needs) and a soft hold melody for warm transfers.
 */

/** Row and column frequencies (Hz) of each key. */
export const DTMF_FREQUENCIES: Readonly<Record<string, readonly [number, number]>> = {
  '1': [697, 1209], '2': [697, 1336], '3': [697, 1477], A: [697, 1633],
  '4': [770, 1209], '5': [770, 1336], '6': [770, 1477], B: [770, 1633],
  '7': [852, 1209], '8': [852, 1336], '9': [852, 1477], C: [852, 1633],
  '*': [941, 1209], '0': [941, 1336], '#': [941, 1477], D: [941, 1633],
};

export const DTMF_KEY = /^[0-9*#A-D]$/;
export const TONE_MS = 100;
export const GAP_MS = 100;
/** Each of the two tones' peak (full scale 1): together -8 dBFS, loud enough through μ-law, never clipped. */
const TONE_LEVEL = 0.2;
/** A 5 ms rise and fall: no click at the edges (a click's energy spreads over every key's band). */
const RAMP_MS = 5;

/** The keys that can be pressed, in order, from what the model asked for (spaces and dashes dropped). */
export function keysOf(text: string): string {
  return [...text.toUpperCase()].filter((c) => DTMF_KEY.test(c)).join('');
}

/** The tones of `keys` (already keysOf) at `rate`: each key TONE_MS of its two frequencies, then GAP_MS of silence. */
export function dtmfTones(keys: string, rate: number): Float32Array {
  const tone = Math.round((rate * TONE_MS) / 1000);
  const gap = Math.round((rate * GAP_MS) / 1000);
  const ramp = Math.round((rate * RAMP_MS) / 1000);
  const out = new Float32Array((tone + gap) * keys.length);
  [...keys].forEach((key, k) => {
    const pair = DTMF_FREQUENCIES[key];
    if (!pair) return;
    const [low, high] = pair;
    const at = k * (tone + gap);
    for (let i = 0; i < tone; i++) {
      const edge = Math.min(1, i / ramp, (tone - 1 - i) / ramp);
      const t = i / rate;
      out[at + i] = edge * TONE_LEVEL * (Math.sin(2 * Math.PI * low * t) + Math.sin(2 * Math.PI * high * t));
    }
  });
  return out;
}

/** A bar of a gentle arpeggio (C major, A minor, F major, G major), 2 s, for as long as a caller waits. */
const HOLD_CHORDS: readonly (readonly number[])[] = [
  [261.63, 329.63, 392.0],
  [220.0, 261.63, 329.63],
  [174.61, 220.0, 261.63],
  [196.0, 246.94, 293.66],
];
const NOTE_MS = 500;
/** The loudest the hold music gets (volume 100): a little under speech. */
const HOLD_PEAK = 0.25;

/**
 * Hold music: bar `bar` (0, 1, 2, ... in turn) of the melody, `NOTE_MS` a note, at hold_music_volume 0-100
 * (the hosted field; 50 when unset). Whatever hold_music names, this is the melody the service plays.
 */
export function holdMusicBar(bar: number, rate: number, volume: number): Float32Array {
  const chord = HOLD_CHORDS[bar % HOLD_CHORDS.length]!;
  const note = Math.round((rate * NOTE_MS) / 1000);
  const notes = [...chord, chord[1]!];
  const out = new Float32Array(note * notes.length);
  const level = HOLD_PEAK * Math.max(0, Math.min(100, volume)) / 100;
  notes.forEach((f, n) => {
    for (let i = 0; i < note; i++) {
      // A plucked note: a quick rise and an exponential fall.
      const envelope = Math.min(1, i / (rate * 0.01)) * Math.exp(-i / (rate * 0.25));
      const t = i / rate;
      out[n * note + i] = level * envelope * (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t)) / 1.3;
    }
  });
  return out;
}
