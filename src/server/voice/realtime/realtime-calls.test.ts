import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeConfig } from '../../config';
import type { StartVoiceSession } from '../../live-calls/services';
import { createChatModel } from '../../model/openai-compatible';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../../speech/select';
import { pcmOf, rmsBetween } from '../../test/audio';
import { insertAssistant } from '../../test/fixtures';
import type { TestService, TestUser } from '../../test/harness';
import { request } from '../../test/harness';
import { setUpVoiceAssistant, type VoiceAssistantSpec } from '../../test/order-tool';
import { startStandInModel } from '../../test/stand-ins/model';
import { startStandInRealtime, type StandInRealtimeSession } from '../../test/stand-ins/realtime';
import { startOrderTool } from '../../test/stand-ins/tool-endpoint';
import { startStandInStt } from '../../test/stand-ins/transcription';
import { startStandInTwilio, type StandInCall } from '../../test/stand-ins/twilio';
import { until as waitUntil } from '../../test/until';
import { useService } from '../../test/use-service';
import { espeakSpeech } from '../../test/voice-call';
import { voicePipeline } from '../pipeline';
import { PIPELINE_RATE } from '../session-types';
import { sileroVad } from '../vad';
import { floatsToPcm16 } from '../web-socket';

/*
 * Speech-to-speech calls you can hear, end to end, over real sockets: the service (harness) with the real
 * voice door (voice/pipeline.ts → start-session.ts → voice/realtime/) against the realtime stand-in (OpenAI's
 * Realtime protocol over a WebSocket, eSpeak NG answers), the Twilio stand-in (media streams, μ-law), the
 * order tool, and the model stand-in for the post-call reading. Each mode (multimodal, dualplex) holds a web
 * call (the browser's socket, PCM 16 kHz) and a Twilio call: the caller breaks into a long greeting asking
 * about an order, the greeting is cut where it was heard, the tool is called for real, the answer comes with
 * its latency, and the call keeps its recording. Without REALTIME_BASE_URL the web call is refused and a
 * phone call ends `realtime_unavailable`.
 */

const ORDER = 'Where is my order A-1234?';
const GREETING_LONG = 'Hello and welcome to Acme support. We are open from nine in the morning until six in the evening on weekdays, and on Saturdays from ten to four.';
const ANSWER_ORDER = 'Order A-1234 is shipped, arriving Friday.';

// Audio made at twice real time: a long greeting is still being made when the caller breaks in.
const realtime = await startStandInRealtime({ deltaEveryMs: 50 });
const twilio = await startStandInTwilio();
const stt = await startStandInStt();
const model = await startStandInModel({ models: ['voice-test'] });
const tool = await startOrderTool();
const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the voice tests');
const orderSpeech = espeakSpeech(ORDER);
realtime.register(ORDER, orderSpeech);
const BYE = 'Okay, thank you, bye.';
const byeSpeech = espeakSpeech(BYE);
realtime.register(BYE, byeSpeech);

const realtimeConfig: RealtimeConfig = { baseUrl: realtime.baseUrl, apiKey: 'rt-key', model: undefined };
let withRealtime: StartVoiceSession | null = null;
let withoutRealtime: StartVoiceSession | null = null;
/** Whether the service has REALTIME_BASE_URL (the refusal's test turns it off). */
let realtimeOn = true;
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
useService(
  (s) => {
    ({ svc, alice, bob } = s);
    const voice = s.svc.server.voice!;
    voice.twilioApiBaseUrl = twilio.baseUrl;
    voice.realtime = true;
    voice.realtimeConfig = realtimeConfig;
    const parts = {
      db: s.svc.handle.db,
      model: createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 }),
      stt: { baseUrl: stt.baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 5_000 },
      speech,
      allowPrivateUrls: true,
    };
    withRealtime = voicePipeline({ ...parts, realtime: realtimeConfig });
    withoutRealtime = voicePipeline(parts);
  },
  {
    llm: { baseUrl: model.baseUrl, model: 'voice-test' },
    voice: { startSession: (call, transport, sink) => (realtimeOn ? withRealtime! : withoutRealtime!)(call, transport, sink) },
  },
);
beforeAll(() => sileroVad().then(() => undefined), 30_000);
afterAll(async () => {
  await realtime.close();
  await twilio.close();
  await stt.close();
  await model.close();
  await tool.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 20_000, 25);

interface Entry {
  sender: string;
  type?: string;
  text: string;
  name?: string;
  arguments?: unknown;
  interrupted?: boolean;
  latency_ms?: number;
  endpointing_ms?: number;
}
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transcriptOf = async (id: number) => ((await callRow(id)).transcript ?? []) as Entry[];
const ended = (id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await callRow(id);
    return row.engine_next_at === null && row.status !== 'in-progress' ? row : undefined;
  });
