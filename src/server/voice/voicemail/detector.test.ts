import { afterAll, describe, expect, it } from 'vitest';
import { createChatModel } from '../../model/openai-compatible';
import { startStandInModel } from '../../test/stand-ins/model';
import { startStandInStt } from '../../test/stand-ins/transcription';
import { beepTone, voicemailFixtures, type VoicemailFixture } from '../../test/voicemail-fixtures';
import { openAiTranscriber } from '../transcriber';
import { PIPELINE_RATE } from '../session-types';
import { modelGreetingClassifier } from './classifier';
import { VoicemailDetector, type MessageCue, type Verdict } from './detector';
import { BeepDetector, dominantTone, FRAME_SAMPLES } from './tone';

/*
 * The detector over the fixtures (test/voicemail-fixtures.ts), with the real transcriber and model adapters
 * against their stand-ins (the transcription stand-in knows each fixture's words; the model stand-in judges
 * them as voicemail-greeting.ts says). The audio is fed in 20 ms chunks and the clock waits for the model
 * after each: the times below are the audio's (the benchmark measures them in real time).
 */

const { machines, people } = voicemailFixtures();
const stt = await startStandInStt();
for (const f of [...machines, ...people]) stt.register(f.text, f.speech);
const model = await startStandInModel();
afterAll(async () => {
  await stt.close();
  await model.close();
});
const classifier = modelGreetingClassifier({
  transcriber: openAiTranscriber({ baseUrl: stt.baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 5_000 }),
  model: createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 }),
  modelName: 'stand-in-small',
});

async function run(f: VoicemailFixture): Promise<{ verdict: Verdict | null; cue: MessageCue | null }> {
  const detector = new VoicemailDetector({ classifier });
  const chunk = PIPELINE_RATE / 50;
  for (let at = 0; at < f.samples.length && !detector.cue; at += chunk) {
    detector.push(f.samples.subarray(at, at + chunk));
    await detector.settled();
    if (detector.verdict && detector.verdict.answeredBy !== 'machine') break;
  }
  detector.stop();
  return { verdict: detector.verdict, cue: detector.cue };
}

describe('the beep (Goertzel)', () => {
  it('finds steady tones of 400–2,000 Hz and their end, and no tone in speech or silence', () => {
    for (const hz of [400, 440, 1000, 1400, 2000]) {
      const tone = beepTone(hz, 200);
      expect(Math.abs(dominantTone(tone.subarray(640, 640 + FRAME_SAMPLES)).hz - hz)).toBeLessThanOrEqual(12.5);
      const detector = new BeepDetector();
      const audio = new Float32Array(tone.length + 4 * FRAME_SAMPLES);
      audio.set(tone);
      const found = [];
      for (let i = 0; i + FRAME_SAMPLES <= audio.length; i += FRAME_SAMPLES) {
        const beep = detector.push(audio.subarray(i, i + FRAME_SAMPLES), ((i + FRAME_SAMPLES) / PIPELINE_RATE) * 1000);
        if (beep) found.push(beep);
      }
      expect(found).toHaveLength(1);
      expect(Math.abs(found[0]!.hz - hz)).toBeLessThanOrEqual(25);
      expect(found[0]!.endMs).toBeGreaterThanOrEqual(180);
    }
    // 100 ms is a click, not a beep; a tone of 300 Hz is below the band.
    for (const [hz, ms] of [
      [1000, 100],
      [300, 400],
    ] as const) {
      const detector = new BeepDetector();
      const audio = new Float32Array(beepTone(hz, ms).length + 4 * FRAME_SAMPLES);
      audio.set(beepTone(hz, ms));
      let found = 0;
      for (let i = 0; i + FRAME_SAMPLES <= audio.length; i += FRAME_SAMPLES) if (detector.push(audio.subarray(i, i + FRAME_SAMPLES), 0)) found += 1;
      expect(found, `${hz} Hz for ${ms} ms`).toBe(0);
    }
    // No fixture's speech holds a beep.
    for (const f of [...machines, ...people]) {
      const detector = new BeepDetector();
      let found = 0;
      for (let i = 0; i + FRAME_SAMPLES <= f.speech.length; i += FRAME_SAMPLES) if (detector.push(f.speech.subarray(i, i + FRAME_SAMPLES), 0)) found += 1;
      expect(found, f.name).toBe(0);
    }
  });
});

