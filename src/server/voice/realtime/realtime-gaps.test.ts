import { afterAll, describe, expect, it } from 'vitest';
import type { RealtimeConfig } from '../../config';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../../speech/select';
import { insertAssistant } from '../../test/fixtures';
import type { TestService, TestUser } from '../../test/harness';
import { setUpVoiceAssistant, type VoiceAssistantSpec } from '../../test/order-tool';
import { startStandInModel } from '../../test/stand-ins/model';
import { startStandInRealtime } from '../../test/stand-ins/realtime';
import { startStandInStt } from '../../test/stand-ins/transcription';
import { startStandInTwilio, type StandInCall, type StandInCallee } from '../../test/stand-ins/twilio';
import { until as waitUntil } from '../../test/until';
import { voicemailFixtures, type VoicemailFixture } from '../../test/voicemail-fixtures';
import { espeakSpeech } from '../../test/voice-call';
import { usePipelineService } from '../../test/use-pipeline-service';

/*
 * The speech-to-speech calls' gaps closed over real sockets: the service with the real voice door against the
 * realtime stand-in (OpenAI's Realtime protocol), the Twilio stand-in (REST, media streams, its AMD verdicts)
 * and the model stand-in. An outbound multimodal call passes the voicemail gate as a pipeline call does: a machine
 * gets voice_mail_message in the assistant's pipeline voice and the endpoint is never opened; a person gets the
 * realtime session, which hears the line's μ-law through the gate. assistant_transfer on a speech-to-speech call:
 * the message before the hand-over, the other assistant's instructions on the same endpoint, its greeting.
 */

const GREETING = 'Hello, this is Acme calling about your order.';
const MESSAGE = 'Hi {{customer_name}}, this is Acme. Your order is ready. Please call us back.';

const { machines, people } = voicemailFixtures();
const realtime = await startStandInRealtime({ deltaEveryMs: 50 });
const twilio = await startStandInTwilio();
const stt = await startStandInStt();
const withBeep = machines[1]!;
const person = people.find((f) => f.text === 'Hello?')!;
for (const f of [withBeep, person]) stt.register(f.text, f.speech);
const model = await startStandInModel({ fallback: { text: 'Thanks, goodbye.' } });
const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the voice tests');

const ASK_SALES = 'I would like to talk to sales, please.';
realtime.register(ASK_SALES, espeakSpeech(ASK_SALES));
const BEFORE = 'One moment, I am handing you over to sales.';
const SALES_GREETING = 'Hi, this is Sam from Acme sales. What can I do for you?';

const realtimeConfig: RealtimeConfig = { baseUrl: realtime.baseUrl, apiKey: 'rt-key', model: undefined };
let svc: TestService;
let alice: TestUser;
usePipelineService((s) => ({ svc, alice } = s), { model, stt, speech, twilio, realtime: realtimeConfig });
afterAll(async () => {
  await realtime.close();
});

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 25_000, 25);
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ended = (id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await callRow(id);
    return row.engine_next_at === null && row.status !== 'in-progress' && row.status !== 'ended' ? row : undefined;
  });

interface Entry {
  sender: string;
  type?: string;
  text: string;
}

