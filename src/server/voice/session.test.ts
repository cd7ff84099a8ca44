import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatModel } from '../model/openai-compatible';
import type { ChatModel } from '../model/chat-model';
import { espeakSource, probeEspeak } from '../speech/espeak';
import type { SpeechSource } from '../speech/speech';
import { pcmOf, rmsBetween } from '../test/audio';
import { insertAssistant } from '../test/fixtures';
import { setUpVoiceAssistant, type VoiceAssistantSpec } from '../test/order-tool';
import { issueToken } from '../auth/tokens';
import type { DatabaseHandle } from '../db/connect';
import { openTestPglite } from '../test/pglite-snapshot';
import { startStandInModel, type SeenRequest, type Scripted, type StandInModel } from '../test/stand-ins/model';
import { startStandInStt, type StandInStt } from '../test/stand-ins/transcription';
import { CallerFeed, espeakSpeech, RecordingSink, RecordingTransport } from '../test/voice-call';
import type { VoiceSessionInput } from './session-types';
import { startVoiceSession, type VoiceDeps } from './start-session';
import { openAiTranscriber } from './transcriber';
import { sileroVad, type VadFactory } from './vad';

/*
 * Calls you can hear, without a socket: a session driven in real time by a recording transport, the caller's
 * voice from eSpeak NG, the stand-in transcription server (it knows the caller's phrases by their sound), the
 * stand-in model (streaming, tool calls), a tool server, and eSpeak NG as the assistant's voice. The database
 * only holds the assistant the session reads: embedded PGlite, without the HTTP service (the real-time work
 * is the same on either database, so this file runs once, not again on PostgreSQL).
 */

const ORDER = 'Where is my order A-1234?';
const STOP = 'No, wait, I have a question.';
const BYE = 'Thank you, goodbye.';
const OKAY = 'Okay.';
const FIRST_HALF = 'I need help with';
const SECOND_HALF = 'my new phone please.';
const GREETING_LONG =
  'Hello and welcome to Acme support. We are open from nine in the morning until six in the evening on weekdays. On Saturdays we open at ten and close at four. How can I help you today?';

let handle: DatabaseHandle;
let alice: { id: number };
let model: StandInModel;
let stt: StandInStt;
let chat: ChatModel;
let speech: SpeechSource;
let vad: VadFactory;
let tools: http.Server;
let toolBase = '';
const toolCalls: unknown[] = [];
let toolDelayMs = 0;
const speechOf: Record<string, Float32Array> = {};

const text = (c: unknown) => (typeof c === 'string' ? c : '');

/** The silence at the end of a phrase's audio (eSpeak NG ends each in ~300 ms of it). */
function trailingSilenceMs(samples: Float32Array): number {
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]!) <= 0.001) last -= 1;
  return ((samples.length - 1 - last) / 16_000) * 1000;
}

function assistantScript(req: SeenRequest): Scripted {
  const last = req.body.messages.at(-1);
  if (last?.role === 'tool') return { text: `Your order ${/"order":"([\w-]+)"/.exec(text(last.content))?.[1] ?? ''} has shipped. It arrives on Friday.` };
  if (last?.role === 'user' && /said nothing/.test(text(last.content))) return { text: 'Are you still there?' };
  if (last?.role === 'user' && /goodbye/i.test(text(last.content))) return { text: 'Goodbye and have a nice day.', toolCalls: [{ name: 'end_call', arguments: {} }] };
  if (last?.role === 'user' && /order/i.test(text(last.content))) return { toolCalls: [{ name: 'order_status', arguments: { order_id: 'A-1234' } }] };
  return { text: 'Of course. What is your question?' };
}

