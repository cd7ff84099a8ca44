import { PIPELINE_RATE } from '../session-types';

/*
 * The answering machine's beep: a steady single tone (about 400–2,000 Hz, 150 ms or more), found frame by frame
 * with the Goertzel algorithm over a bank of frequencies. A frame holds a tone when one frequency carries most of
 * its energy (its "purity"); a beep is such frames in a row at the same frequency for BEEP_MIN_MS, and it is over
 * at the first frame without it.
 *
 * Written here rather than taken from npm: the registry's `goertzel` (3.0.1) answers one fixed frequency with a
 * yes/no against a full-scale sine (so a quiet beep on a phone line is missed, and it has no measure of how much
 * of the frame the tone holds), and the DTMF detectors look only at the eight DTMF frequencies.
 */

export const FRAME_MS = 20;
export const FRAME_SAMPLES = (PIPELINE_RATE / 1000) * FRAME_MS;
export const BEEP_MIN_HZ = 400;
export const BEEP_MAX_HZ = 2_000;
/**
 * The bank: a coarse pass every COARSE_HZ (a 20 ms frame resolves 50 Hz), then a fine one every FINE_HZ around the
 * strongest coarse frequency, so a tone between two coarse bins loses little: 33 + 6 Goertzel passes a frame.
 */
const COARSE_HZ = 50;
const FINE_HZ = 12.5;
/** A tone frame: this share of the frame's energy at one frequency. Speech spreads over its harmonics and stays below. */
const MIN_PURITY = 0.6;
/** Quieter than this (RMS, full scale 1) is silence, whatever its spectrum. */
const MIN_LEVEL = 0.01;
export const BEEP_MIN_MS = 150;
/** Frames of one beep may wander this far (a machine's tone is steady; speech's harmonics glide). */
const SAME_TONE_HZ = 40;

const coeffOf = (hz: number) => 2 * Math.cos((2 * Math.PI * hz) / PIPELINE_RATE);
const COARSE: { hz: number; coeff: number }[] = [];
for (let hz = BEEP_MIN_HZ; hz <= BEEP_MAX_HZ; hz += COARSE_HZ) COARSE.push({ hz, coeff: coeffOf(hz) });

/** |X(f)|² of the frame at one frequency (the Goertzel recurrence; any f, not only a DFT bin). */
export function goertzelPower(frame: Float32Array, coeff: number): number {
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < frame.length; i++) {
    const s0 = frame[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

/** The frame's strongest frequency in the beep band and the share of its energy there (1: a pure tone on it). */
export function dominantTone(frame: Float32Array): { hz: number; purity: number; level: number } {
  let energy = 0;
  for (let i = 0; i < frame.length; i++) energy += frame[i]! * frame[i]!;
  const level = Math.sqrt(energy / Math.max(1, frame.length));
  if (energy === 0) return { hz: 0, purity: 0, level: 0 };
  // Silence has no tone: the bank is not run.
  if (level < MIN_LEVEL) return { hz: 0, purity: 0, level };
  let best = COARSE[0]!.hz;
  let bestPower = -1;
  for (const bin of COARSE) {
    const p = goertzelPower(frame, bin.coeff);
    if (p > bestPower) {
      bestPower = p;
      best = bin.hz;
    }
  }
  const coarse = best;
  for (let hz = coarse - COARSE_HZ + FINE_HZ; hz < coarse + COARSE_HZ; hz += FINE_HZ) {
    if (hz === coarse || hz < BEEP_MIN_HZ || hz > BEEP_MAX_HZ) continue;
    const p = goertzelPower(frame, coeffOf(hz));
    if (p > bestPower) {
      bestPower = p;
      best = hz;
    }
  }
  // A sine of amplitude A over N samples: |X|² ≈ (A·N/2)², energy A²·N/2; so 2|X|²/(N·energy) ≈ 1.
  return { hz: best, purity: (2 * bestPower) / (frame.length * energy), level };
}

export interface Beep {
  /** Ms (on the detector's timeline) of its first and last frame's end. */
  startMs: number;
  endMs: number;
  hz: number;
}

/** Fed 20 ms frames in order; says when a beep has ended. */
export class BeepDetector {
  private run: { startMs: number; hz: number; frames: number } | null = null;

  /** The frame ending at `endMs`; a beep that ended just before it, else null. */
  push(frame: Float32Array, endMs: number): Beep | null {
    const tone = dominantTone(frame);
    const isTone = tone.level >= MIN_LEVEL && tone.purity >= MIN_PURITY;
    const run = this.run;
    if (isTone && run && Math.abs(tone.hz - run.hz) <= SAME_TONE_HZ) {
      run.frames += 1;
      return null;
    }
    this.run = isTone ? { startMs: endMs - FRAME_MS, hz: tone.hz, frames: 1 } : null;
    if (run && run.frames * FRAME_MS >= BEEP_MIN_MS) return { startMs: run.startMs, endMs: endMs - FRAME_MS, hz: run.hz };
    return null;
  }
}
