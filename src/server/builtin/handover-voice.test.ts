import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../speech/select';
import type { SpeechRequest, SpeechSource } from '../speech/speech';
import { insertAssistant } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { setUpVoiceAssistant } from '../test/order-tool';
import { conversation, startStandInModel, type SeenRequest } from '../test/stand-ins/model';
import { startStandInStt } from '../test/stand-ins/transcription';
import { until as waitUntil } from '../test/until';
import { espeakSpeech } from '../test/voice-call';
import { PIPELINE_RATE } from '../voice/session-types';
import { floatsToPcm16 } from '../voice/web-socket';
import { builtinFunctions } from './functions';
import { REFUSED_TRANSFER } from './transfer';
import { usePipelineService } from '../test/use-pipeline-service';

/*
 * assistant_transfer on a live web call, end to end over the real socket: the service (harness) with the REAL
 * pipeline (Silero VAD, the transcription stand-in, the streamed model stand-in, eSpeak NG speech), the caller's
 * voice eSpeak NG sent as PCM16 in real time. The front desk (Rachel: eSpeak's f3) hands the call to sales (Adam:
 * m3) when the caller asks; what the speech source was asked shows whose voice said what.
 */

const ASK = 'Can I talk to your sales team please?';
const PRICE = 'What does the premium plan cost?';
const BEFORE = 'One moment, I am handing you over to our sales team.';
const GREETING = 'Hi, this is Sam from Acme sales.';

const stt = await startStandInStt();
const model = await startStandInModel({ firstTokenMs: 30, fallback: (seen: SeenRequest) => conversation(seen) });
const espeak = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!espeak) throw new Error('espeak-ng is needed for the voice tests');
/** Every request to the speech source, in order: the text and the voice it was asked in. */
const asked: SpeechRequest[] = [];
const speech: SpeechSource = {
  engine: espeak.engine,
  description: espeak.description,
  synthesize: (r) => {
    asked.push(r);
    return espeak.synthesize(r);
  },
};
const voiceOf: Record<string, Float32Array> = {};
for (const phrase of [ASK, PRICE]) {
  voiceOf[phrase] = espeakSpeech(phrase);
  stt.register(phrase, voiceOf[phrase]);
}

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
usePipelineService((s) => ({ svc, alice, bob } = s), { model, stt, speech });

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 20_000, 25);
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

interface Entry {
  sender: string;
  type?: string;
  text: string;
  name?: string;
  error?: string | null;
  assistant_id?: number;
  from_assistant_id?: number;
  assistant_name?: string;
}

async function voiceId(name: string): Promise<number> {
  return (await svc.handle.db.selectFrom('voices').select('id').where('name', '=', name).where('user_id', 'is', null).executeTakeFirstOrThrow()).id;
}

/** The front desk (Rachel) that hands over to sales (Adam, with its own prompt and greeting). */
async function desks(owner: TestUser, transferTo?: number): Promise<{ front: number; sales: number }> {
  const db = svc.handle.db;
  const sales = await insertAssistant(db, owner.id, { name: 'Acme sales' });
  await setUpVoiceAssistant(db, owner.id, sales.id, 'http://127.0.0.1:9', { system_prompt: 'You are Sam of Acme sales.', initial_message: GREETING, voice_id: await voiceId('Adam') });
  const front = await insertAssistant(db, owner.id, { name: 'Acme front desk', record: true });
  await setUpVoiceAssistant(db, owner.id, front.id, 'http://127.0.0.1:9', {
    system_prompt: 'You are the front desk of Acme.',
    initial_message: 'Acme, good morning.',
    voice_id: await voiceId('Rachel'),
    builtin_tools: JSON.stringify([
      { type: 'assistant_transfer', data: { assistant_id: transferTo ?? sales.id, description: 'Hands the caller to the sales team', message_before_transfer: BEFORE, speak_transfer_greeting: true } },
    ]),
  });
  return { front: front.id, sales: sales.id };
}

interface Socket {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  audioSamples: number;
  closed: Promise<number>;
}

async function webCall(user: TestUser, assistantId: number): Promise<{ socket: Socket; callId: number; say: (s: Float32Array) => Promise<void> }> {
  const res = await user.req('POST', '/voice/web-calls', { assistant_id: assistantId });
  expect(res.status, res.text).toBe(201);
  const url = `${svc.server.url.replace('http', 'ws').replace('localhost', '127.0.0.1')}${res.body.socket_path as string}?ticket=${res.body.ticket as string}`;
  const ws = new WebSocket(url);
  const socket: Socket = { ws, messages: [], audioSamples: 0, closed: new Promise((r) => ws.on('close', (code) => r(code))) };
  ws.on('message', (data, isBinary) => {
    if (isBinary) socket.audioSamples += (data as Buffer).length / 2;
    else socket.messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
  });
  const ready = await until('ready', () => socket.messages.find((m) => m.type === 'ready'));
  // The caller's microphone: 20 ms of PCM16 every 20 ms, silence unless they speak.
  const chunk = PIPELINE_RATE / 50;
  let queue: Float32Array | null = null;
  let at = 0;
  let done: (() => void) | null = null;
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor((performance.now() - started) / 20);
    while (sent < due && ws.readyState === WebSocket.OPEN) {
      sent += 1;
      const frame = new Float32Array(chunk);
      if (queue) {
        frame.set(queue.subarray(at, at + chunk));
        at += chunk;
        if (at >= queue.length) {
          queue = null;
          done?.();
        }
      }
      ws.send(floatsToPcm16(frame));
    }
  }, 10);
  ws.on('close', () => clearInterval(timer));
  const say = (samples: Float32Array) =>
    new Promise<void>((resolve) => {
      queue = samples;
      at = 0;
      done = resolve;
    });
  return { socket, callId: Number(ready.call_id), say };
}

