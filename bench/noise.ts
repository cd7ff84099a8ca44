/*
 * `npm run bench:noise -- [--seconds 60] [--snr 10]`: what enable_noise_cancellation buys on a noisy line. A caller's side of a
 * call (eSpeak NG sentences with pauses between, during which the assistant "speaks") is mixed with babble (six
 * eSpeak NG voices talking at once), a café's two voices with pauses, a fan's white noise, or street noise (sox's brown and pink noise, low-passed and slowly swelling) at
 * 10 dB SNR, and run through the real Silero detector (voice/vad.ts) and turn detector (voice/turn-detector.ts) at
 * the default sensitivities, once as it is and once through RNNoise (voice/noise/suppressor.ts) first, in 20 ms
 * pushes as a call's audio comes. Counted per minute of audio:
 *   - false barge-ins: a barge-in whose onset lies in a pause of the caller's (the assistant talking, nobody over it);
 *   - false turn ends: a turn end (voiced ≥ 150 ms, as the session takes one) that is not the end of a sentence the
 *     caller said: noise taken for a turn, or a sentence cut in two;
 *   - missed turns: a sentence of the caller's whose end no turn end marks.
 * Also RNNoise's CPU per call-minute (the suppressor's own time over the audio it denoised) and its load.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { readWav, resample } from '../src/server/audio/pcm';
import { mulberry32 } from '../src/server/engine/random';
import { loadRnnoise, NoiseSuppressor } from '../src/server/voice/noise/suppressor';
import { PIPELINE_RATE } from '../src/server/voice/session-types';
import { TurnDetector, turnTimings, type TurnEvent } from '../src/server/voice/turn-detector';
import { sileroVad, VAD_FRAME } from '../src/server/voice/vad';
import { type Figure, runBench, startBench } from './lib/report';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, snr: { type: 'string', default: '10' } } });
const SECONDS = Math.max(20, Number(args.seconds) || 60);
/** Speech over noise (dB): 10 unless `--snr` says otherwise. */
const SNR_DB = Number.isFinite(Number(args.snr)) ? Number(args.snr) : 10;
/** As the session (session.ts): shorter voiced speech is a click, not a turn. */
const MIN_UTTERANCE_MS = 150;
/** A turn end within this long after a sentence's end is that sentence's (the pause itself is 650 ms at the default). */
const MATCH_AFTER_MS = 1_500;

const CALLER = [
  'Hello, I am calling about my order from last week.',
  'It was supposed to arrive on Monday, but nothing came.',
  'The order number is A 1 2 3 4.',
  'Yes, that is the right address.',
  'Could you check with the courier, please?',
  'I would also like to change my phone number.',
  'The new one ends in four five six.',
  'No, that is everything, thank you.',
  'Actually, one more thing about the invoice.',
  'It shows the wrong amount for shipping.',
];
const BABBLE = [
  'The weather has been lovely this week and we went to the park twice with the children.',
  'I told him the meeting was moved to Thursday but he never reads his email anyway.',
  'Can you pass me the sugar, and do you know where the small spoons have gone?',
  'We are thinking about a holiday in the mountains, maybe in September when it is quieter.',
  'The train was late again this morning, the third time since the timetable changed.',
  'She bought a new bicycle, a blue one, and rides it to work every single day now.',
];
const BABBLE_VOICES = ['en-us+f2', 'en-gb+m1', 'en-us+m4', 'en-gb+f4', 'en-us+m7', 'en+f3'];