const lines = (entries: Entry[]) => entries.map((e) => `${e.sender}: ${e.type === 'function_call' ? `${e.name} ${JSON.stringify(e.arguments)}` : e.text}${e.interrupted ? ' (cut)' : ''}`);

async function multimodalModelId(): Promise<number> {
  const row = await svc.handle.db.insertInto('llm_models').values({ name: 'gpt-realtime', multimodal: true }).onConflict((oc) => oc.column('name').doUpdateSet({ multimodal: true })).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A new assistant of alice's in `mode`, with the order tool and the long greeting, recording its calls. */
async function realtimeAssistant(mode: 'multimodal' | 'dualplex', spec: VoiceAssistantSpec & { phone_number_id?: number } = {}): Promise<number> {
  const db = svc.handle.db;
  const row = await insertAssistant(db, alice.id, { record: true, ...(spec.phone_number_id ? { type: 'inbound', phone_number_id: spec.phone_number_id } : {}) });
  const { phone_number_id: _n, ...rest } = spec;
  await setUpVoiceAssistant(db, alice.id, row.id, tool.base, { withTool: true, initial_message: GREETING_LONG, allow_interruptions: true, ...rest });
  await db.updateTable('assistants').set({ mode, llm_model_id: await multimodalModelId() }).where('id', '=', row.id).execute();
  return row.id;
}

/** The stand-in's session of the call that started after `before` sessions. */
const standInSession = (before: number) => until('the realtime session', () => realtime.sessions[before]);

// ——— the web call's socket, as the browser speaks it ———

interface Caller {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  /** performance.now() and sample count of each binary frame received. */
  audio: { at: number; samples: number; level: number }[];
  closed: Promise<number>;
  /** Queues speech (16 kHz floats); resolves with its first and last loud chunk's send times once sent. */
  say(samples: Float32Array): Promise<{ onset: number; end: number }>;
  stop(): void;
}

function rmsOf(samples: Float32Array): number {
  let s = 0;
  for (const v of samples) s += v * v;
  return samples.length ? Math.sqrt(s / samples.length) : 0;
}

/** Opens the web-call socket and sends 20 ms of PCM every 20 ms (silence unless speech is queued). */
function webCaller(ticket: string): Caller {
  const url = `${svc.server.url.replace('http', 'ws').replace('localhost', '127.0.0.1')}/api/voice/web-calls/socket?ticket=${ticket}`;
  const ws = new WebSocket(url);
  const chunk = PIPELINE_RATE / 50;
  const queue: { samples: Float32Array; offset: number; onset: number | null; end: number; resolve: (v: { onset: number; end: number }) => void }[] = [];
  const caller: Caller = {
    ws,
    messages: [],
    audio: [],
    closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))),
    say: (samples) => new Promise((resolve) => queue.push({ samples, offset: 0, onset: null, end: 0, resolve })),
    stop: () => clearInterval(timer),
  };
  let sent = 0;
  let t0 = 0;
  const timer = setInterval(() => {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (t0 === 0) t0 = performance.now();
    const due = Math.floor((performance.now() - t0) / 20);
    for (; sent < due; sent++) {
      const out = new Float32Array(chunk);
      const head = queue[0];
      if (head) {
        const part = head.samples.subarray(head.offset, head.offset + chunk);
        out.set(part);
        if (rmsOf(part) > 0.01) {
          head.onset ??= performance.now();
          head.end = performance.now();
        }
        head.offset += chunk;
        if (head.offset >= head.samples.length) {
          queue.shift();
          head.resolve({ onset: head.onset ?? performance.now(), end: head.end });
        }
      }
      ws.send(floatsToPcm16(out));
    }
  }, 10);
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      // A copy: the frame's bytes may start at an odd offset of ws's buffer.
      const buf = new Uint8Array(data as Buffer);
      const view = new Int16Array(buf.buffer, 0, buf.length >> 1);
      let s = 0;
      for (const v of view) s += (v / 32768) ** 2;
      caller.audio.push({ at: performance.now(), samples: view.length, level: Math.sqrt(s / Math.max(1, view.length)) });
    } else caller.messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
  });
  ws.on('error', () => undefined);
  ws.on('close', () => clearInterval(timer));
  return caller;
}