describe('the answering-machine detector over the fixtures', () => {
  it('finds the machines (at least 95 %), takes no person for one, and speaks after the beep or the greeting', async () => {
    const machineRuns = await Promise.all(machines.map(run));
    const peopleRuns = await Promise.all(people.map(run));
    const report = [...machines, ...people].map((f, i) => {
      const r = i < machines.length ? machineRuns[i]! : peopleRuns[i - machines.length]!;
      return `${f.name}: ${r.verdict?.answeredBy ?? 'none'} (${r.verdict?.cause ?? ''}) at ${Math.round(r.verdict?.atMs ?? -1)} ms [${r.verdict?.transcript ?? ""}]${r.cue ? `, speak at ${r.cue.atMs} ms by ${r.cue.by}` : ''}`;
    });
    console.info(report.join('\n'));
    const found = machineRuns.filter((r) => r.verdict?.answeredBy === 'machine').length;
    expect(found / machines.length).toBeGreaterThanOrEqual(0.95);
    expect(people.filter((_, i) => peopleRuns[i]!.verdict?.answeredBy === 'machine').map((f) => f.name)).toEqual([]);
    for (const r of peopleRuns) expect(r.verdict?.answeredBy).toBe('human');
    machines.forEach((f, i) => {
      const r = machineRuns[i]!;
      if (r.verdict?.answeredBy !== 'machine') return;
      expect(r.cue, f.name).not.toBeNull();
      if (f.beep) {
        // Right after the beep: its end, to the frame.
        expect(r.cue!.by, f.name).toBe('beep');
        expect(r.cue!.atMs, f.name).toBeGreaterThanOrEqual(f.beep.endMs);
        expect(r.cue!.atMs, f.name).toBeLessThanOrEqual(f.beep.endMs + 60);
      } else {
        expect(r.cue!.by, f.name).toBe('silence');
        expect(r.cue!.atMs, f.name).toBeGreaterThan(f.speechEndMs);
        expect(r.cue!.atMs, f.name).toBeLessThan(f.speechEndMs + 2_500);
      }
    });
  }, 120_000);

  it('without a model, a short greeting and a pause is a person and a long one a machine (app_amd)', async () => {
    const person = people.find((f) => f.text === 'Hello?')!;
    const machine = machines[0]!;
    const decide = async (f: VoicemailFixture) => {
      const detector = new VoicemailDetector({ classifier: null });
      for (let at = 0; at < f.samples.length && !detector.verdict; at += 320) detector.push(f.samples.subarray(at, at + 320));
      return detector.verdict;
    };
    expect(await decide(person)).toMatchObject({ answeredBy: 'human', cause: 'short_greeting' });
    const v = await decide(machine);
    expect(v?.answeredBy).toBe('machine');
    // Nobody speaks: unknown after the initial silence (the call then goes on as a person's).
    const silent = new VoicemailDetector({ classifier: null });
    silent.push(new Float32Array(3 * PIPELINE_RATE));
    expect(silent.verdict).toMatchObject({ answeredBy: 'unknown', cause: 'initial_silence', atMs: 2_500 });
  });
});

describe('the last question, asked ahead', () => {
  it("a person's sentence is decided when app_amd's pause ends, the model's answer (360 ms of audio later) already in", async () => {
    const laura = people.find((f) => f.text.startsWith('Good morning, this is Laura'))!;
    // A model that answers 18 chunks (360 ms) after it is asked: 'human' once the question is in what it heard.
    const pending: { due: number; resolve: () => void }[] = [];
    let chunks = 0;
    const asked: number[] = [];
    const slow = {
      classify: (samples: Float32Array) => {
        asked.push((samples.length / PIPELINE_RATE) * 1000);
        // The last word's quiet tail is under the voice level: within 150 ms of the speech's end is all of it.
        const heardAll = (samples.length / PIPELINE_RATE) * 1000 >= laura.speechEndMs - 150;
        return new Promise<{ kind: 'human' | 'unsure'; text: string }>((resolve) => {
          pending.push({ due: chunks + 18, resolve: () => resolve({ kind: heardAll ? 'human' : 'unsure', text: heardAll ? laura.text : '' }) });
        });
      },
    };
    const detector = new VoicemailDetector({ classifier: slow });
    const chunk = PIPELINE_RATE / 50;
    for (let at = 0; at < laura.samples.length && !detector.verdict; at += chunk) {
      detector.push(laura.samples.subarray(at, at + chunk));
      chunks += 1;
      for (const p of pending.filter((q) => q.due === chunks)) p.resolve();
      await Promise.resolve();
      await new Promise((r) => setImmediate(r));
    }
    expect(detector.verdict).toMatchObject({ answeredBy: 'human', cause: 'model' });
    // The pause is 800 ms after the last voiced frame (the word's quiet tail, up to ~100 ms, is under the voice
    // level); without the question asked ahead it would be 800 + 360 ms.
    expect(detector.verdict!.atMs - laura.speechEndMs).toBeGreaterThanOrEqual(650);
    expect(detector.verdict!.atMs - laura.speechEndMs).toBeLessThanOrEqual(840);
    // Asked while the greeting spoke (every 300 ms of voice), and once ahead of the pause's end.
    expect(asked.some((ms) => ms > laura.speechEndMs - 150 && ms < laura.speechEndMs + 400)).toBe(true);
  });
});
