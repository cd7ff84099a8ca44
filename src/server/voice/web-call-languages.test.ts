import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createChatModel } from '../model/openai-compatible';
import { espeakSource, probeEspeak } from '../speech/espeak';
import type { SpeechRequest } from '../speech/speech';
import { callEnded } from '../test/call-outcome';
import { insertAssistant } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { setUpVoiceAssistant } from '../test/order-tool';
import { conversation, GERMAN_HELLO, startStandInModel } from '../test/stand-ins/model';
import { startStandInStt } from '../test/stand-ins/transcription';
import { until } from '../test/until';
import { useService } from '../test/use-service';
import { espeakSpeech } from '../test/voice-call';
import { voicePipeline } from './pipeline';
import { PIPELINE_RATE } from './session-types';

/*
 * The speech settings through the service, as the browser's web call meets them: an assistant whose secondary
 * language is set through the API (PUT /user/assistant/{id}), the web-call ticket and socket (PCM16 in real time),
 * the real pipeline (Silero, the transcription stand-in, the model stand-in, eSpeak NG), and the call row it leaves.
 * A German caller of an English assistant with German as a secondary language is answered in German, spoken by
 * eSpeak NG's German voice; a caller who says nothing within max_initial_silence_duration is hung up on.
 */

const GERMAN = 'Guten Tag, ich habe eine Frage zu meiner Rechnung.';

const model = await startStandInModel({ models: ['voice-test'], fallback: conversation });
const stt = await startStandInStt();
const espeak = await probeEspeak('espeak-ng');
if (!espeak) throw new Error('espeak-ng is needed for the voice tests');
const spoken: SpeechRequest[] = [];
const source = espeakSource(espeak, 10_000);
const speech = { ...source, synthesize: (r: SpeechRequest) => (spoken.push(r), source.synthesize(r)) };
const germanSpeech = espeakSpeech(GERMAN, 'de+m3');
stt.register(GERMAN, germanSpeech, undefined, 'de');

let svc: TestService;
let alice: TestUser;
useService(
  (s) => {
    ({ svc, alice } = s);
    const chat = createChatModel({ baseUrl: model.baseUrl, apiKey: undefined, model: 'voice-test', timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 });
    s.svc.server.voice!.startSession = voicePipeline({ db: s.svc.handle.db, model: chat, stt: { baseUrl: stt.baseUrl, apiKey: undefined, model: 'whisper-1', timeoutMs: 5_000 }, speech, allowPrivateUrls: true });
  },
  { llm: { baseUrl: model.baseUrl, model: 'voice-test', retryDelayMs: 5 }, voice: { transcription: true } },
);
afterAll(async () => {
  await model.close();
  await stt.close();
});

interface Socket {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<number>;
}

async function webCall(assistantId: number): Promise<Socket> {
  const res = await alice.req('POST', '/voice/web-calls', { assistant_id: assistantId });
  expect(res.status, res.text).toBe(201);
  const url = `${svc.server.url.replace('http', 'ws').replace('localhost', '127.0.0.1')}/api/voice/web-calls/socket?ticket=${res.body.ticket as string}`;
  const ws = new WebSocket(url);
  const socket: Socket = { ws, messages: [], closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))) };
  ws.on('message', (data, isBinary) => {
    if (!isBinary) socket.messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
  });
  ws.on('error', () => undefined);
  await until('ready', async () => socket.messages.find((m) => m.type === 'ready'));
  return socket;
}

/** The caller's side in real time: `speech` then silence, 20 ms PCM16 frames by the clock, until stopped. */
function talk(ws: WebSocket, speech: Float32Array, leadMs = 300): () => void {
  const frame = PIPELINE_RATE / 50;
  const lead = Math.round((leadMs / 1000) * PIPELINE_RATE);
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor((performance.now() - started) / 20);
    for (; sent < due && ws.readyState === WebSocket.OPEN; sent++) {
      const out = Buffer.alloc(frame * 2);
      for (let i = 0; i < frame; i++) {
        const k = sent * frame + i - lead;
        const v = k >= 0 && k < speech.length ? speech[k]! : 0;
        out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2);
      }
      ws.send(out);
    }
  }, 10);
  return () => clearInterval(timer);
}

async function languageId(iso: string): Promise<number> {
  return (await svc.handle.db.selectFrom('languages').select('id').where('iso_2', '=', iso).executeTakeFirstOrThrow()).id;
}

describe('a web call with secondary languages', () => {
  it('a German caller of an English assistant with German as a secondary language is answered in German, in a German voice', async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id);
    await setUpVoiceAssistant(svc.handle.db, alice.id, assistant.id, 'http://127.0.0.1:9', {});
    // Through the API's field, as the console saves it.
    const set = await alice.req('PUT', `/user/assistant/${assistant.id}`, { secondary_language_ids: [await languageId('de')] });
    expect(set.status, set.text).toBe(200);
    const socket = await webCall(assistant.id);
    const callId = socket.messages.find((m) => m.type === 'ready')!.call_id as number;
    const said = spoken.length;
    const stop = talk(socket.ws, germanSpeech);
    try {
      const human = await until('the caller heard', async () => socket.messages.find((m) => m.type === 'transcript' && m.sender === 'human' && m.final === true), 15_000);
      expect(human.text).toBe(GERMAN);
      const bot = await until('the answer', async () => socket.messages.find((m) => m.type === 'transcript' && m.sender === 'bot' && m.final === true), 15_000);
      expect(bot.text).toBe(GERMAN_HELLO);
      // Spoken by eSpeak NG in German.
      const answer = spoken.slice(said).filter((r) => GERMAN_HELLO.includes(r.text));
      expect(answer.length).toBeGreaterThan(0);
      for (const r of answer) expect(r.language).toBe('de');
      expect(stt.requests.find((r) => r.text === GERMAN)).toMatchObject({ language: null, responseFormat: 'verbose_json' });
    } finally {
      stop();
    }
    socket.ws.send(JSON.stringify({ type: 'end' }));
    await until('ended', async () => socket.messages.find((m) => m.type === 'ended'));
    const row = await callEnded(svc, callId);
    expect((row.transcript as { sender: string; text: string }[]).map((e) => [e.sender, e.text])).toEqual([
      ['human', GERMAN],
      ['bot', GERMAN_HELLO],
    ]);
  }, 40_000);

  it('max_initial_silence_duration: a caller who says nothing is hung up on, the call ended by the assistant', async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id);
    await setUpVoiceAssistant(svc.handle.db, alice.id, assistant.id, 'http://127.0.0.1:9', {});
    const set = await alice.req('PUT', `/user/assistant/${assistant.id}`, { max_initial_silence_duration: 2 });
    expect(set.status, set.text).toBe(200);
    const opened = performance.now();
    const socket = await webCall(assistant.id);
    const callId = socket.messages.find((m) => m.type === 'ready')!.call_id as number;
    const stop = talk(socket.ws, new Float32Array(0));
    try {
      const ended = await until('ended', async () => socket.messages.find((m) => m.type === 'ended'), 10_000);
      expect(ended).toMatchObject({ call_id: callId, reason: 'initial_silence' });
      expect(performance.now() - opened).toBeGreaterThan(1_900);
    } finally {
      stop();
    }
    const row = await callEnded(svc, callId);
    expect(row.status).toBe('ended_by_assistant');
    expect(row.transcript).toEqual([]);
  }, 30_000);
});