async function multimodalModelId(): Promise<number> {
  const row = await svc.handle.db.insertInto('llm_models').values({ name: 'gpt-realtime', multimodal: true }).onConflict((oc) => oc.column('name').doUpdateSet({ multimodal: true })).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function calleeOf(f: VoicemailFixture): StandInCallee {
  return f.kind === 'human' ? { kind: 'human', speechEndMs: f.speechEndMs } : { kind: 'machine', speechStartMs: f.speechStartMs, speechEndMs: f.speechEndMs, beepEndMs: f.beep?.endMs ?? null };
}

let numbers = 0;
/** A Twilio number of alice's and an outbound multimodal assistant calling from it. */
async function outboundRealtimeLine(spec: VoiceAssistantSpec): Promise<number> {
  const account = twilio.addAccount();
  const phone = `+1415558${String(1000 + (numbers += 1)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  const row = await insertAssistant(svc.handle.db, alice.id, { type: 'outbound', phone_number_id: res.body.data.id as number, record: true });
  await setUpVoiceAssistant(svc.handle.db, alice.id, row.id, '', { initial_message: GREETING, ...spec });
  await svc.handle.db.updateTable('assistants').set({ mode: 'multimodal', llm_model_id: await multimodalModelId() }).where('id', '=', row.id).execute();
  return row.id;
}

async function makeCall(assistantId: number, f: VoicemailFixture, talkMs = 20_000): Promise<{ callId: number; call: StandInCall }> {
  Object.assign(twilio.outbound, { outcome: 'completed', talkMs, say: f.samples, callee: calleeOf(f) });
  const index = twilio.calls.length;
  const res = await alice.req('POST', '/user/make_call', { assistant_id: assistantId, phone_number: '+14155550177', variables: { customer_name: 'Ada' } });
  expect(res.status, res.text).toBe(200);
  const call = await until('the Twilio call', () => twilio.calls[index]);
  return { callId: res.body.call_id as number, call };
}

describe('an outbound speech-to-speech Twilio call behind the voicemail gate', () => {
  it('a machine: the message after the beep in the pipeline voice, the endpoint never opened, the call a voicemail', async () => {
    const assistantId = await outboundRealtimeLine({ voice_mail_message: MESSAGE });
    const before = realtime.sessions.length;
    const { callId, call } = await makeCall(assistantId, withBeep);
    await call.closed;
    const amd = call.amdCallbacks[0]!;
    expect(amd.answeredBy).toBe('machine_end_beep');
    const first = call.soundAfter(0)!;
    expect(first).toBeGreaterThanOrEqual(withBeep.beep!.endMs);
    expect(call.received.at(-1)!.atMs - first).toBeGreaterThan(2_500);
    // Nothing was said by, or to, the realtime model: a machine never reaches it.
    expect(realtime.sessions.length).toBe(before);
    const row = await ended(callId);
    expect(row).toMatchObject({ status: 'completed', answered_by: 'machine' });
    const transcript = row.transcript as Entry[];
    expect(transcript.map((e) => e.sender)).toEqual(['human', 'bot']);
    expect(transcript[1]!.text).toBe('Hi Ada, this is Acme. Your order is ready. Please call us back.');
  }, 60_000);

  it('a person: only after the verdict the realtime session opens, greets, and hears the line’s μ-law through the gate', async () => {
    const assistantId = await outboundRealtimeLine({ voice_mail_message: MESSAGE, end_call_on_voicemail: true });
    const before = realtime.sessions.length;
    const { callId, call } = await makeCall(assistantId, person, 8_000);
    const amd = await until('the verdict', () => call.amdCallbacks[0]);
    expect(amd.answeredBy).toBe('human');
    const session = await until('the realtime session', () => realtime.sessions[before]);
    const greeting = await until('the greeting', () => call.soundAfter(0));
    expect(greeting).toBeGreaterThanOrEqual(amd.atMs);
    // The line's own bytes reach the endpoint (audio/pcmu), after the gate has handed the call over.
    await until('the caller heard by the endpoint', () => session.audioMs > 1_000);
    const update = session.events.find((e) => e.type === 'session.update')!.session as { audio: { input: { format: unknown } } };
    expect(update.audio.input.format).toEqual({ type: 'audio/pcmu' });
    await call.closed;
    const row = await ended(callId);
    expect(row).toMatchObject({ status: 'completed', answered_by: 'human' });
    expect((row.transcript as Entry[])[0]).toMatchObject({ sender: 'bot', text: GREETING });
  }, 60_000);
});

describe('assistant_transfer on a speech-to-speech Twilio call', () => {
  it('says the message, goes on with the other (pipeline) assistant\'s instructions and greeting, and marks the hand-over', async () => {
    const db = svc.handle.db;
    const sales = await insertAssistant(db, alice.id, { name: 'Acme sales' });
    // Sales speaks in one of the realtime voices (the front desk in the default one, alloy).
    const verse = await db.insertInto('voices').values({ user_id: null, name: 'verse', mode: 'multimodal' }).returning('id').executeTakeFirstOrThrow();
    await setUpVoiceAssistant(db, alice.id, sales.id, '', { system_prompt: 'You are Sam of Acme sales.', initial_message: SALES_GREETING, voice_id: verse.id });
    const account = twilio.addAccount();
    const phone = `+1415559${String(1000 + (numbers += 1)).slice(-4)}`;
    twilio.addNumber(account.sid, phone);
    const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
    expect(res.status, res.text).toBe(201);
    const front = await insertAssistant(db, alice.id, { name: 'Acme front desk', type: 'inbound', phone_number_id: res.body.data.id as number, record: true });
    await setUpVoiceAssistant(db, alice.id, front.id, '', {
      system_prompt: 'You are the front desk of Acme.',
      initial_message: 'Acme, good morning.',
      builtin_tools: JSON.stringify([{ type: 'assistant_transfer', data: { assistant_id: sales.id, description: 'Hands the caller to sales', message_before_transfer: BEFORE, speak_transfer_greeting: true } }]),
    });
    await db.updateTable('assistants').set({ mode: 'multimodal', llm_model_id: await multimodalModelId() }).where('id', '=', front.id).execute();

    const before = realtime.sessions.length;
    const call = await twilio.dial('+14155550183', phone);
    const callId = await until('the call row', async () => (await db.selectFrom('calls').select('id').where('provider_call_id', '=', call.sid).executeTakeFirst())?.id);
    const session = await until('the realtime session', () => realtime.sessions[before]);
    const greeting = await until('the greeting', () => call.soundAfter(0));
    await until('the greeting played', () => call.now() > greeting + 2_000);
    await call.say(espeakSpeech(ASK_SALES)).done;
    await until('the greeting of sales', () => session.responses.find((r) => r.text === SALES_GREETING));
    const updates = session.events.filter((e) => e.type === 'session.update').map((e) => e.session as { instructions?: string; tools?: { name: string }[]; audio?: { output?: { voice?: string } } });
    // The front desk's session offered the hand-over; then the sales assistant's prompt and tools, then its voice alone.
    expect(updates[0]!.tools!.map((t) => t.name)).toContain('transfer_to_assistant');
    expect(updates[0]!.audio!.output!.voice).toBe('alloy');
    expect(updates).toHaveLength(3);
    expect(updates[1]!.instructions).toContain('You are Sam of Acme sales.');
    expect(updates[1]!.tools!.map((t) => t.name)).not.toContain('transfer_to_assistant');
    expect(updates[1]!.audio!.output!.voice).toBe('alloy');
    expect(updates[2]).toEqual({ type: 'realtime', audio: { output: { voice: 'verse' } } });
    expect((session.config as { audio: { output: { voice: string } } }).audio.output.voice).toBe('verse');
    expect(session.responses.map((r) => r.text)).toContain(BEFORE);
    await until('the greeting of sales played', async () => {
      const t = ((await callRow(callId)).transcript ?? []) as Entry[];
      return t.some((e) => e.text === SALES_GREETING);
    });
    await call.hangUp();
    const row = await until('the hand-over on the call', async () => {
      const r = await callRow(callId);
      return r.transferred_to_assistant_id !== null && r.status !== 'in-progress' ? r : undefined;
    });
    expect(row.assistant_id).toBe(front.id);
    expect(row.transferred_to_assistant_id).toBe(sales.id);
    expect(row.transferred_to_assistant_name).toBe('Acme sales');
    const entries = (row.transcript ?? []) as Entry[];
    const lines = entries.map((e) => (e.type === 'handover' ? 'handover' : e.type === 'function_call' ? `call ${(e as { name?: string }).name}` : `${e.sender}: ${e.text}`));
    const at = (line: string) => lines.indexOf(line);
    expect(at('call transfer_to_assistant')).toBeGreaterThan(at(`human: ${ASK_SALES}`));
    expect(at(`bot: ${BEFORE}`)).toBeGreaterThan(at('call transfer_to_assistant'));
    expect(at('handover')).toBeGreaterThan(at(`bot: ${BEFORE}`));
    expect(at(`bot: ${SALES_GREETING}`)).toBeGreaterThan(at('handover'));
  }, 60_000);
});
