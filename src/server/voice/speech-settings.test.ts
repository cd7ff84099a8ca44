import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../auth/tokens';
import type { DatabaseHandle } from '../db/connect';
import { mulberry32 } from '../engine/random';
import { createChatModel } from '../model/openai-compatible';
import type { ChatModel } from '../model/chat-model';
import { espeakSource, probeEspeak } from '../speech/espeak';
import type { SpeechRequest, SpeechSource } from '../speech/speech';
import { pcmOf, rmsBetween } from '../test/audio';
import { insertAssistant } from '../test/fixtures';
import { setUpVoiceAssistant, type VoiceAssistantSpec } from '../test/order-tool';
import { openTestPglite } from '../test/pglite-snapshot';
import { conversation, GERMAN_HELLO, startStandInModel, type StandInModel } from '../test/stand-ins/model';
import { startStandInStt, type StandInStt } from '../test/stand-ins/transcription';
import { CallerFeed, espeakSpeech, RecordingSink, RecordingTransport, rms } from '../test/voice-call';
import { PIPELINE_RATE, type VoiceSessionInput } from './session-types';
import { startVoiceSession, type VoiceDeps } from './start-session';
import { openAiTranscriber } from './transcriber';
import { sileroVad, type VadFactory } from './vad';

/*
 * The assistant's speech settings in calls you can hear (session.test.ts's set-up: a session driven in real
 * time, eSpeak NG as the caller and the assistant, the stand-in transcription and model servers, embedded
 * PGlite for the assistant): secondary languages (a German caller of an English assistant is answered in
 * German, in a German voice), max_initial_silence_duration, and enable_noise_cancellation on a noisy line.
 */

const GERMAN = 'Guten Tag, ich habe eine Frage zu meiner Rechnung.';
const ENGLISH = 'Hello, I have a question about my bill.';

let handle: DatabaseHandle;
let alice: { id: number };
let model: StandInModel;
let stt: StandInStt;
let chat: ChatModel;
let speech: SpeechSource;
let vad: VadFactory;
const spoken: SpeechRequest[] = [];
const speechOf: Record<string, Float32Array> = {};

beforeAll(async () => {
  handle = await openTestPglite();
  alice = { id: (await issueToken(handle.db, 'alice@example.com')).userId };
  model = await startStandInModel({ fallback: conversation });
  stt = await startStandInStt();
  chat = createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 });
  const espeak = await probeEspeak('espeak-ng');
  if (!espeak) throw new Error('espeak-ng is needed for the voice tests');
  const source = espeakSource(espeak, 10_000);
  // eSpeak NG for real; each request is kept, to see which language's voice spoke.
  speech = { ...source, synthesize: (r) => (spoken.push(r), source.synthesize(r)) };
  vad = await sileroVad();
  // The German caller is eSpeak NG's German voice; the stand-in knows the phrase as German.
  speechOf[GERMAN] = espeakSpeech(GERMAN, 'de+m3');
  stt.register(GERMAN, speechOf[GERMAN], undefined, 'de');
  speechOf[ENGLISH] = espeakSpeech(ENGLISH);
  stt.register(ENGLISH, speechOf[ENGLISH]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await model?.close();
  await stt?.close();
});

async function assistant(spec: VoiceAssistantSpec): Promise<number> {
  const row = await insertAssistant(handle.db, alice.id);
  await setUpVoiceAssistant(handle.db, alice.id, row.id, 'http://127.0.0.1:9', spec);
  return row.id;
}

async function languageId(iso: string): Promise<number> {
  return (await handle.db.selectFrom('languages').select('id').where('iso_2', '=', iso).executeTakeFirstOrThrow()).id;
}

interface Call {
  transport: RecordingTransport;
  sink: RecordingSink;
  feed: CallerFeed;
  input: VoiceSessionInput;
  startedPerf: number;
}

