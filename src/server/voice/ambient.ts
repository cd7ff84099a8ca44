/*
 * ambient_sound under the assistant's audio: noise generated here (no recorded files, so nothing to
 * license), shaped per kind and played at ambient_sound_volume for the whole call, under speech and pauses
 * alike, as a room sounds. A few multiply-adds per sample: 320 samples per 20 ms frame cost microseconds.
 *
 * | ambient_sound              | noise                                     | movement                          |
 * |----------------------------|-------------------------------------------|-----------------------------------|
 * | office                     | brown (integrated white, leaky)           | steady                            |
 * | cafe, crowded_room         | brown + a little white (chatter's hiss)   | slow swells (people, 0.3–0.7 Hz)  |
 * | city                       | brown, darker (traffic's rumble)          | slow swells (passing cars, 0.1 Hz)|
 * | forest, nature             | pink (Paul Kellet's filter)               | wind swells (0.15 Hz)             |
 * | none, off, volume 0        | nothing                                   |                                   |
 *
 * ambient_sound_volume 1 is a level of about 0.06 RMS (−24 dBFS), well under speech; the default 0.2 about −38 dBFS.
 */

import { mulberry32 } from '../engine/random';

const FULL_LEVEL = 0.06;

export type AmbientSource = (length: number) => Float32Array;

export function ambientSound(kind: string, volume: number, sampleRate: number, seed = 1): AmbientSource | null {
  if (!Number.isFinite(volume) || volume <= 0) return null;
  const shapes: Record<string, 'brown' | 'chatter' | 'city' | 'pink'> = { office: 'brown', cafe: 'chatter', crowded_room: 'chatter', city: 'city', forest: 'pink', nature: 'pink' };
  const shape = shapes[kind];
  if (!shape) return null;
  const random = mulberry32(seed);
  const level = FULL_LEVEL * Math.min(1, volume);
  const swellHz = shape === 'chatter' ? 0.5 : shape === 'city' ? 0.1 : shape === 'pink' ? 0.15 : 0;
  let brown = 0;
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let n = 0;
  // Brown noise's level for white in ±1 with this leak is about 0.1 RMS; pink's about 0.2: both scaled to 1.
  const leak = shape === 'city' ? 0.998 : 0.99;
  return (length) => {
    const out = new Float32Array(length);
    for (let i = 0; i < length; i++, n++) {
      const white = random() * 2 - 1;
      let v: number;
      if (shape === 'pink') {
        b0 = 0.99765 * b0 + white * 0.099046;
        b1 = 0.963 * b1 + white * 0.2965164;
        b2 = 0.57 * b2 + white * 1.0526913;
        v = (b0 + b1 + b2 + white * 0.1848) * 0.25;
      } else {
        brown = leak * brown + white * (1 - leak) * 8;
        v = brown * (shape === 'city' ? 1.5 : 1.6) + (shape === 'chatter' ? white * 0.15 : 0);
      }
      const swell = swellHz > 0 ? 0.75 + 0.25 * Math.sin((2 * Math.PI * swellHz * n) / sampleRate + Math.sin((2 * Math.PI * 0.07 * n) / sampleRate)) : 1;
      out[i] = v * swell * level;
    }
    return out;
  };
}