function espeak(text: string, voice: string, wpm = 165): Float32Array {
  const run = spawnSync('espeak-ng', ['-v', voice, '-s', String(wpm), '-b', '1', '--stdout'], { input: text, maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`espeak-ng failed: ${run.stderr.toString()}`);
  return resample(readWav(run.stdout), PIPELINE_RATE).samples;
}

function sox(effects: string[]): Float32Array {
  const run = spawnSync('sox', ['-n', '-r', String(PIPELINE_RATE), '-b', '16', '-c', '1', '-t', 'wav', '-', 'synth', String(SECONDS), ...effects], { maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`sox failed: ${run.stderr.toString()}`);
  return readWav(run.stdout).samples;
}

const rms = (s: Float32Array) => Math.sqrt(s.reduce((a, v) => a + v * v, 0) / Math.max(1, s.length));

interface Timeline {
  samples: Float32Array;
  /** The caller's sentences, ms. */
  sentences: { startMs: number; endMs: number }[];
  /** When the assistant talks (the caller's pauses, after a reply's delay), ms. */
  assistant: { startMs: number; endMs: number }[];
}

/** The caller's side: sentences with 3–5 s pauses; the assistant talks from 0.9 s into a pause to 0.4 s before its end. */
function callerTimeline(): Timeline {
  const total = SECONDS * PIPELINE_RATE;
  const samples = new Float32Array(total);
  const random = mulberry32(39);
  const sentences: Timeline['sentences'] = [];
  const assistant: Timeline['assistant'] = [];
  const said = CALLER.map((t) => espeak(t, 'en-us+m3'));
  let at = Math.round(1.0 * PIPELINE_RATE);
  for (let i = 0; ; i++) {
    const s = said[i % said.length]!;
    if (at + s.length > total) break;
    samples.set(s, at);
    // The spoken part's own span (eSpeak pads with a little silence).
    let first = 0;
    let last = s.length - 1;
    while (first < s.length && Math.abs(s[first]!) < 0.01) first++;
    while (last > first && Math.abs(s[last]!) < 0.01) last--;
    sentences.push({ startMs: ((at + first) / PIPELINE_RATE) * 1000, endMs: ((at + last) / PIPELINE_RATE) * 1000 });
    const end = at + s.length;
    const pause = Math.round((3 + 2 * random()) * PIPELINE_RATE);
    assistant.push({ startMs: (end / PIPELINE_RATE) * 1000 + 900, endMs: ((end + pause) / PIPELINE_RATE) * 1000 - 400 });
    at = end + pause;
  }
  return { samples, sentences, assistant };
}

/**
 * Voices talking at once, each its sentences over and over from its own offset: `voices` of them, with pauses of
 * `pauseS` (a range) between their sentences. Six without pauses is a crowd's babble; two with pauses a café's.
 */
function babble(voices: number, pauseS: readonly [number, number]): Float32Array {
  const total = SECONDS * PIPELINE_RATE;
  const out = new Float32Array(total);
  const random = mulberry32(11 + voices);
  BABBLE_VOICES.slice(0, voices).forEach((voice, v) => {
    const talk = BABBLE.map((t) => espeak(t, voice, 150 + 10 * v));
    let at = -Math.round(v * 0.7 * PIPELINE_RATE);
    for (let k = v; at < total; k++) {
      const sentence = talk[k % talk.length]!;
      for (let i = 0; i < sentence.length; i++) {
        const j = at + i;
        if (j >= 0 && j < total) out[j]! += sentence[i]!;
      }
      at += sentence.length + Math.round((pauseS[0] + (pauseS[1] - pauseS[0]) * random()) * PIPELINE_RATE);
    }
  });
  return out;
}

/**
 * Traffic: brown noise low-passed (the rumble) and pink noise band-passed (tyres, wind), slowly swelling (sox), with
 * what a street adds to it: a car passing every 5–8 s (the hiss swelling to four times over 2.5 s) and a horn
 * (420 + 520 Hz, half a second) every 10–16 s, at seeded times that fall in speech and pauses alike.
 */
function street(): Float32Array {
  const rumble = sox(['brownnoise', 'lowpass', '800', 'tremolo', '0.15', '40']);
  const hiss = sox(['pinknoise', 'sinc', '300-4000', 'tremolo', '0.23', '60']);
  const n = Math.min(rumble.length, hiss.length);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = rumble[i]! + 0.5 * hiss[i]!;
  const random = mulberry32(7);
  const level = rms(out);
  for (let at = 2 * PIPELINE_RATE; at < n; at += Math.round((5 + 3 * random()) * PIPELINE_RATE)) {
    const len = Math.round(2.5 * PIPELINE_RATE);
    for (let i = 0; i < len && at + i < n; i++) out[at + i]! += 1.5 * hiss[at + i]! * Math.sin((Math.PI * i) / len) ** 2 * 3;
  }
  for (let at = 4 * PIPELINE_RATE; at < n; at += Math.round((10 + 6 * random()) * PIPELINE_RATE)) {
    const len = Math.round(0.5 * PIPELINE_RATE);
    for (let i = 0; i < len && at + i < n; i++) {
      const t = i / PIPELINE_RATE;
      const edge = Math.min(1, i / 160, (len - i) / 160);
      out[at + i]! += 2 * level * edge * (Math.sign(Math.sin(2 * Math.PI * 420 * t)) + Math.sign(Math.sin(2 * Math.PI * 520 * t))) * 0.5;
    }
  }
  return out;
}

/** The caller's side with `noise` under it at SNR_DB (speech level over its sentences). */
function mix(timeline: Timeline, noise: Float32Array): Float32Array {
  const speechParts = timeline.sentences.map((s) => timeline.samples.subarray(Math.round((s.startMs / 1000) * PIPELINE_RATE), Math.round((s.endMs / 1000) * PIPELINE_RATE)));
  const speechLevel = Math.sqrt(speechParts.reduce((a, p) => a + rms(p) ** 2 * p.length, 0) / speechParts.reduce((a, p) => a + p.length, 0));
  const scale = speechLevel / 10 ** (SNR_DB / 20) / rms(noise);
  return timeline.samples.map((v, i) => Math.max(-1, Math.min(1, v + (noise[i] ?? 0) * scale)));
}

function denoise(samples: Float32Array, suppressor: NoiseSuppressor): Float32Array {
  const out = new Float32Array(samples.length);
  let filled = 0;
  const chunk = PIPELINE_RATE / 50;
  for (let at = 0; at < samples.length; at += chunk) {
    const part = suppressor.push(samples.subarray(at, at + chunk));
    out.set(part.subarray(0, out.length - filled), filled);
    filled += part.length;
  }
  return out;
}

interface Counts {
  falseBargeIns: number;
  falseTurnEnds: number;
  missedTurns: number;
  turnEnds: number;
}

async function detect(samples: Float32Array, timeline: Timeline): Promise<Counts> {
  const vad = (await sileroVad()).create();
  const detector = new TurnDetector(turnTimings({ endpointSensitivity: 2.5, endpointType: 'vad', interruptSensitivity: 2.5 }));
  const events: TurnEvent[] = [];
  const frameMs = (VAD_FRAME / PIPELINE_RATE) * 1000;
  for (let f = 0; (f + 1) * VAD_FRAME <= samples.length; f++) {
    const endMs = (f + 1) * frameMs;
    const p = await vad.probability(samples.slice(f * VAD_FRAME, (f + 1) * VAD_FRAME));
    detector.assistantActive = timeline.assistant.some((a) => endMs >= a.startMs && endMs < a.endMs);
    events.push(...detector.update(p, endMs));
  }
  const inSentence = (ms: number) => timeline.sentences.some((s) => ms >= s.startMs - 150 && ms <= s.endMs + 150);
  const falseBargeIns = events.filter((e) => e.type === 'barge_in' && !inSentence(e.onsetMs)).length;
  const ends = events.filter((e): e is Extract<TurnEvent, { type: 'speech_end' }> => e.type === 'speech_end' && e.voicedMs >= MIN_UTTERANCE_MS);
  const matched = new Set<number>();
  let falseTurnEnds = 0;
  for (const e of ends) {
    const i = timeline.sentences.findIndex((s, k) => !matched.has(k) && e.startMs <= s.endMs && e.endMs >= s.endMs - 300 && e.endMs <= s.endMs + MATCH_AFTER_MS);
    if (i < 0) falseTurnEnds += 1;
    else matched.add(i);
  }
  return { falseBargeIns, falseTurnEnds, missedTurns: timeline.sentences.length - matched.size, turnEnds: ends.length };
}

const bench = startBench('noise');

async function main() {
  bench.progress(`making ${SECONDS} s of the caller's side and the noises`);
  const timeline = callerTimeline();
  // A fan or a bad line's hiss: steady white noise over the telephone band.
  const fan = sox(['whitenoise', 'sinc', '200-7000']);
  const noises = { babble: babble(6, [0.1, 0.4]), 'café (two voices)': babble(2, [1, 3]), street: street(), 'fan (white noise)': fan };
  const minutes = SECONDS / 60;
  const perMinute = (n: number) => Math.round((n / minutes) * 10) / 10;
  const figures: Figure[] = [];
  const details: Record<string, unknown> = { seconds: SECONDS, snr_db: SNR_DB, sentences: timeline.sentences.length };

  const clean = await detect(timeline.samples, timeline);
  figures.push({ name: 'clean line: false barge-ins / false turn ends / missed turns per minute', value: `${perMinute(clean.falseBargeIns)} / ${perMinute(clean.falseTurnEnds)} / ${perMinute(clean.missedTurns)}` });
  details.clean = clean;

  const rnnoise = await loadRnnoise();
  let cpuMs = 0;
  let audioMs = 0;
  for (const [kind, noise] of Object.entries(noises)) {
    const mixed = mix(timeline, noise);
    bench.progress(`${kind}: the detector over the noisy line`);
    const off = await detect(mixed, timeline);
    bench.progress(`${kind}: through RNNoise, then the detector`);
    const suppressor = new NoiseSuppressor(rnnoise, PIPELINE_RATE);
    const cpu0 = process.cpuUsage();
    const denoised = denoise(mixed, suppressor);
    const cpu = process.cpuUsage(cpu0);
    suppressor.destroy();
    cpuMs += (cpu.user + cpu.system) / 1000;
    audioMs += suppressor.audioMs;
    const on = await detect(denoised, timeline);
    details[kind] = { off, on };
    for (const [label, c] of [
      ['without suppression', off],
      ['with RNNoise', on],
    ] as const) {
      figures.push({ name: `${kind} at ${SNR_DB} dB, ${label}: false barge-ins per minute`, value: perMinute(c.falseBargeIns) });
      figures.push({ name: `${kind} at ${SNR_DB} dB, ${label}: false turn ends per minute`, value: perMinute(c.falseTurnEnds) });
      figures.push({ name: `${kind} at ${SNR_DB} dB, ${label}: missed turns per minute`, value: perMinute(c.missedTurns) });
    }
  }
  figures.push({ name: 'RNNoise CPU per call-minute', value: Math.round(cpuMs / (audioMs / 60_000)), unit: 'ms' });
  details.rnnoise_cpu_ms = Math.round(cpuMs);
  details.rnnoise_audio_ms = Math.round(audioMs);
  bench.finish(figures, details);
}

runBench(main);
