import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../speech/select';
import { pcmOf, rmsBetween } from '../test/audio';
import { insertAssistant } from '../test/fixtures';
import { setUpVoiceAssistant, type VoiceAssistantSpec } from '../test/order-tool';
import type { TestService, TestUser } from '../test/harness';
import { startStandInModel, type SeenRequest, type Scripted } from '../test/stand-ins/model';
import { startStandInStt } from '../test/stand-ins/transcription';
import { startStandInTwilio, type Said, type StandInCall } from '../test/stand-ins/twilio';
import { until as waitUntil } from '../test/until';
import { espeakSpeech } from '../test/voice-call';
import { usePipelineService } from '../test/use-pipeline-service';

/*
 * A phone call you can hear, end to end, over real sockets: the service (harness) with the REAL pipeline
 * (voice/pipeline.ts: Silero VAD, the transcription endpoint, the streamed model, eSpeak NG speech) against
 * the stand-ins (Twilio's REST and media streams, the transcription server, the model), a Twilio number
 * imported through the stand-in and an inbound assistant with an order-lookup tool. The caller's voice is
 * eSpeak NG played as μ-law in real time; every time below is on the Twilio stand-in's own timeline (when
 * it sent a frame, when it received one), as a caller would measure it.
 */

const ORDER = 'Where is my order A-1234?';
const STOP = 'No, wait, I have a question.';
const GREETING_LONG = 'Hello and welcome to Acme support. We are open from nine in the morning until six in the evening on weekdays, and on Saturdays from ten to four.';
const ANSWER_ORDER = 'Order A-1234 has shipped.';
const ANSWER_OTHER = 'Of course. What is your question?';

const twilio = await startStandInTwilio();
const stt = await startStandInStt();
const text = (c: unknown) => (typeof c === 'string' ? c : '');
const model = await startStandInModel({
  // A streamed model with a time to first token, as a real one.
  firstTokenMs: 50,
  fallback: (req: SeenRequest): Scripted => {
    const last = req.body.messages.at(-1);
    if (last?.role === 'tool') return { text: `Order ${/"order":"([\w-]+)"/.exec(text(last.content))?.[1] ?? ''} has shipped.` };
    if (last?.role === 'user' && /order/i.test(text(last.content))) return { toolCalls: [{ name: 'order_status', arguments: { order_id: 'A-1234' } }] };
    return { text: ANSWER_OTHER };
  },
});
const toolCalls: unknown[] = [];
const tools = http.createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString('utf8') || 'null') as { order_id?: string };
    toolCalls.push(body);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ order: body.order_id, status: 'shipped', eta: 'Friday' }));
  });
});
await new Promise<void>((r) => tools.listen(0, '127.0.0.1', () => r()));
const toolBase = `http://127.0.0.1:${(tools.address() as AddressInfo).port}`;

const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the voice tests');
const speechOf: Record<string, Float32Array> = {};
for (const phrase of [ORDER, STOP]) {
  speechOf[phrase] = espeakSpeech(phrase);
  stt.register(phrase, speechOf[phrase]);
}