async function call(assistantId: number, noise?: (samples: Float32Array) => Float32Array): Promise<Call> {
  const transport = new RecordingTransport();
  const sink = new RecordingSink();
  let input: VoiceSessionInput | null = null;
  // The line's noise (when given) is added to everything the caller's side sends, speech and silence alike.
  const feed = new CallerFeed(() => (input && noise ? { pushAudio: (s) => input!.pushAudio(noise(s)), end: (r) => input!.end(r) } : input));
  const deps: VoiceDeps = {
    db: handle.db,
    model: chat,
    transcriber: openAiTranscriber({ baseUrl: stt.baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 5_000 }),
    speech,
    vad,
    allowPrivateUrls: true,
    log: () => undefined,
  };
  const startedPerf = performance.now();
  input = await startVoiceSession(deps, { callId: 1, userId: alice.id, assistantId, variables: {}, direction: 'web', answeredAt: Date.now() }, transport, sink);
  feed.start();
  return { transport, sink, feed, input, startedPerf };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('secondary languages', () => {
  it('a German caller of an English assistant with German as a secondary language is answered in German, in a German voice', async () => {
    const id = await assistant({ secondary_language_ids: JSON.stringify([await languageId('de')]) });
    const c = await call(id);
    try {
      await sleep(300);
      const before = { stt: stt.requests.length, model: model.requests.length, speech: spoken.length };
      await c.feed.say(speechOf[GERMAN]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.type === 'message'), 15_000, 'the answer');
      const human = c.sink.entries.find((e) => e.sender === 'human')!;
      const bot = c.sink.entries.find((e) => e.sender === 'bot')!;
      expect(human.text).toBe(GERMAN);
      expect(bot.text).toBe(GERMAN_HELLO);
      // Transcription was asked without a language, for verbose_json, and answered "german".
      const asked = stt.requests.slice(before.stt).find((r) => r.text === GERMAN)!;
      expect(asked).toMatchObject({ language: null, responseFormat: 'verbose_json' });
      // The model was told both languages and that the caller speaks German now.
      const system = String(model.requests.slice(before.model).at(-1)!.body.messages[0]!.content);
      expect(system).toContain('You speak English and German. Answer in the language the caller speaks');
      expect(system).not.toContain('Always answer in English');
      expect(system).toMatch(/The caller speaks German now: answer in German\.$/);
      // The answer was spoken by eSpeak NG's German voice, and was heard.
      const said = spoken.slice(before.speech).filter((r) => GERMAN_HELLO.includes(r.text));
      expect(said.length).toBeGreaterThan(0);
      for (const r of said) expect(r.language).toBe('de');
      const first = c.transport.firstSound(c.feed.onsets[0])!;
      expect(first).not.toBeNull();
      expect(c.transport.rmsBetween(first, first + 800)).toBeGreaterThan(0.03);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('the same assistant answers an English caller in English, with the English voice', async () => {
    const id = await assistant({ secondary_language_ids: JSON.stringify([await languageId('de')]) });
    const c = await call(id);
    try {
      await sleep(300);
      const before = { model: model.requests.length, speech: spoken.length };
      await c.feed.say(speechOf[ENGLISH]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.type === 'message'), 15_000, 'the answer');
      expect(c.sink.entries.find((e) => e.sender === 'bot')!.text).toBe('Hello from the stand-in model.');
      expect(String(model.requests.slice(before.model).at(-1)!.body.messages[0]!.content)).toMatch(/The caller speaks English now: answer in English\.$/);
      const said = spoken.slice(before.speech);
      expect(said.length).toBeGreaterThan(0);
      for (const r of said) expect(r.language).toBe('en');
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('without secondary languages, transcription is asked in the assistant language for plain json, and the prompt is as before', async () => {
    const id = await assistant({});
    const c = await call(id);
    try {
      await sleep(300);
      const before = { stt: stt.requests.length, model: model.requests.length };
      await c.feed.say(speechOf[ENGLISH]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.type === 'message'), 15_000, 'the answer');
      expect(stt.requests.slice(before.stt).find((r) => r.text === ENGLISH)).toMatchObject({ language: 'en', responseFormat: 'json' });
      const system = String(model.requests.slice(before.model).at(-1)!.body.messages[0]!.content);
      expect(system).toContain('Always answer in English');
      expect(system).not.toContain('The caller speaks');
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);
});

describe('max_initial_silence_duration', () => {
  it('a caller who says nothing is hung up on after it (initial_silence), the greeting notwithstanding', async () => {
    const id = await assistant({ max_initial_silence_duration: 2, initial_message: 'Hello, this is Acme.' });
    const c = await call(id);
    try {
      await c.sink.until(() => c.sink.result !== null, 10_000, 'the end');
      const tookMs = performance.now() - c.startedPerf;
      expect(c.transport.hungUp).toBe('initial_silence');
      expect(c.sink.result!.reason).toBe('initial_silence');
      expect(tookMs).toBeGreaterThan(1_900);
      expect(tookMs).toBeLessThan(6_000);
      expect(c.sink.entries.filter((e) => e.sender === 'human')).toHaveLength(0);
    } finally {
      c.feed.stop();
    }
  }, 20_000);

  it('a caller who speaks within it keeps the line', async () => {
    const id = await assistant({ max_initial_silence_duration: 2 });
    const c = await call(id);
    try {
      await sleep(300);
      await c.feed.say(speechOf[ENGLISH]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot'), 15_000, 'the answer');
      await sleep(Math.max(0, 2_500 - (performance.now() - c.startedPerf)));
      expect(c.transport.hungUp).toBeNull();
      expect(c.sink.result).toBeNull();
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);
});

describe('enable_noise_cancellation', () => {
  // Without suppression the same call fails: the transcription stand-in does not recognise the phrase under the noise.
  it('a caller on a noisy line (10 dB SNR) is heard through RNNoise and answered', async () => {
    const id = await assistant({ enable_noise_cancellation: true });
    const random = mulberry32(5);
    const level = rms(speechOf[ENGLISH]!) / 10 ** (10 / 20);
    let y = 0;
    // Steady band-limited noise under everything the caller's side sends, speech at 10 dB over it.
    const noisy = (s: Float32Array) =>
      s.map((v) => {
        y = 0.7 * y + 0.3 * (random() * 2 - 1);
        return v + y * level * 3.2;
      });
    let sentNoise = 0;
    let sentSamples = 0;
    const c = await call(id, (s) => {
      const out = noisy(s);
      // The noise sent in the first second (the caller silent): what the recording is compared with.
      if (sentSamples < PIPELINE_RATE) {
        sentNoise += out.reduce((a, v) => a + v * v, 0);
        sentSamples += out.length;
      }
      return out;
    });
    try {
      await sleep(1_200);
      await c.feed.say(speechOf[ENGLISH]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.type === 'message'), 15_000, 'the answer');
      expect(c.sink.entries.filter((e) => e.sender === 'human').map((e) => e.text)).toEqual([ENGLISH]);
      await c.input.end('caller_ended');
      await c.sink.until(() => c.sink.result !== null, 5_000, 'the end');
      expect(c.sink.result!.reason).toBe('caller_ended');
      // The recording keeps the caller as the pipeline heard them: the noise before they spoke mostly gone.
      const noiseSent = Math.sqrt(sentNoise / sentSamples) * 32768;
      const noiseHeard = rmsBetween(pcmOf(c.sink.result!.wav), 0.5, 1.0);
      expect(20 * Math.log10(noiseSent / noiseHeard)).toBeGreaterThan(10);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);
});
