import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { resample } from '../../audio/pcm';
import { probeEspeak, espeakSource } from '../../speech/espeak';
import type { SpeechSource } from '../../speech/speech';
import { floatsToPcm16, pcm16ToFloats } from '../../voice/web-socket';
import { mulawToFloats } from '../../voice/realtime/audio';
import { ENERGY_FLOOR, matchPhrase, phraseSpan } from './transcription';
import { createRequire } from 'node:module';

/*
 * A speech-to-speech endpoint of our own speaking OpenAI's Realtime protocol (GA event names), for the service
 * tests, the browser tests (e2e/serve/realtime.ts) and the benchmarks. A real WebSocket server at
 * ws://127.0.0.1:PORT/v1/realtime?model=… (GET /v1/models over HTTP on the same port lists `models`):
 *
 * - session.created on connect; session.update merged into the session, answered with session.updated.
 * - input_audio_buffer.append in the session's input format (audio/pcm 24 kHz, audio/pcmu): speech starts when
 *   30 ms of 10 ms frames are over the transcription stand-in's energy floor (speech_started with audio_start_ms;
 *   a response being made is cancelled unless interrupt_response is false), and stops after silence_duration_ms
 *   of frames under it (semantic_vad: 800 / 500 / 300 ms for low / medium / high eagerness). Then
 *   speech_stopped (audio_end_ms), committed, the user item, its transcription (the transcription stand-in's
 *   approach: the registered phrase whose loudness envelope matches, transcription.ts matchPhrase), and, unless
 *   create_response is false, a response.
 * - Responses are deterministic: response.create's instructions asking to say something exactly ('…: "X"') say X;
 *   after a function_call_output, "Order <id> is <status>, arriving <eta>."; a caller's words naming an order (with a
 *   function on offer other than end_call) a function call of the first such function with {order_id} (the id
 *   said, else A-1234); words naming sales with transfer_to_assistant on offer a call of it; "bye" with end_call on offer a goodbye and a call of end_call; anything else `answer`'s
 *   reply (default: "Of course. What is your question?"). Audio answers are spoken by eSpeak NG in the session's
 *   output format, sent as output_audio deltas of 100 ms (faster than real time, as endpoints do) with the
 *   transcript's deltas; a session with output_modalities ["text"] gets output_text deltas only.
 * - response.cancel stops the response (response.done with status cancelled); conversation.item.truncate cuts the
 *   item's transcript to the share of its audio played (conversation.item.truncated). Every client event is kept.
 */

// alawmulaw ships CommonJS whose named exports Node's ESM loader does not see.
const { mulaw } = createRequire(import.meta.url)('alawmulaw') as typeof import('alawmulaw');

const RATE = 16_000;
const FRAME = RATE / 100;
const VOICED_TO_START = 3;
const DELTA_MS = 100;
export const STAND_IN_REALTIME_MODELS = ['gpt-realtime', 'gpt-4o-realtime'];
export const DEFAULT_ANSWER = 'Of course. What is your question?';

export interface ClientEvent {
  type: string;
  [key: string]: unknown;
}

interface Said {
  id: string;
  role: 'user' | 'assistant' | 'function_call' | 'function_call_output';
  text: string;
  audioMs?: number;
  name?: string;
  callId?: string;
  output?: string;
}

export interface StandInRealtimeSession {
  model: string | null;
  authorization: string | undefined;
  /** The session as the client configured it (session.update merged). */
  config: Record<string, unknown>;
  /** Every client event, oldest first (audio appends without their audio). */
  events: ClientEvent[];
  conversation: Said[];
  responses: { id: string; status: string; text: string; functionCalls: string[] }[];
  truncates: { itemId: string; audioEndMs: number }[];
  cancels: number;
  /** Caller audio received, ms. */
  audioMs: number;
}

export interface StandInRealtime {
  /** ws://127.0.0.1:PORT/v1 (what REALTIME_BASE_URL would hold). */
  baseUrl: string;
  sessions: StandInRealtimeSession[];
  models: string[];
  /** The time from a response's start to its first delta (the model's). */
  firstDeltaMs: number;
  /** The wait between 100 ms audio deltas (5: far faster than real time; 50: twice real time). */
  deltaEveryMs: number;
  /** The reply to a caller's words that name no order and say no goodbye. */
  answer: (heard: string) => string;
  /** A caller's phrase and its audio (mono, `sampleRate`, default 16 kHz). */
  register(text: string, samples: Float32Array, sampleRate?: number): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rms(samples: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});

