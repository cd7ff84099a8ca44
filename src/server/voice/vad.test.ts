import { beforeAll, describe, expect, it } from 'vitest';
import { espeakSpeech } from '../test/voice-call';
import { SILENT_PEAK, sileroVad, VAD_FRAME, type VadFactory } from './vad';

let vad: VadFactory;
beforeAll(async () => {
  vad = await sileroVad();
}, 30_000);

/** The probabilities of `samples`, frame by frame. */
async function probabilities(detector: ReturnType<VadFactory['create']>, samples: Float32Array): Promise<number[]> {
  const out: number[] = [];
  for (let at = 0; at + VAD_FRAME <= samples.length; at += VAD_FRAME) out.push(await detector.probability(samples.subarray(at, at + VAD_FRAME)));
  return out;
}

describe('Silero VAD', () => {
  it('answers digital silence 0 without the model, and hears speech after it as after a fresh start', async () => {
    const speech = espeakSpeech('Hello, I would like to check my order please.');
    const silence = new Float32Array(VAD_FRAME * 20);
    // Quieter than the gate on both sides (a VoIP leg's dither): still silence.
    for (let i = 0; i < silence.length; i += 7) silence[i] = (i % 2 ? 1 : -1) * SILENT_PEAK * 0.9;

    const fresh = vad.create();
    const alone = await probabilities(fresh, speech);

    const gated = vad.create();
    const quiet = await probabilities(gated, silence);
    expect(quiet.every((p) => p === 0)).toBe(true);
    const after = await probabilities(gated, speech);
    // The state was reset on the first frame with sound: the same answers as a detector that heard nothing before.
    expect(after).toEqual(alone);
    expect(after.filter((p) => p >= 0.5).length).toBeGreaterThan(after.length / 3);

    // Back to silence after speech: 0 at once.
    expect(await probabilities(gated, silence.subarray(0, VAD_FRAME * 3))).toEqual([0, 0, 0]);
  });

  it('still asks the model for a frame with any sound over the gate', async () => {
    const faint = new Float32Array(VAD_FRAME);
    faint[100] = SILENT_PEAK * 3;
    const p = await vad.create().probability(faint);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.5);
  });
});