describe('assistant_transfer on a live web call', () => {
  it('goes on in the other assistant\'s voice with its prompt; the transcript marks the hand-over and the call names both', async () => {
    const { front, sales } = await desks(alice);
    const { socket, callId, say } = await webCall(alice, front);
    await until('the greeting', () => asked.find((r) => r.text === 'Acme, good morning.'));
    const frontVoice = asked.find((r) => r.text === 'Acme, good morning.')!.voiceName;
    await until('the greeting played', () => socket.messages.find((m) => m.type === 'transcript' && m.final === true && m.sender === 'bot'));

    await say(voiceOf[ASK]!);
    await until('the other assistant\'s greeting asked of the speech source', () => asked.find((r) => r.text === GREETING));
    const before = asked.find((r) => r.text === BEFORE);
    const greeting = asked.find((r) => r.text === GREETING)!;
    // The words before the hand-over in the first voice, the greeting in the other's: eSpeak's f3, then m3.
    expect(before?.voiceName).toBe(frontVoice);
    expect(frontVoice).toMatch(/f3$/);
    expect(greeting.voiceName).toMatch(/m3$/);
    await until('the greeting of sales played', () => socket.messages.find((m) => m.type === 'transcript' && m.final === true && m.text === GREETING));

    // The caller goes on: sales answers, with its own prompt, in its own voice.
    const requestsBefore = model.requests.length;
    await say(voiceOf[PRICE]!);
    await until('the answer of sales', () => asked.find((r) => r.text === 'Hello from the stand-in model.'));
    const system = model.requests.slice(requestsBefore).map((r) => r.body.messages[0]?.content).find((c) => typeof c === 'string' && c.includes('Acme sales'));
    expect(system).toContain('You are Sam of Acme sales.');
    expect(asked.find((r) => r.text === 'Hello from the stand-in model.')!.voiceName).toBe(greeting.voiceName);
    expect(socket.audioSamples).toBeGreaterThan(PIPELINE_RATE);

    socket.ws.send(JSON.stringify({ type: 'end' }));
    await socket.closed;
    const row = await until('the hand-over on the call', async () => {
      const r = await callRow(callId);
      // Handed back to the engine after the post-call reading (talk_next_at cleared): nothing of the call is still running.
      return r.transferred_to_assistant_id !== null && r.talk_next_at === null ? r : undefined;
    });
    expect(row.assistant_id).toBe(front);
    expect(row.transferred_to_assistant_id).toBe(sales);
    expect(row.transferred_to_assistant_name).toBe('Acme sales');
    const entries = (row.transcript ?? []) as Entry[];
    const said = entries.map((e) => (e.type === 'function_call' ? `call ${e.name}` : e.type === 'handover' ? `handover ${e.from_assistant_id}->${e.assistant_id}` : `${e.sender}: ${e.text}`));
    const at = said.indexOf(`handover ${front}->${sales}`);
    expect(at).toBeGreaterThan(0);
    expect(said.slice(at - 3, at + 2)).toEqual([`human: ${ASK}`, 'call transfer_to_assistant', `bot: ${BEFORE}`, `handover ${front}->${sales}`, `bot: ${GREETING}`]);
    expect(entries[at]).toMatchObject({ sender: 'tool', type: 'handover', text: '', assistant_name: 'Acme sales' });

    const record = await alice.req('GET', `/user/calls/${callId}`);
    expect(record.body).toMatchObject({ assistant_id: front, assistant_name: 'Acme front desk', transferred_to_assistant_id: sales, transferred_to_assistant_name: 'Acme sales' });
    // Another user never sees it.
    expect((await bob.req('GET', `/user/calls/${callId}`)).status).toBe(404);
  }, 60_000);

  it("refuses a hand-over to another user's assistant (stored before, or written around the API): the first assistant goes on", async () => {
    const theirs = await insertAssistant(svc.handle.db, bob.id, { name: 'Bob private' });
    const { front } = await desks(alice, theirs.id);
    const fns = builtinFunctions(svc.handle.db, [{ type: 'assistant_transfer', data: { assistant_id: theirs.id, description: 'x' } }], {
      userId: alice.id,
      assistantId: front,
      channel: 'call',
      allowPrivate: true,
      timeZone: 'UTC',
      now: () => new Date(),
    })!;
    const refused = await fns.call('transfer_to_assistant', {});
    expect(refused).toMatchObject({ result: null, error: REFUSED_TRANSFER });
    expect(refused.handover).toBeUndefined();
    expect(JSON.stringify(refused)).not.toContain('Bob private');

    // On a live call: the refusal is the function's answer, nobody else speaks, no hand-over is recorded.
    const spokenBefore = asked.filter((r) => r.text === BEFORE).length;
    const { socket, callId, say } = await webCall(alice, front);
    await until('the greeting played', () => socket.messages.find((m) => m.type === 'transcript' && m.final === true && m.sender === 'bot'));
    await say(voiceOf[ASK]!);
    const entry = await until('the refused transfer', async () => ((await callRow(callId)).transcript as Entry[] | null)?.find((e) => e.name === 'transfer_to_assistant'));
    expect(entry.error).toBe(REFUSED_TRANSFER);
    socket.ws.send(JSON.stringify({ type: 'end' }));
    await socket.closed;
    const row = await until('the call handed back', async () => {
      const r = await callRow(callId);
      return r.talk_next_at === null ? r : undefined;
    });
    expect(row.transferred_to_assistant_id).toBeNull();
    expect(((row.transcript ?? []) as Entry[]).some((e) => e.type === 'handover')).toBe(false);
    expect(asked.filter((r) => r.text === BEFORE)).toHaveLength(spokenBefore);
  }, 60_000);
});
