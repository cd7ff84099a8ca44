import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeConfig } from '../../config';
import type { StartVoiceSession } from '../../live-calls/services';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../../speech/select';
import { VOICE_UNAVAILABLE_SAY } from '../../telephony/calls';
import { insertAssistant } from '../../test/fixtures';
import type { TestService, TestUser } from '../../test/harness';
import { setUpVoiceAssistant } from '../../test/order-tool';
import { startStandInRealtime } from '../../test/stand-ins/realtime';
import { startStandInTwilio } from '../../test/stand-ins/twilio';
import { until as waitUntil } from '../../test/until';
import { useService } from '../../test/use-service';
import { voicePipeline } from '../pipeline';
import { PIPELINE_RATE } from '../session-types';
import { floatsToPcm16 } from '../web-socket';

/*
 * A realtime-only service: REALTIME_BASE_URL set, and neither STT_BASE_URL nor LLM_BASE_URL (cli/start.ts builds the
 * voice door all the same). Over real sockets against the realtime and Twilio stand-ins: speech-to-speech
 * assistants hold web and phone calls; a pipeline assistant's web call answers 503 naming what it misses, and its
 * phone caller is told it cannot talk.
 */

const realtime = await startStandInRealtime({ deltaEveryMs: 20 });
const twilio = await startStandInTwilio();
const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the voice tests');
const GREETING = 'Hello, Acme here. How can I help?';

const realtimeConfig: RealtimeConfig = { baseUrl: realtime.baseUrl, apiKey: undefined, model: undefined };
let door: StartVoiceSession | null = null;
let svc: TestService;
let alice: TestUser;
useService(
  (s) => {
    ({ svc, alice } = s);
    const voice = s.svc.server.voice!;
    voice.twilioApiBaseUrl = twilio.baseUrl;
    voice.realtime = true;
    voice.realtimeConfig = realtimeConfig;
    // As cli/start.ts composes it without STT_BASE_URL and LLM_BASE_URL.
    door = voicePipeline({ db: s.svc.handle.db, model: null, stt: null, speech, allowPrivateUrls: true, realtime: realtimeConfig });
  },
  // No `llm`: the service has no language model. `transcription: false`: no STT_BASE_URL.
  { voice: { startSession: (call, transport, sink) => door!(call, transport, sink), transcription: false, pipeline: false } },
);
afterAll(async () => {
  await realtime.close();
  await twilio.close();
});

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 20_000, 25);
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function assistantIn(mode: 'pipeline' | 'multimodal' | 'dualplex', phoneNumberId?: number): Promise<number> {
  const db = svc.handle.db;
  const row = await insertAssistant(db, alice.id, phoneNumberId ? { type: 'inbound', phone_number_id: phoneNumberId } : {});
  await setUpVoiceAssistant(db, alice.id, row.id, '', { initial_message: GREETING });
  if (mode !== 'pipeline') {
    const model = await db.insertInto('llm_models').values({ name: 'gpt-realtime', multimodal: true }).onConflict((oc) => oc.column('name').doUpdateSet({ multimodal: true })).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('assistants').set({ mode, llm_model_id: model.id }).where('id', '=', row.id).execute();
  }
  return row.id;
}

async function twilioNumber(): Promise<{ phone: string; id: number }> {
  const account = twilio.addAccount();
  const phone = `+1415556${String(1000 + Math.floor(Math.random() * 8999)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  return { phone, id: res.body.data.id as number };
}

describe('a realtime-only service (REALTIME_BASE_URL, no STT_BASE_URL, no LLM_BASE_URL)', () => {
  it('says so in /local/info: speech-to-speech calls yes, pipeline web calls no', async () => {
    const res = await alice.req('GET', '/local/info');
    expect(res.status).toBe(200);
    expect(res.body.voice).toMatchObject({ transcription: false, model: false, web_call: false, realtime: true });
  });

  it('a pipeline assistant’s web call answers 503 naming STT_BASE_URL and LLM_BASE_URL', async () => {
    const res = await alice.req('POST', '/voice/web-calls', { assistant_id: await assistantIn('pipeline') });
    expect(res.status).toBe(503);
    expect(res.body.message).toContain('STT_BASE_URL and LLM_BASE_URL');
    // Another user's (or no) assistant is still 422, not a hint that it exists.
    const unknown = await alice.req('POST', '/voice/web-calls', { assistant_id: 999_999 });
    expect(unknown.status).toBe(422);
  });

  it.each(['multimodal', 'dualplex'] as const)('a %s assistant holds a web call: ticket, greeting heard, call ended', async (mode) => {
    const assistantId = await assistantIn(mode);
    const res = await alice.req('POST', '/voice/web-calls', { assistant_id: assistantId });
    expect(res.status, res.text).toBe(201);
    const before = realtime.sessions.length;
    const url = `${svc.server.url.replace('http', 'ws').replace('localhost', '127.0.0.1')}${res.body.socket_path as string}?ticket=${res.body.ticket as string}`;
    const ws = new WebSocket(url);
    const messages: Record<string, unknown>[] = [];
    let loud = 0;
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return void messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
      const buf = new Uint8Array(data as Buffer);
      const view = new Int16Array(buf.buffer, 0, buf.length >> 1);
      if (view.some((v) => Math.abs(v) > 1_000)) loud += view.length;
    });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    // The microphone: silence every 20 ms.
    const timer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(floatsToPcm16(new Float32Array(PIPELINE_RATE / 50))), 20);
    const callId = Number((await until('ready', () => messages.find((m) => m.type === 'ready'))).call_id);
    await until('the realtime session', () => realtime.sessions[before]);
    await until('half a second of the greeting', () => loud > PIPELINE_RATE / 2);
    await until('the greeting said', () => messages.find((m) => m.type === 'transcript' && m.sender === 'bot' && m.final === true && m.text === GREETING));
    ws.send(JSON.stringify({ type: 'end' }));
    await closed;
    clearInterval(timer);
    const row = await until('the call ended', async () => {
      await svc.work.runOnce();
      const r = await callRow(callId);
      return r.status !== 'in-progress' && r.status !== 'ended' ? r : undefined;
    });
    expect(row.status).toBe('completed');
    expect((row.transcript as { sender: string; text: string }[])[0]).toMatchObject({ sender: 'bot', text: GREETING });
  }, 45_000);

  it('a phone call: the multimodal assistant talks; the pipeline assistant’s caller is told it cannot', async () => {
    const line = await twilioNumber();
    const assistantId = await assistantIn('multimodal', line.id);
    const before = realtime.sessions.length;
    const call = await twilio.dial('+14155550191', line.phone);
    await until('the realtime session', () => realtime.sessions[before]);
    await until('the greeting', () => call.soundAfter(0));
    await call.hangUp();
    expect(assistantId).toBeGreaterThan(0);

    const other = await twilioNumber();
    await assistantIn('pipeline', other.id);
    const refused = await twilio.dial('+14155550192', other.phone);
    expect(refused.twiml).toContain(VOICE_UNAVAILABLE_SAY);
    expect(refused.streamUrl ?? null).toBeNull();
  }, 45_000);
});