async function ticketFor(assistantId: number): Promise<string> {
  const res = await alice.req('POST', '/voice/web-calls', { assistant_id: assistantId });
  expect(res.status, res.text).toBe(201);
  return res.body.ticket as string;
}

/** The checks every mode's call shares once it has ended: the cut greeting, the tool, the answer with its latency, the recording. */
async function expectHeldCall(callId: number, session: StandInRealtimeSession, mode: 'multimodal' | 'dualplex') {
  const row = await ended(callId);
  const transcript = row.transcript as Entry[];
  expect(lines(transcript).slice(1)).toEqual([`human: ${ORDER}`, 'tool: order_status {"order_id":"A-1234"}', `bot: ${ANSWER_ORDER}`]);
  // The greeting was cut where the caller broke in: its entry keeps the words heard.
  const greeting = transcript[0]!;
  expect(greeting).toMatchObject({ sender: 'bot', interrupted: true });
  expect(greeting.text.length).toBeGreaterThan(0);
  expect(greeting.text.length).toBeLessThan(GREETING_LONG.length);
  expect(GREETING_LONG.startsWith(greeting.text)).toBe(true);
  // The answer's latency: the end of the caller's speech → its first audio out, the endpoint's pause within it.
  const answer = transcript.at(-1)!;
  expect(answer.latency_ms).toBeTypeOf('number');
  expect(answer.endpointing_ms).toBeTypeOf('number');
  expect(answer.latency_ms!).toBeGreaterThan(answer.endpointing_ms!);
  expect(row).toMatchObject({ latency_turns: 1 });
  console.info(`${mode} ${row.type} call: latency_ms ${answer.latency_ms} (endpointing ${answer.endpointing_ms} ms), greeting heard "${greeting.text}"`);
  // The session asked the endpoint as documented (docs/api.md "Realtime endpoint").
  expect(session.model).toBe('gpt-realtime');
  expect(session.authorization).toBe('Bearer rt-key');
  const update = session.events.find((e) => e.type === 'session.update')!.session as Record<string, unknown>;
  expect(update).toMatchObject({ instructions: expect.stringContaining('You are the support line of Acme.'), output_modalities: mode === 'dualplex' ? ['text'] : ['audio'] });
  expect((update.tools as { name: string }[]).map((t) => t.name)).toContain('order_status');
  expect(session.events.some((e) => e.type === 'conversation.item.create' && (e.item as { type?: string }).type === 'function_call_output')).toBe(true);
  // The real recording: both sides, stored as the call's.
  const recording = await svc.handle.db.selectFrom('call_recordings').select(['status', 'engine', 'audio_ms']).where('call_id', '=', callId).executeTakeFirstOrThrow();
  expect(recording).toMatchObject({ status: 'done', engine: 'live' });
  const served = await fetch(`${svc.api}/recordings/${row.recording_key}.wav`);
  const wav = pcmOf(new Uint8Array(await served.arrayBuffer()));
  expect(rmsBetween(wav, 0, wav.samples.length / wav.sampleRate)).toBeGreaterThan(300);
  // The post-call reading ran on the model, as for pipeline calls, and the call is paid for.
  expect(row.status).toBe('completed');
  expect(Number(row.total_cost)).toBeGreaterThan(0);
  return { row, transcript };
}