function merge(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = typeof v === 'object' && v !== null && !Array.isArray(v) && typeof out[k] === 'object' ? merge(obj(out[k]), obj(v)) : v;
  return out;
}

export async function startStandInRealtime(options: { port?: number; firstDeltaMs?: number; deltaEveryMs?: number } = {}): Promise<StandInRealtime> {
  const install = await probeEspeak('espeak-ng');
  if (!install) throw new Error('espeak-ng is needed for the realtime stand-in');
  const voice: SpeechSource = espeakSource(install, 20_000);
  const phrases: { text: string; span: Float32Array; language: string }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.method === 'GET' && (req.url === '/v1/models' || req.url === '/models')) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ object: 'list', data: state.models.map((id) => ({ id, object: 'model', owned_by: 'stand-in' })) }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/v1/realtime' && url.pathname !== '/realtime') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, url.searchParams.get('model'), req.headers.authorization));
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', () => r()));

  const state: StandInRealtime = {
    baseUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    sessions: [],
    models: [...STAND_IN_REALTIME_MODELS],
    firstDeltaMs: options.firstDeltaMs ?? 50,
    deltaEveryMs: options.deltaEveryMs ?? 5,
    answer: () => DEFAULT_ANSWER,
    register(text, samples, sampleRate = RATE) {
      const at16k = resample({ sampleRate, samples }, RATE).samples;
      const probe = phraseSpan(at16k);
      if (!probe) throw new Error(`The audio registered for "${text}" is silent`);
      phrases.push({ text, span: probe, language: 'en' });
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  function serve(ws: WebSocket, model: string | null, authorization: string | undefined): void {
    let ids = 0;
    const id = (p: string) => `${p}_${(ids += 1).toString().padStart(4, '0')}`;
    const session: StandInRealtimeSession = {
      model,
      authorization,
      config: {
        type: 'realtime',
        model,
        output_modalities: ['audio'],
        instructions: '',
        audio: {
          input: { format: { type: 'audio/pcm', rate: 24000 }, transcription: null, turn_detection: { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500, create_response: true, interrupt_response: true } },
          output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'alloy', speed: 1 },
        },
        tools: [],
      },
      events: [],
      conversation: [],
      responses: [],
      truncates: [],
      cancels: 0,
      audioMs: 0,
    };
    state.sessions.push(session);
    const send = (event: Json) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event_id: id('event'), ...event }));
    };
    send({ type: 'session.created', session: session.config });

    // Voice activity over the input (16 kHz for the detector and the matcher).
    let speech: Float32Array[] | null = null;
    let pending = new Float32Array(0);
    let voicedRun = 0;
    let silentMs = 0;
    let startMs = 0;
    let userItem = '';
    let active: { id: string; cancelled: boolean } | null = null;
    const format = (side: 'input' | 'output') => obj(obj(obj(session.config.audio)[side]).format);
    const turn = () => obj(obj(obj(session.config.audio).input).turn_detection);
    const silenceMs = () => {
      const t = turn();
      if (t.type === 'semantic_vad') return t.eagerness === 'high' ? 300 : t.eagerness === 'low' ? 800 : 500;
      return typeof t.silence_duration_ms === 'number' ? t.silence_duration_ms : 500;
    };
    const tools = () => (Array.isArray(session.config.tools) ? (session.config.tools as Json[]) : []).map((t) => String(t.name ?? ''));

    const hear = (samples: Float32Array) => {
      const all = new Float32Array(pending.length + samples.length);
      all.set(pending);
      all.set(samples, pending.length);
      let at = 0;
      for (; at + FRAME <= all.length; at += FRAME) {
        const frame = all.subarray(at, at + FRAME);
        const voiced = rms(frame, 0, FRAME) >= ENERGY_FLOOR;
        const frameEndMs = session.audioMs + ((at + FRAME) / RATE) * 1000 - (pending.length / RATE) * 1000;
        if (speech) {
          speech.push(frame.slice());
          silentMs = voiced ? 0 : silentMs + 10;
          if (silentMs >= silenceMs()) stopped(Math.round(frameEndMs - silentMs));
        } else if (voiced) {
          voicedRun += 1;
          if (voicedRun >= VOICED_TO_START) started(Math.round(frameEndMs - VOICED_TO_START * 10), frame);
        } else voicedRun = 0;
      }
      pending = all.slice(at);
      session.audioMs += (samples.length / RATE) * 1000;
    };

    const started = (atMs: number, frame: Float32Array) => {
      speech = [frame.slice()];
      silentMs = 0;
      startMs = atMs;
      userItem = id('item');
      send({ type: 'input_audio_buffer.speech_started', audio_start_ms: atMs, item_id: userItem });
      if (active && turn().interrupt_response !== false) cancel();
    };

    const stopped = (endMs: number) => {
      const audio = speech ?? [];
      speech = null;
      voicedRun = 0;
      const item = userItem;
      send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: endMs, item_id: item });
      send({ type: 'input_audio_buffer.committed', item_id: item, previous_item_id: null });
      send({ type: 'conversation.item.added', item: { id: item, type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_audio', transcript: null }] } });
      const samples = new Float32Array(audio.reduce((n, f) => n + f.length, 0));
      let o = 0;
      for (const f of audio) {
        samples.set(f, o);
        o += f.length;
      }
      const text = matchPhrase(phrases, samples);
      session.conversation.push({ id: item, role: 'user', text, audioMs: endMs - startMs });
      send({ type: 'conversation.item.input_audio_transcription.completed', item_id: item, content_index: 0, transcript: text });
      if (turn().create_response !== false) void respond({});
    };

    const cancel = () => {
      if (!active) return false;
      active.cancelled = true;
      session.cancels += 1;
      return true;
    };

    /** What the stand-in's model says next: its words and the function it calls. */
    const decide = (instructions: string | null): { text: string; call: { name: string; arguments: Json } | null } => {
      const exact = instructions ? /:\s*"([\s\S]*)"\s*$/.exec(instructions)?.[1] : undefined;
      if (exact !== undefined) return { text: exact, call: null };
      const last = session.conversation.at(-1);
      if (last?.role === 'function_call_output') {
        let out: Json = {};
        try {
          out = obj(JSON.parse(last.output ?? '{}'));
        } catch {
          // not JSON: the status is unknown
        }
        if (out.ended === true) return { text: 'Goodbye!', call: null };
        return { text: `Order ${String(out.order_id ?? 'A-1234')} is ${String(out.status ?? 'unknown')}, arriving ${String(out.eta ?? 'soon')}.`, call: null };
      }
      const heard = [...session.conversation].reverse().find((s) => s.role === 'user')?.text ?? '';
      const offered = tools();
      const orderTool = offered.find((n) => n !== 'end_call' && n !== 'search_knowledge_base' && n !== 'transfer_to_assistant');
      // The caller asks for sales and a hand-over is on offer (assistant_transfer): the model hands the call over.
      if (last?.role === 'user' && /\bsales\b/i.test(heard) && offered.includes('transfer_to_assistant')) return { text: '', call: { name: 'transfer_to_assistant', arguments: {} } };
      if (last?.role === 'user' && /order/i.test(heard) && orderTool) return { text: '', call: { name: orderTool, arguments: { order_id: /\b[A-Z]-\d+\b/.exec(heard)?.[0] ?? 'A-1234' } } };
      if (last?.role === 'user' && /\bbye\b/i.test(heard) && offered.includes('end_call')) return { text: 'Thank you for calling. Goodbye!', call: { name: 'end_call', arguments: {} } };
      if (!last) return { text: 'Hello, how can I help you?', call: null };
      return { text: state.answer(heard), call: null };
    };

    const respond = async (request: Json) => {
      if (active) cancel();
      const response = { id: id('resp'), cancelled: false };
      active = response;
      const instructions = typeof request.instructions === 'string' ? request.instructions : null;
      const { text, call } = decide(instructions);
      send({ type: 'response.created', response: { id: response.id, object: 'realtime.response', status: 'in_progress', output: [] } });
      const output: Json[] = [];
      const record = { id: response.id, status: 'completed', text: '', functionCalls: [] as string[] };
      session.responses.push(record);
      await sleep(state.firstDeltaMs);
      const textOnly = Array.isArray(session.config.output_modalities) && !(session.config.output_modalities as string[]).includes('audio');
      if (text !== '' && !response.cancelled) {
        const itemId = id('item');
        const item: Said = { id: itemId, role: 'assistant', text: '', audioMs: 0 };
        session.conversation.push(item);
        send({ type: 'response.output_item.added', response_id: response.id, output_index: 0, item: { id: itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] } });
        send({ type: 'conversation.item.added', item: { id: itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] } });
        send({ type: 'response.content_part.added', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0, part: { type: textOnly ? 'output_text' : 'output_audio' } });
        const words = text.split(/(?<=\s)/);
        if (textOnly) {
          for (const w of words) {
            if (response.cancelled) break;
            send({ type: 'response.output_text.delta', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0, delta: w });
            item.text += w;
            await sleep(2);
          }
          if (!response.cancelled) send({ type: 'response.output_text.done', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0, text });
        } else {
          const chunks = await spoken(text);
          item.audioMs = chunks.length * DELTA_MS;
          // The transcript runs a little ahead of the audio, word by word, as OpenAI's does.
          const perChunk = Math.max(1, Math.ceil(words.length / Math.max(1, chunks.length)));
          for (let i = 0; i < chunks.length && !response.cancelled; i++) {
            const part = words.slice(i * perChunk, (i + 1) * perChunk).join('');
            if (part) {
              item.text += part;
              send({ type: 'response.output_audio_transcript.delta', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0, delta: part });
            }
            send({ type: 'response.output_audio.delta', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0, delta: chunks[i] });
            await sleep(state.deltaEveryMs);
          }
          if (!response.cancelled) {
            const rest = words.slice(chunks.length * perChunk).join('');
            if (rest) {
              item.text += rest;
              send({ type: 'response.output_audio_transcript.delta', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0, delta: rest });
            }
            send({ type: 'response.output_audio.done', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0 });
            send({ type: 'response.output_audio_transcript.done', response_id: response.id, item_id: itemId, output_index: 0, content_index: 0, transcript: text });
          }
        }
        record.text = item.text;
        const status = response.cancelled ? 'incomplete' : 'completed';
        send({ type: 'response.output_item.done', response_id: response.id, output_index: 0, item: { id: itemId, type: 'message', role: 'assistant', status } });
        output.push({ id: itemId, type: 'message', role: 'assistant', status });
      }
      if (call && !response.cancelled) {
        const itemId = id('item');
        const callId = id('call');
        const args = JSON.stringify(call.arguments);
        session.conversation.push({ id: itemId, role: 'function_call', text: '', name: call.name, callId });
        send({ type: 'response.output_item.added', response_id: response.id, output_index: output.length, item: { id: itemId, type: 'function_call', status: 'in_progress', call_id: callId, name: call.name, arguments: '' } });
        send({ type: 'response.function_call_arguments.delta', response_id: response.id, item_id: itemId, output_index: output.length, call_id: callId, delta: args });
        send({ type: 'response.function_call_arguments.done', response_id: response.id, item_id: itemId, output_index: output.length, call_id: callId, name: call.name, arguments: args });
        const item = { id: itemId, type: 'function_call', status: 'completed', call_id: callId, name: call.name, arguments: args };
        send({ type: 'response.output_item.done', response_id: response.id, output_index: output.length, item });
        output.push(item);
        record.functionCalls.push(call.name);
      }
      record.status = response.cancelled ? 'cancelled' : 'completed';
      if (active === response) active = null;
      send({ type: 'response.done', response: { id: response.id, object: 'realtime.response', status: record.status, output, usage: { total_tokens: 0, input_tokens: 0, output_tokens: 0 } } });
    };

    /** eSpeak NG's audio of `text` in the output format, cut in 100 ms base64 deltas. */
    const spoken = async (text: string): Promise<string[]> => {
      const pcm = await voice.synthesize({ text, language: 'en', voice: 'assistant', voiceName: 'f3' });
      const out: string[] = [];
      if (format('output').type === 'audio/pcmu') {
        const at8k = resample(pcm, 8_000).samples;
        const pcm16 = new Int16Array(at8k.length);
        for (let i = 0; i < at8k.length; i++) pcm16[i] = Math.round(Math.max(-1, Math.min(1, at8k[i]!)) * 32767);
        const bytes = mulaw.encode(pcm16);
        const step = (8_000 * DELTA_MS) / 1000;
        for (let i = 0; i < bytes.length; i += step) out.push(Buffer.from(bytes.subarray(i, i + step)).toString('base64'));
      } else {
        const at24k = resample(pcm, 24_000).samples;
        const step = (24_000 * DELTA_MS) / 1000;
        for (let i = 0; i < at24k.length; i += step) out.push(floatsToPcm16(at24k.subarray(i, i + step)).toString('base64'));
      }
      return out;
    };

    ws.on('message', (data) => {
      let event: ClientEvent;
      try {
        event = JSON.parse(data.toString()) as ClientEvent;
      } catch {
        send({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_json', message: 'not JSON' } });
        return;
      }
      session.events.push(event.type === 'input_audio_buffer.append' ? { type: event.type } : event);
      switch (event.type) {
        case 'session.update':
          session.config = merge(session.config, obj(event.session));
          send({ type: 'session.updated', session: session.config });
          return;
        case 'input_audio_buffer.append': {
          const bytes = Buffer.from(String(event.audio ?? ''), 'base64');
          const input = format('input');
          const samples = input.type === 'audio/pcmu' ? resample({ sampleRate: 8_000, samples: mulawToFloats(bytes) }, RATE).samples : resample({ sampleRate: 24_000, samples: pcm16ToFloats(bytes) }, RATE).samples;
          hear(samples);
          return;
        }
        case 'input_audio_buffer.clear':
          speech = null;
          pending = new Float32Array(0);
          send({ type: 'input_audio_buffer.cleared' });
          return;
        case 'conversation.item.create': {
          const item = obj(event.item);
          const itemId = typeof item.id === 'string' ? item.id : id('item');
          if (item.type === 'function_call_output') session.conversation.push({ id: itemId, role: 'function_call_output', text: '', callId: String(item.call_id ?? ''), output: String(item.output ?? '') });
          else if (item.type === 'message') {
            const content = Array.isArray(item.content) ? (item.content as Json[]) : [];
            session.conversation.push({ id: itemId, role: item.role === 'assistant' ? 'assistant' : 'user', text: content.map((c) => String(c.text ?? c.transcript ?? '')).join(' ') });
          }
          send({ type: 'conversation.item.added', item: { ...item, id: itemId } });
          send({ type: 'conversation.item.done', item: { ...item, id: itemId } });
          return;
        }
        case 'conversation.item.truncate': {
          const itemId = String(event.item_id ?? '');
          const audioEndMs = Number(event.audio_end_ms ?? 0);
          const item = session.conversation.find((s) => s.id === itemId && s.role === 'assistant');
          if (!item) {
            send({ type: 'error', error: { type: 'invalid_request_error', code: 'item_truncate_invalid_item_id', message: `no assistant item ${itemId}` } });
            return;
          }
          session.truncates.push({ itemId, audioEndMs });
          const words = item.text.split(/\s+/).filter((w) => w !== '');
          const share = item.audioMs ? Math.min(1, audioEndMs / item.audioMs) : 0;
          item.text = words.slice(0, Math.round(words.length * share)).join(' ');
          item.audioMs = Math.min(item.audioMs ?? 0, audioEndMs);
          send({ type: 'conversation.item.truncated', item_id: itemId, content_index: Number(event.content_index ?? 0), audio_end_ms: audioEndMs });
          return;
        }
        case 'response.create':
          void respond(obj(event.response));
          return;
        case 'response.cancel':
          if (!cancel()) send({ type: 'error', error: { type: 'invalid_request_error', code: 'response_cancel_not_active', message: 'no active response' } });
          return;
        default:
          return;
      }
    });
    ws.on('error', () => undefined);
  }

  return state;
}