beforeAll(async () => {
  handle = await openTestPglite();
  alice = { id: (await issueToken(handle.db, 'alice@example.com')).userId };
  model = await startStandInModel({ fallback: assistantScript });
  stt = await startStandInStt();
  chat = createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 });
  const espeak = await probeEspeak('espeak-ng');
  if (!espeak) throw new Error('espeak-ng is needed for the voice tests');
  speech = espeakSource(espeak, 10_000);
  vad = await sileroVad();
  for (const phrase of [ORDER, STOP, BYE, OKAY, FIRST_HALF, SECOND_HALF]) {
    speechOf[phrase] = espeakSpeech(phrase);
    stt.register(phrase, speechOf[phrase]);
  }
  tools = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8') || 'null') as { order_id?: string };
      toolCalls.push(body);
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ order: body.order_id, status: 'shipped', eta: 'Friday' })), toolDelayMs);
    });
  });
  await new Promise<void>((r) => tools.listen(0, '127.0.0.1', () => r()));
  toolBase = `http://127.0.0.1:${(tools.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await model?.close();
  await stt?.close();
  tools?.closeAllConnections();
  await new Promise<void>((r) => tools?.close(() => r()));
});

async function assistant(spec: VoiceAssistantSpec): Promise<number> {
  const row = await insertAssistant(handle.db, alice.id);
  await setUpVoiceAssistant(handle.db, alice.id, row.id, toolBase, spec);
  return row.id;
}

interface Call {
  transport: RecordingTransport;
  sink: RecordingSink;
  feed: CallerFeed;
  input: VoiceSessionInput;
  startedPerf: number;
}

async function call(assistantId: number): Promise<Call> {
  const transport = new RecordingTransport();
  const sink = new RecordingSink();
  let input: VoiceSessionInput | null = null;
  const feed = new CallerFeed(() => input);
  const deps: VoiceDeps = {
    db: handle.db,
    model: chat,
    transcriber: openAiTranscriber({ baseUrl: stt.baseUrl, apiKey: 'test-key', model: 'whisper-1', timeoutMs: 5_000 }),
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
const words = (s: string) => s.split(/\s+/).filter((w) => w !== '').length;

describe('a voice session', () => {
  it('hears "Where is my order A-1234?", calls the order tool, answers aloud with its latencies, and records both sides', async () => {
    const id = await assistant({ withTool: true });
    const c = await call(id);
    try {
      await sleep(400);
      await c.feed.say(speechOf[ORDER]!);
      const speechEnd = performance.now();
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.type === 'message'), 15_000, 'the answer');
      const [human, tool, bot] = c.sink.entries;
      expect(human).toMatchObject({ sender: 'human', type: 'message', text: ORDER });
      expect(tool).toMatchObject({ sender: 'tool', type: 'function_call', name: 'order_status', arguments: { order_id: 'A-1234' }, result: { status: 'shipped' }, error: null });
      expect(bot).toMatchObject({ sender: 'bot', type: 'message', text: 'Your order A-1234 has shipped. It arrives on Friday.' });
      for (const k of ['latency_ms', 'endpointing_ms', 'stt_ms', 'llm_ms', 'tts_ms'] as const) expect(bot![k], k).toBeTypeOf('number');
      console.info(`latency: ${JSON.stringify({ latency_ms: bot!.latency_ms, endpointing_ms: bot!.endpointing_ms, stt_ms: bot!.stt_ms, llm_ms: bot!.llm_ms, tts_ms: bot!.tts_ms })}`);
      // Voice to voice includes the pause that ends the turn (650 ms at the default sensitivity).
      expect(bot!.latency_ms!).toBeGreaterThan(bot!.endpointing_ms!);
      expect(bot!.endpointing_ms!).toBeGreaterThanOrEqual(500);
      expect(toolCalls.at(-1)).toEqual({ order_id: 'A-1234' });
      // The assistant's audio: loud after the caller finished, the first sound within its measured latency.
      const first = c.transport.firstSound(speechEnd)!;
      expect(first).not.toBeNull();
      expect(c.transport.rmsBetween(first, first + 1000)).toBeGreaterThan(0.03);
      expect(c.transport.rmsBetween(c.startedPerf, c.startedPerf + 300)).toBeLessThan(0.001);
      // The transcription request: the assistant's language, the model and the key.
      const request = stt.requests.find((r) => r.text === ORDER)!;
      expect(request).toMatchObject({ model: 'whisper-1', language: 'en', responseFormat: 'json', authorization: 'Bearer test-key' });
      await sleep(300);
      await c.input.end('caller_ended');
      await c.sink.until(() => c.sink.result !== null, 5_000, 'the end');
      const result = c.sink.result!;
      expect(result.reason).toBe('caller_ended');
      expect(result.entries).toHaveLength(3);
      // The recording: the caller where they spoke (from 0.4 s), the assistant from its first sound, silence before.
      const wav = pcmOf(result.wav);
      expect(wav.sampleRate).toBe(8000);
      const callerAt = (c.feed.onsets[0]! - c.startedPerf) / 1000;
      const botAt = (first - c.startedPerf) / 1000;
      expect(rmsBetween(wav, 0, 0.3)).toBeLessThan(30);
      expect(rmsBetween(wav, callerAt, callerAt + 1)).toBeGreaterThan(500);
      expect(rmsBetween(wav, botAt + 0.1, botAt + 1.1)).toBeGreaterThan(500);
      expect(result.audioMs).toBeGreaterThan((first - c.startedPerf) + 1000);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('barge-in: caller speech over the greeting clears the audio within 300 ms and keeps only the words played', async () => {
    const id = await assistant({ initial_message: GREETING_LONG, allow_interruptions: true });
    const c = await call(id);
    try {
      await sleep(2_500);
      expect(c.transport.firstSound(c.startedPerf)).not.toBeNull();
      void c.feed.say(speechOf[STOP]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot'), 5_000, 'the cut greeting');
      const onset = c.feed.onsets[0]!;
      expect(c.transport.clears).toHaveLength(1);
      const reaction = c.transport.clears[0]! - onset;
      console.info(`barge-in reaction: ${Math.round(reaction)} ms after the onset`);
      expect(reaction).toBeGreaterThan(0);
      expect(reaction).toBeLessThan(300);
      const greeting = c.sink.entries.find((e) => e.sender === 'bot')!;
      expect(greeting.interrupted).toBe(true);
      expect(words(greeting.text)).toBeGreaterThan(3);
      expect(words(greeting.text)).toBeLessThan(words(GREETING_LONG));
      expect(GREETING_LONG.startsWith(greeting.text.replace(/\s+/g, ' '))).toBe(true);
      // Nothing of the greeting is sent after the clear (ambient is off): silence until the answer.
      expect(c.transport.rmsBetween(c.transport.clears[0]! + 40, c.transport.clears[0]! + 400)).toBeLessThan(0.001);
      // What the caller said is their turn, and the assistant answers it.
      await c.sink.until(() => c.sink.entries.filter((e) => e.sender === 'bot').length >= 2, 10_000, 'the answer');
      expect(c.sink.entries.map((e) => `${e.sender}: ${e.text}`)).toEqual([`bot: ${greeting.text}`, `human: ${STOP}`, 'bot: Of course. What is your question?']);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('without allow_interruptions the assistant finishes, and the caller is heard after', async () => {
    const id = await assistant({ initial_message: 'Hello and welcome to Acme support. We are open on weekdays from nine to six.', allow_interruptions: false });
    const c = await call(id);
    try {
      await sleep(1_500);
      void c.feed.say(speechOf[STOP]!);
      await c.sink.until(() => c.sink.entries.filter((e) => e.sender === 'bot').length >= 2, 15_000, 'the greeting and the answer');
      expect(c.transport.clears).toHaveLength(0);
      expect(c.sink.entries.map((e) => `${e.sender}: ${e.text}${e.interrupted ? ' (cut)' : ''}`)).toEqual([
        'bot: Hello and welcome to Acme support. We are open on weekdays from nine to six.',
        `human: ${STOP}`,
        'bot: Of course. What is your question?',
      ]);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('silence: re-engages after max_silence_duration, again every interval, and ends the call after three', async () => {
    const id = await assistant({ initial_message: 'Hello.', max_silence_duration: 1, reengagement_interval: 1, reengagement_prompt: 'Ask whether they are still there.' });
    const c = await call(id);
    try {
      await c.sink.until(() => c.sink.result !== null, 20_000, 'the end for silence');
      expect(c.sink.result!.reason).toBe('silence');
      expect(c.transport.hungUp).toBe('silence');
      expect(c.sink.entries.map((e) => e.text)).toEqual(['Hello.', 'Are you still there?', 'Are you still there?', 'Are you still there?']);
      const notes = model.requests.map((r) => text(r.body.messages.at(-1)?.content)).filter((t) => /said nothing/.test(t));
      expect(notes).toHaveLength(3);
      expect(notes[0]).toContain('said nothing for 1 seconds. Ask whether they are still there.');
      // About a second of silence after each line (the greeting, each re-engagement) before the next.
      const stamps = c.sink.entries.map((e) => Date.parse(e.timestamp));
      for (let i = 1; i < stamps.length; i++) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThan(1_000);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('min_interrupt_words: a one-word backchannel over the assistant neither cuts it nor is a turn; a sentence does', async () => {
    const id = await assistant({ initial_message: GREETING_LONG, allow_interruptions: true, min_interrupt_words: 3 });
    const c = await call(id);
    try {
      await sleep(1_500);
      await c.feed.say(speechOf[OKAY]!);
      await sleep(1_200);
      expect(c.transport.clears).toHaveLength(0);
      void c.feed.say(speechOf[STOP]!);
      await c.sink.until(() => c.sink.entries.filter((e) => e.sender === 'bot').length >= 2, 15_000, 'the cut greeting and the answer');
      expect(c.transport.clears).toHaveLength(1);
      // Judged on the words heard so far: after the onset, before the sentence is over.
      expect(c.transport.clears[0]! - c.feed.onsets[1]!).toBeLessThan(speechOf[STOP]!.length / 16);
      const [greeting, human, answer] = c.sink.entries;
      expect(greeting).toMatchObject({ sender: 'bot', interrupted: true });
      expect(human).toMatchObject({ sender: 'human', text: STOP });
      expect(answer).toMatchObject({ sender: 'bot', text: 'Of course. What is your question?' });
      expect(c.sink.entries).toHaveLength(3);
      expect(stt.requests.some((r) => r.text === OKAY)).toBe(true);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('end_call: the goodbye is played, then the call ends and the transport hangs up', async () => {
    const id = await assistant({ end_call_tool_description: 'End the call when the caller says goodbye.' });
    const c = await call(id);
    try {
      await sleep(300);
      await c.feed.say(speechOf[BYE]!);
      await c.sink.until(() => c.sink.result !== null, 15_000, 'the end');
      expect(c.sink.result!.reason).toBe('end_call');
      expect(c.transport.hungUp).toBe('end_call');
      expect(c.sink.entries.map((e) => `${e.sender}: ${e.type === 'function_call' ? e.name : e.text}`)).toEqual([`human: ${BYE}`, 'tool: end_call', 'bot: Goodbye and have a nice day.']);
      expect(c.sink.entries[2]!.interrupted).toBeUndefined();
      // The goodbye was sent whole before the end (its last loud frame precedes the state 'ended').
      const loud = c.transport.frames.filter((f) => f.samples.some((v) => Math.abs(v) > 0.05));
      expect(loud.length * 20).toBeGreaterThan(1_000);
      expect(c.transport.states.at(-1)).toBe('ended');
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('a tool slower than a second plays a filler while it runs', async () => {
    const id = await assistant({ withTool: true, fillers: true, filler_config: JSON.stringify({ question: ['Let me check that for you.'], neutral: [], positive: [], negative: [] }) });
    toolDelayMs = 1_600;
    const c = await call(id);
    try {
      await sleep(300);
      await c.feed.say(speechOf[ORDER]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot' && e.type === 'message'), 15_000, 'the answer');
      const filler = c.sink.entries.find((e) => e.type === 'filler');
      expect(filler).toMatchObject({ sender: 'bot', text: 'Let me check that for you.' });
      const tool = c.sink.entries.find((e) => e.type === 'function_call')!;
      expect(tool.duration_ms!).toBeGreaterThanOrEqual(1_500);
      // The filler began about a second into the tool's wait.
      const fillerAt = Date.parse(filler!.timestamp) - Date.parse(tool.timestamp);
      expect(fillerAt).toBeGreaterThan(900);
      expect(fillerAt).toBeLessThan(1_600);
      expect(c.sink.entries.at(-1)).toMatchObject({ sender: 'bot', type: 'message', text: 'Your order A-1234 has shipped. It arrives on Friday.' });
    } finally {
      toolDelayMs = 0;
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('endpoint_type ai: a turn that does not sound finished waits for the rest across a pause longer than vad would wait', async () => {
    const id = await assistant({ endpoint_type: 'ai' });
    const c = await call(id);
    try {
      await sleep(300);
      await c.feed.say(speechOf[FIRST_HALF]!);
      // 700 ms between the voices: more than the vad pause at 2.5 (650 ms), within ai's first pause (390 ms) and its
      // hold (650 ms). eSpeak NG's audio ends in ~300 ms of silence, sent before `say` resolves: part of the 700.
      await sleep(700 - trailingSilenceMs(speechOf[FIRST_HALF]!));
      await c.feed.say(speechOf[SECOND_HALF]!);
      await c.sink.until(() => c.sink.entries.some((e) => e.sender === 'bot'), 10_000, 'the answer');
      expect(c.sink.entries.map((e) => `${e.sender}: ${e.text}`)).toEqual([`human: ${FIRST_HALF} ${SECOND_HALF}`, 'bot: Of course. What is your question?']);
      expect(stt.requests.filter((r) => r.text === FIRST_HALF)).not.toHaveLength(0);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('two calls at once keep their own detector state, turns and audio', async () => {
    const id = await assistant({ withTool: true });
    const [a, b] = await Promise.all([call(id), call(id)]);
    try {
      await sleep(300);
      await Promise.all([a.feed.say(speechOf[ORDER]!), b.feed.say(speechOf[STOP]!)]);
      await Promise.all([
        a.sink.until(() => a.sink.entries.some((e) => e.sender === 'bot'), 15_000, 'call a answering'),
        b.sink.until(() => b.sink.entries.some((e) => e.sender === 'bot'), 15_000, 'call b answering'),
      ]);
      expect(a.sink.entries.map((e) => `${e.sender}: ${e.type === 'function_call' ? e.name : e.text}`)).toEqual([`human: ${ORDER}`, 'tool: order_status', 'bot: Your order A-1234 has shipped. It arrives on Friday.']);
      expect(b.sink.entries.map((e) => `${e.sender}: ${e.text}`)).toEqual([`human: ${STOP}`, 'bot: Of course. What is your question?']);
      expect([...a.transport.clears, ...b.transport.clears]).toEqual([]);
      expect(a.sink.entries.at(-1)!.latency_ms!).toBeLessThan(3_000);
      expect(b.sink.entries.at(-1)!.latency_ms!).toBeLessThan(3_000);
    } finally {
      a.feed.stop();
      b.feed.stop();
      await Promise.all([a.input.end('dropped'), b.input.end('dropped')]);
    }
  }, 30_000);

  it('max_duration ends the call where it is, mid-sentence, with what was said of the greeting', async () => {
    const id = await assistant({ initial_message: GREETING_LONG, max_duration: 3 });
    const c = await call(id);
    try {
      await c.sink.until(() => c.sink.result !== null, 10_000, 'the end at max_duration');
      expect(performance.now() - c.startedPerf).toBeLessThan(4_500);
      expect(c.sink.result!.reason).toBe('max_duration');
      expect(c.transport.hungUp).toBe('max_duration');
      const [greeting] = c.sink.result!.entries;
      expect(greeting).toMatchObject({ sender: 'bot', interrupted: true });
      expect(words(greeting!.text)).toBeGreaterThan(0);
      expect(words(greeting!.text)).toBeLessThan(words(GREETING_LONG));
      expect(c.sink.result!.audioMs).toBeGreaterThanOrEqual(2_900);
      expect(c.sink.result!.audioMs).toBeLessThan(3_600);
    } finally {
      c.feed.stop();
      await c.input.end('dropped');
    }
  }, 30_000);

  it('a call dropped while the caller speaks keeps what they said', async () => {
    const id = await assistant({});
    const c = await call(id);
    try {
      await sleep(300);
      await c.feed.say(speechOf[ORDER]!);
      c.feed.stop();
      await c.input.end('dropped');
      expect(c.sink.result!.reason).toBe('dropped');
      expect(c.sink.result!.entries).toMatchObject([{ sender: 'human', type: 'message', text: ORDER }]);
      expect(c.transport.hungUp).toBeNull();
    } finally {
      c.feed.stop();
    }
  }, 30_000);
});