// The harness makes the database; the pipeline is bound to it once the service is up.
let svc: TestService;
let alice: TestUser;
usePipelineService((s) => ({ svc, alice } = s), { model, stt, speech, twilio });
afterAll(async () => {
  tools.closeAllConnections();
  await new Promise<void>((r) => tools.close(() => r()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits as long as a spoken turn may take, looking every 25 ms (the times below are measured to tens of ms). */
const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 15_000, 25);

interface Entry {
  sender: string;
  type?: string;
  text: string;
  name?: string;
  arguments?: unknown;
  interrupted?: boolean;
  latency_ms?: number;
  endpointing_ms?: number;
  stt_ms?: number;
  llm_ms?: number;
  tts_ms?: number;
}
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transcriptOf = async (id: number) => ((await callRow(id)).transcript ?? []) as Entry[];
/** The background work runs until the call has its outcome (the engine's tick after the hand-back). */
const ended = (id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await callRow(id);
    return row.engine_next_at === null && row.status !== 'in-progress' ? row : undefined;
  });
const lines = (entries: Entry[]) => entries.map((e) => `${e.sender}: ${e.type === 'function_call' ? `${e.name} ${JSON.stringify(e.arguments)}` : e.text}${e.interrupted ? ' (cut)' : ''}`);

let numbers = 0;
/** A Twilio number imported by alice, answered by a new inbound assistant. */
async function line(spec: VoiceAssistantSpec): Promise<{ phone: string }> {
  const account = twilio.addAccount();
  const phone = `+1415556${String(1000 + (numbers += 1)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  const db = svc.handle.db;
  const row = await insertAssistant(db, alice.id, { type: 'inbound', phone_number_id: res.body.data.id as number, record: true });
  await setUpVoiceAssistant(db, alice.id, row.id, toolBase, spec);
  return { phone };
}

/** The call's id in the service, once the stream has started it. */
const callIdOf = (call: StandInCall) => until('the call row', async () => (await svc.handle.db.selectFrom('calls').select('id').where('provider_call_id', '=', call.sid).executeTakeFirst())?.id);

/** RMS (full scale 1) of what the service sent in [fromMs, toMs) of the stand-in's timeline. */
function receivedRms(call: StandInCall, fromMs: number, toMs: number): number {
  const frames = call.received.filter((r) => r.atMs >= fromMs && r.atMs < toMs);
  return frames.length === 0 ? 0 : Math.sqrt(frames.reduce((s, r) => s + r.level ** 2, 0) / frames.length);
}

async function saidAll(said: Said): Promise<Said & { onsetMs: number; voicedEndMs: number }> {
  await said.done;
  expect(said.onsetMs).not.toBeNull();
  return said as Said & { onsetMs: number; voicedEndMs: number };
}

describe('a phone call through the real pipeline', () => {
  it('hears "Where is my order A-1234?", calls the tool, answers aloud as μ-law, and keeps the transcript, latencies and a real recording', async () => {
    const { phone } = await line({ withTool: true });
    const call = await twilio.dial('+14155550161', phone);
    expect(call.webhookStatus).toBe(200);
    const callId = await callIdOf(call);
    await sleep(300);
    const said = await saidAll(call.say(speechOf[ORDER]!));
    const first = await until('the answer audio', () => call.soundAfter(said.voicedEndMs));
    const v2v = first - said.voicedEndMs;
    // The answer plays to its end (its entry is written then), and the caller hangs up (`stop`).
    await until('the answer', async () => (await transcriptOf(callId)).length >= 3);
    await call.hangUp();
    expect(call.closeCode).toBe(1000);
    const row = await ended(callId);

    expect(toolCalls.at(-1)).toEqual({ order_id: 'A-1234' });
    // The reply's audio: 20 ms μ-law frames, loud where the assistant speaks, nothing before the caller spoke.
    expect(call.received.every((r) => r.bytes.length === 160)).toBe(true);
    expect(receivedRms(call, 0, said.onsetMs)).toBe(0);
    expect(receivedRms(call, first, first + 1_000)).toBeGreaterThan(0.03);

    const transcript = row.transcript as Entry[];
    expect(lines(transcript)).toEqual([`human: ${ORDER}`, 'tool: order_status {"order_id":"A-1234"}', `bot: ${ANSWER_ORDER}`]);
    const bot = transcript[2]!;
    for (const k of ['latency_ms', 'endpointing_ms', 'stt_ms', 'llm_ms', 'tts_ms'] as const) expect(bot[k], k).toBeTypeOf('number');
    console.info(`voice to voice: ${Math.round(v2v)} ms at the stand-in (end of speech → first loud frame); the service's entry: ${JSON.stringify({ latency_ms: bot.latency_ms, endpointing_ms: bot.endpointing_ms, stt_ms: bot.stt_ms, llm_ms: bot.llm_ms, tts_ms: bot.tts_ms })}`);
    // The pause that ends the turn (650 ms at the default endpoint_sensitivity) is part of voice to voice, both ways measured.
    expect(bot.endpointing_ms!).toBeGreaterThanOrEqual(500);
    expect(bot.latency_ms!).toBeGreaterThan(bot.endpointing_ms! + bot.llm_ms!);
    // Two model steps (the tool call, then the words), each with the stand-in's 50 ms to its first token.
    expect(bot.llm_ms!).toBeGreaterThanOrEqual(100);
    expect(v2v).toBeGreaterThan(bot.endpointing_ms!);
    expect(row).toMatchObject({ status: 'completed', type: 'inbound', provider: 'twilio', latency_turns: 1 });

    // The recording: the real audio, both sides at their times. Read on its own timeline: silence, the caller
    // for as long as the stand-in played them, a pause, the assistant. (The pause may be shorter than the
    // stand-in's voice to voice by the session's start-up: the caller's frames that came while the session was
    // starting are laid from the recording's start, not where they came. Tens of ms unloaded, 500 seen at a
    // load of 20 on two cores.)
    expect(row.recording_key).not.toBeNull();
    const served = await fetch(`${svc.api}/recordings/${row.recording_key}.wav`);
    expect(served.status).toBe(200);
    const wav = pcmOf(new Uint8Array(await served.arrayBuffer()));
    const loudFrom = (fromS: number) => {
      for (let t = Math.max(0, fromS); t < wav.samples.length / wav.sampleRate; t += 0.01) if (rmsBetween(wav, t, t + 0.02) > 300) return t;
      return null;
    };
    const callerAt = loudFrom(0)!;
    expect(callerAt).not.toBeNull();
    const callerEnd = callerAt + (said.voicedEndMs - said.onsetMs) / 1000;
    expect(rmsBetween(wav, 0, callerAt - 0.05)).toBeLessThan(30);
    expect(rmsBetween(wav, callerAt + 0.2, callerEnd - 0.2)).toBeGreaterThan(500);
    const botAt = loudFrom(callerEnd + 0.15)!;
    expect(botAt).not.toBeNull();
    console.info(`recording: caller from ${callerAt.toFixed(2)} s, the answer ${Math.round((botAt - callerEnd) * 1000)} ms after their last word (the stand-in: ${Math.round(v2v)} ms)`);
    expect(rmsBetween(wav, callerEnd + 0.15, botAt - 0.05)).toBeLessThan(30);
    expect(botAt - callerEnd).toBeGreaterThan(bot.endpointing_ms! / 1000 - 0.15);
    expect(botAt - callerEnd).toBeLessThan(v2v / 1000 + 0.15);
    expect(rmsBetween(wav, botAt + 0.1, botAt + 0.9)).toBeGreaterThan(500);
  }, 30_000);

  it('barge-in: the caller speaking over the greeting gets a `clear` within 300 ms of their onset, and the greeting is kept cut', async () => {
    const { phone } = await line({ initial_message: GREETING_LONG, allow_interruptions: true });
    const call = await twilio.dial('+14155550162', phone);
    const callId = await callIdOf(call);
    const greeting = await until('the greeting', () => call.soundAfter(0));
    await until('a second of the greeting', () => call.now() > greeting + 1_000);
    const said = call.say(speechOf[STOP]!);
    const clear = await until('the clear', () => call.clears[0]);
    const spoken = await saidAll(said);
    const reaction = clear - spoken.onsetMs;
    console.info(`barge-in: clear ${Math.round(reaction)} ms after the caller's onset (stand-in timeline)`);
    expect(reaction).toBeGreaterThan(0);
    expect(reaction).toBeLessThan(300);
    expect(call.clears).toHaveLength(1);
    // Nothing of the greeting is sent after the clear.
    expect(receivedRms(call, clear + 1, spoken.voicedEndMs)).toBe(0);
    // What the caller said is their turn, and it is answered.
    await until('the answer', async () => (await transcriptOf(callId)).length >= 3);
    await call.hangUp();
    const transcript = (await ended(callId)).transcript as Entry[];
    expect(transcript[0]).toMatchObject({ sender: 'bot', interrupted: true });
    expect(GREETING_LONG.startsWith(transcript[0]!.text)).toBe(true);
    expect(transcript[0]!.text.length).toBeLessThan(GREETING_LONG.length);
    expect(lines(transcript).slice(1, 3)).toEqual([`human: ${STOP}`, `bot: ${ANSWER_OTHER}`]);
  }, 30_000);

  it('two calls at once each get their own answer', async () => {
    const { phone } = await line({ withTool: true });
    const [a, b] = await Promise.all([twilio.dial('+14155550163', phone), twilio.dial('+14155550164', phone)]);
    const [idA, idB] = await Promise.all([callIdOf(a), callIdOf(b)]);
    expect(idA).not.toBe(idB);
    await sleep(300);
    // B speaks first and is answered while A is still speaking: any of B's answer on A's stream would show.
    const saidB = b.say(speechOf[STOP]!);
    await sleep(800);
    const saidA = a.say(speechOf[ORDER]!);
    await Promise.all([saidAll(saidA), saidAll(saidB)]);
    await until('both answers played', async () => (await transcriptOf(idA)).length >= 3 && (await transcriptOf(idB)).length >= 2);
    await Promise.all([a.hangUp(), b.hangUp()]);
    const [rowA, rowB] = await Promise.all([ended(idA), ended(idB)]);
    expect(lines(rowA.transcript as Entry[])).toEqual([`human: ${ORDER}`, 'tool: order_status {"order_id":"A-1234"}', `bot: ${ANSWER_ORDER}`]);
    expect(lines(rowB.transcript as Entry[])).toEqual([`human: ${STOP}`, `bot: ${ANSWER_OTHER}`]);
    // Each stream hears only its own assistant, after its own caller: B's answer began while A still spoke.
    const firstA = a.soundAfter(0)!;
    const firstB = b.soundAfter(0)!;
    console.info(`two calls: B answered ${Math.round(firstB - saidB.voicedEndMs!)} ms after its caller, ${Math.round(saidA.voicedEndMs! - (firstB + b.startedAt - a.startedAt))} ms before A's caller finished; A answered ${Math.round(firstA - saidA.voicedEndMs!)} ms after its caller`);
    expect(firstB + b.startedAt).toBeLessThan(saidA.voicedEndMs! + a.startedAt);
    expect(receivedRms(a, 0, saidA.voicedEndMs!)).toBe(0);
    expect(receivedRms(b, 0, saidB.voicedEndMs!)).toBe(0);
    expect(receivedRms(a, firstA, firstA + 800)).toBeGreaterThan(0.03);
    expect(receivedRms(b, firstB, firstB + 800)).toBeGreaterThan(0.03);
    expect(rowA.recording_key).not.toBe(rowB.recording_key);
  }, 30_000);
});