describe.each(['multimodal', 'dualplex'] as const)('a %s web call', (mode) => {
  it('breaks into the greeting, calls the tool for real, answers with its latency, and keeps the recording', async () => {
    const assistantId = await realtimeAssistant(mode);
    const before = realtime.sessions.length;
    const caller = webCaller(await ticketFor(assistantId));
    const ready = await until('ready', () => caller.messages.find((m) => m.type === 'ready'));
    const callId = ready.call_id as number;
    const session = await standInSession(before);
    // The greeting plays (PCM at 16 kHz); a second into it the caller speaks.
    const first = await until('the greeting', () => caller.audio.find((a) => a.level > 0.02));
    await until('a second of the greeting', () => performance.now() > first.at + 1_000);
    const said = caller.say(orderSpeech);
    const clear = await until('the clear', () => caller.messages.find((m) => m.type === 'clear'));
    expect(clear).toBeDefined();
    if (mode === 'multimodal') {
      // Truncated to what was played: about the time from the greeting's first frame to the caller's onset.
      const t = await until('the truncate', () => session.truncates[0]);
      const heardMs = (await said.then((s) => s.onset)) - first.at;
      expect(t.audioEndMs).toBeGreaterThan(500);
      expect(Math.abs(t.audioEndMs - heardMs)).toBeLessThan(600);
    }
    // The greeting was still being made (the stand-in makes it at twice real time): its response was cancelled.
    if (mode === 'multimodal') expect(session.responses[0]!.status).toBe('cancelled');
    const spoken = await said;
    const answered = await until('the answer', () => caller.messages.find((m) => m.type === 'transcript' && m.sender === 'bot' && m.final === true && m.text === ANSWER_ORDER));
    expect(answered.latency_ms).toBeTypeOf('number');
    const answerAudio = caller.audio.find((a) => a.at > spoken.end + 300 && a.level > 0.02);
    expect(answerAudio).toBeDefined();
    expect(caller.messages.some((m) => m.type === 'tool' && m.name === 'order_status')).toBe(true);
    await until('the answer stored', async () => (await transcriptOf(callId)).length >= 4);
    caller.ws.send(JSON.stringify({ type: 'end' }));
    await caller.closed;
    caller.stop();
    const { row } = await expectHeldCall(callId, session, mode);
    const update = session.events.find((e) => e.type === 'session.update')!.session as { audio: { input: { format: unknown; turn_detection: unknown } } };
    expect(update.audio.input.format).toEqual({ type: 'audio/pcm', rate: 24000 });
    expect(update.audio.input.turn_detection).toMatchObject({ type: 'server_vad', silence_duration_ms: 650, interrupt_response: true });
    expect(row.type).toBe('web');
    // alice's call, not bob's.
    expect((await bob.req('GET', `/user/calls/${callId}`)).status).toBe(404);
  }, 45_000);
});

