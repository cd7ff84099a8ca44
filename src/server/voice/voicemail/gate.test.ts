import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../auth/tokens';
import type { DatabaseHandle } from '../../db/connect';
import { createChatModel } from '../../model/openai-compatible';
import { espeakSource, probeEspeak } from '../../speech/espeak';
import type { SpeechSource } from '../../speech/speech';
import { insertAssistant } from '../../test/fixtures';
import { setUpVoiceAssistant, type VoiceAssistantSpec } from '../../test/order-tool';
import { openTestPglite } from '../../test/pglite-snapshot';
import { startStandInModel, type StandInModel } from '../../test/stand-ins/model';
import { startStandInStt, type StandInStt } from '../../test/stand-ins/transcription';
import { CallerFeed, RecordingSink, RecordingTransport } from '../../test/voice-call';
import { voicemailFixtures, type VoicemailFixture } from '../../test/voicemail-fixtures';
import type { VoiceSessionInput } from '../session-types';
import { startVoiceSession, type VoiceDeps } from '../start-session';
import { openAiTranscriber } from '../transcriber';
import { sileroVad, type VadFactory } from '../vad';

/*
 * The voicemail gate on a line without the carrier's detection: the web call of an outbound assistant, where its
 * user tests what it does on a machine by playing a greeting into the browser. The real pipeline's door
 * (start-session.ts), our own detector (transcription and model stand-ins), eSpeak NG as the assistant's voice;
 * the callee is a fixture fed in real time. Times are performance.now(), from the first chunk fed.
 */

const GREETING = 'Hello, this is Acme calling about your order.';
const MESSAGE = 'Hi, this is Acme. Your order is ready. Please call us back.';
const { machines, people } = voicemailFixtures();
const withBeep = machines[0]!;
const person = people.find((f) => f.text === 'Hello, Peter Brown speaking.')!;

let handle: DatabaseHandle;
let alice: { id: number };
let model: StandInModel;
let stt: StandInStt;
let speech: SpeechSource;
let vad: VadFactory;

beforeAll(async () => {
  handle = await openTestPglite();
  alice = { id: (await issueToken(handle.db, 'alice@example.com')).userId };
  model = await startStandInModel({ fallback: { text: 'Great, thanks.' } });
  stt = await startStandInStt();
  for (const f of [withBeep, person]) stt.register(f.text, f.speech);
  const espeak = await probeEspeak('espeak-ng');
  if (!espeak) throw new Error('espeak-ng is needed for the voice tests');
  speech = espeakSource(espeak, 10_000);
  vad = await sileroVad();
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await model?.close();
  await stt?.close();
});

async function assistant(spec: VoiceAssistantSpec): Promise<number> {
  const row = await insertAssistant(handle.db, alice.id, { type: 'outbound' });
  await setUpVoiceAssistant(handle.db, alice.id, row.id, '', { initial_message: GREETING, ...spec });
  return row.id;
}

async function webCall(assistantId: number, callee: VoicemailFixture) {
  const transport = new RecordingTransport();
  const sink = new RecordingSink();
  let input: VoiceSessionInput | null = null;
  const feed = new CallerFeed(() => input);
  const deps: VoiceDeps = {
    db: handle.db,
    model: createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 }),
    transcriber: openAiTranscriber({ baseUrl: stt.baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 5_000 }),
    speech,
    vad,
    allowPrivateUrls: true,
    log: () => undefined,
  };
  input = await startVoiceSession(deps, { callId: 1, userId: alice.id, assistantId, variables: {}, direction: 'web', answeredAt: Date.now() }, transport, sink);
  const t0 = performance.now();
  feed.start();
  void feed.say(callee.samples);
  return { transport, sink, feed, input, t0 };
}

describe('the voicemail gate on a web call of an outbound assistant (our own detector)', () => {
  it('says nothing to the machine, leaves the message after its beep and hangs up: the call ends as voicemail', async () => {
    const c = await webCall(await assistant({ voice_mail_message: MESSAGE }), withBeep);
    try {
      await c.sink.until(() => c.sink.result !== null, 25_000, 'the voicemail to end');
      const beepEnd = c.t0 + withBeep.beep!.endMs;
      const first = c.transport.firstSound(0)!;
      console.info(`web voicemail: beep ended ${Math.round(beepEnd - c.t0)} ms, the message from ${Math.round(first - c.t0)} ms`);
      expect(c.transport.rmsBetween(0, beepEnd)).toBe(0);
      expect(first).toBeGreaterThanOrEqual(beepEnd - 40);
      expect(first - beepEnd).toBeLessThan(1_000);
      expect(c.transport.hungUp).toBe('voicemail');
      const result = c.sink.result!;
      expect(result.reason).toBe('voicemail');
      expect(result.entries.map((e) => e.sender)).toEqual(['human', 'bot']);
      expect(result.entries[0]!.text).toMatch(/voicemail of John Miller/);
      expect(result.entries[1]!.text).toBe(MESSAGE);
      // The recording holds both: the greeting and the beep, then the message.
      expect(result.audioMs).toBeGreaterThan(withBeep.beep!.endMs + 2_000);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 40_000);

  it('a person answering with their name: the greeting follows the verdict, and the call goes on', async () => {
    const c = await webCall(await assistant({ voice_mail_message: MESSAGE, end_call_on_voicemail: true }), person);
    try {
      const spoke = await new Promise<number>((resolve, reject) => {
        const t = setInterval(() => {
          const at = c.transport.firstSound(0);
          if (at !== null) {
            clearInterval(t);
            resolve(at);
          } else if (performance.now() - c.t0 > 15_000) {
            clearInterval(t);
            reject(new Error('no greeting'));
          }
        }, 20);
      });
      console.info(`web person: their words ended ${Math.round(person.speechEndMs)} ms, the greeting from ${Math.round(spoke - c.t0)} ms`);
      // After their words and app_amd's pause, and not much later.
      expect(spoke - c.t0).toBeGreaterThan(person.speechEndMs + 700);
      expect(spoke - c.t0).toBeLessThan(person.speechEndMs + 3_000);
      expect(c.transport.hungUp).toBeNull();
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.text === GREETING), 15_000, 'the greeting entry');
    } finally {
      c.feed.stop();
      await c.input.end('caller_ended');
    }
    expect(c.sink.result!.reason).toBe('caller_ended');
  }, 40_000);

  it('an outbound assistant without voicemail settings greets at once on a web call, as before', async () => {
    const c = await webCall(await assistant({}), person);
    try {
      const spoke = await new Promise<number>((resolve) => {
        const t = setInterval(() => {
          const at = c.transport.firstSound(0);
          if (at !== null) {
            clearInterval(t);
            resolve(at);
          }
        }, 20);
      });
      expect(spoke - c.t0).toBeLessThan(person.speechStartMs + 300);
    } finally {
      c.feed.stop();
      await c.input.end('caller_ended');
    }
  }, 30_000);

  it('a wait_for_customer assistant greets the person who already said their words (it does not wait for more)', async () => {
    const c = await webCall(await assistant({ voice_mail_message: MESSAGE, wait_for_customer: true }), person);
    try {
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.text === GREETING), 15_000, 'the greeting');
      const spoke = c.transport.firstSound(0)!;
      expect(spoke - c.t0).toBeLessThan(person.speechEndMs + 3_000);
    } finally {
      c.feed.stop();
      await c.input.end('caller_ended');
    }
  }, 30_000);
});