/** A Twilio number imported by alice, answered by a new inbound assistant in `mode`. */
async function phoneLine(mode: 'multimodal' | 'dualplex', spec: VoiceAssistantSpec = {}): Promise<string> {
  const account = twilio.addAccount();
  const phone = `+1415557${String(1000 + Math.floor(Math.random() * 8999)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  await realtimeAssistant(mode, { ...spec, phone_number_id: res.body.data.id as number });
  return phone;
}

const callIdOf = (call: StandInCall) => until('the call row', async () => (await svc.handle.db.selectFrom('calls').select('id').where('provider_call_id', '=', call.sid).executeTakeFirst())?.id);

describe.each(['multimodal', 'dualplex'] as const)('a %s Twilio call', (mode) => {
  it('passes μ-law straight through, is cleared on barge-in, calls the tool and keeps latency and recording', async () => {
    const phone = await phoneLine(mode);
    const before = realtime.sessions.length;
    const call = await twilio.dial('+14155550181', phone);
    const callId = await callIdOf(call);
    const session = await standInSession(before);
    const greeting = await until('the greeting', () => call.soundAfter(0));
    await until('a second of the greeting', () => call.now() > greeting + 1_000);
    const said = call.say(orderSpeech);
    const clear = await until('the clear', () => call.clears[0]);
    await said.done;
    expect(clear - said.onsetMs!).toBeGreaterThan(0);
    expect(clear - said.onsetMs!).toBeLessThan(1_000);
    await until('the answer stored', async () => (await transcriptOf(callId)).length >= 4);
    expect(call.soundAfter(said.voicedEndMs! + 300)).not.toBeNull();
    expect(call.received.every((r) => r.bytes.length === 160)).toBe(true);
    await call.hangUp();
    await expectHeldCall(callId, session, mode);
    const update = session.events.find((e) => e.type === 'session.update')!.session as { audio: { input: { format: unknown }; output: { format: unknown } } };
    // The phone line's own G.711 μ-law both ways: nothing resampled on the way to and from the endpoint.
    expect(update.audio.input.format).toEqual({ type: 'audio/pcmu' });
    expect(update.audio.output.format).toEqual({ type: 'audio/pcmu' });
    if (mode === 'multimodal') expect(session.truncates.length).toBe(1);
  }, 45_000);
});

describe('allow_interruptions false', () => {
  it('asks the endpoint not to interrupt, and the greeting plays to its end', async () => {
    const assistantId = await realtimeAssistant('multimodal', { allow_interruptions: false, initial_message: 'Hello, Acme support here. How can I help?' });
    const before = realtime.sessions.length;
    const caller = webCaller(await ticketFor(assistantId));
    const callId = (await until('ready', () => caller.messages.find((m) => m.type === 'ready'))).call_id as number;
    const session = await standInSession(before);
    const first = await until('the greeting', () => caller.audio.find((a) => a.level > 0.02));
    await until('half a second of the greeting', () => performance.now() > first.at + 500);
    await caller.say(orderSpeech);
    await until('the answer', () => caller.messages.find((m) => m.type === 'transcript' && m.sender === 'bot' && m.final === true && m.text === ANSWER_ORDER));
    caller.ws.send(JSON.stringify({ type: 'end' }));
    await caller.closed;
    caller.stop();
    const transcript = (await ended(callId)).transcript as Entry[];
    expect(transcript[0]).toMatchObject({ sender: 'bot', text: 'Hello, Acme support here. How can I help?' });
    expect(transcript[0]!.interrupted).toBeUndefined();
    expect(caller.messages.some((m) => m.type === 'clear')).toBe(false);
    expect(session.truncates).toEqual([]);
    const update = session.events.find((e) => e.type === 'session.update')!.session as { audio: { input: { turn_detection: unknown } } };
    expect(update.audio.input.turn_detection).toMatchObject({ interrupt_response: false });
  }, 45_000);
});

describe('end_call', () => {
  it('ends the call once the goodbye has played when the model calls end_call', async () => {
    const assistantId = await realtimeAssistant('multimodal', { initial_message: 'Hello, Acme support here.', end_call_tool_description: 'End the call when the caller says goodbye.' });
    const before = realtime.sessions.length;
    const caller = webCaller(await ticketFor(assistantId));
    const callId = (await until('ready', () => caller.messages.find((m) => m.type === 'ready'))).call_id as number;
    const session = await standInSession(before);
    const first = await until('the greeting', () => caller.audio.find((a) => a.level > 0.02));
    await until('the greeting played', () => performance.now() > first.at + 2_500);
    await caller.say(byeSpeech);
    const end = await until('the end', () => caller.messages.find((m) => m.type === 'ended'));
    caller.stop();
    expect(end.reason).toBe('end_call');
    // The goodbye was heard before the call ended.
    const bye = caller.messages.find((m) => m.type === 'transcript' && m.sender === 'bot' && m.final === true && String(m.text).includes('Goodbye'));
    expect(bye).toBeDefined();
    expect(((session.events.find((e) => e.type === 'session.update')!.session as { tools: { name: string }[] }).tools).map((t) => t.name)).toContain('end_call');
    const row = await ended(callId);
    expect(row.status).toBe('ended_by_assistant');
    expect(lines(row.transcript as Entry[]).slice(1)).toEqual([`human: ${BYE}`, 'tool: end_call {}', 'bot: Thank you for calling. Goodbye!']);
  }, 45_000);
});

describe('silence', () => {
  it('re-engages the caller after max_silence_duration, then every reengagement_interval, and ends the call after the third', async () => {
    const assistantId = await realtimeAssistant('multimodal', { initial_message: 'Hello, Acme support here.', max_silence_duration: 1, reengagement_interval: 1, reengagement_prompt: 'Ask whether they are still there.' });
    const before = realtime.sessions.length;
    const caller = webCaller(await ticketFor(assistantId));
    const callId = (await until('ready', () => caller.messages.find((m) => m.type === 'ready'))).call_id as number;
    const session = await standInSession(before);
    const end = await until('the end', () => caller.messages.find((m) => m.type === 'ended'));
    caller.stop();
    expect(end.reason).toBe('silence');
    const creates = session.events.filter((e) => e.type === 'response.create').map((e) => String((e.response as { instructions?: string }).instructions ?? ''));
    // The greeting, then three re-engagements, each with the assistant's prompt and the note.
    expect(creates).toHaveLength(4);
    for (const c of creates) expect(c).toContain('You are the support line of Acme.');
    for (const c of creates.slice(1)) expect(c).toContain('Ask whether they are still there.');
    const row = await ended(callId);
    expect(row.status).toBe('ended_by_assistant');
    expect((row.transcript as Entry[]).filter((e) => e.sender === 'bot')).toHaveLength(4);
  }, 45_000);
});

describe('without REALTIME_BASE_URL', () => {
  it('refuses the web call naming REALTIME_BASE_URL, ends a phone call realtime_unavailable, and still lets such assistants be made', async () => {
    const voice = svc.server.voice!;
    realtimeOn = false;
    voice.realtime = false;
    try {
      const assistantId = await realtimeAssistant('multimodal');
      const res = await alice.req('POST', '/voice/web-calls', { assistant_id: assistantId });
      expect(res.status).toBe(503);
      expect(res.body.message).toContain('REALTIME_BASE_URL');
      expect((await request(svc.api, 'GET', '/local/info')).body.voice.realtime).toBe(false);
      // A pipeline assistant's web call is not affected.
      const plain = await insertAssistant(svc.handle.db, alice.id);
      expect((await alice.req('POST', '/voice/web-calls', { assistant_id: plain.id })).status).toBe(201);

      const before = realtime.sessions.length;
      const phone = await phoneLine('multimodal');
      const call = await twilio.dial('+14155550182', phone);
      const callId = await callIdOf(call);
      const row = await ended(callId);
      expect(row.status).toBe('failed');
      expect(row.talk_state).toMatchObject({ end: { reason: 'realtime_unavailable' } });
      expect(realtime.sessions.length).toBe(before);
    } finally {
      realtimeOn = true;
      voice.realtime = true;
    }
  }, 45_000);

  it('lists the endpoint’s models in the multimodal models lookup', async () => {
    const res = await alice.req('GET', '/user/assistants/models?type=multimodal');
    expect(res.status).toBe(200);
    const names = (res.body as { name: string }[]).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(realtime.models));
    await sleep(0);
  });
});

