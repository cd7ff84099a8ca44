import { describe, expect, it } from 'vitest';
import { chooseSpeech, LIVE_SPEECH_CONCURRENCY } from '../speech/select';
import { insertAssistant, insertCall, insertCampaign, insertLead } from '../test/fixtures';
import { setUpVoiceAssistant, type VoiceAssistantSpec } from '../test/order-tool';
import type { TestService, TestUser } from '../test/harness';
import { startStandInModel } from '../test/stand-ins/model';
import { startStandInStt } from '../test/stand-ins/transcription';
import { startStandInTwilio, type StandInCall, type StandInCallee } from '../test/stand-ins/twilio';
import { until as waitUntil } from '../test/until';
import { voicemailFixtures, type VoicemailFixture } from '../test/voicemail-fixtures';
import { listenForLineVerdict, type LineAnsweredBy } from '../voice/voicemail/verdicts';
import { twilioSignature } from './twilio/signature';
import { usePipelineService } from '../test/use-pipeline-service';

/*
 * Outbound phone calls that an answering machine may answer, end to end over real sockets: the service with the
 * real pipeline against the stand-ins (Twilio's REST, media streams and answering machine detection; the
 * transcription server; the model), a Twilio number imported through the stand-in and an outbound assistant. The
 * callee is a fixture of test/voicemail-fixtures.ts played as μ-law in real time; the stand-in posts Twilio's
 * AMD verdict when Twilio would (after the beep, after a person's words). Times are the stand-in's timeline.
 */

const GREETING = 'Hello, this is Acme calling about your order.';
const MESSAGE = 'Hi {{customer_name}}, this is Acme. Your order is ready. Please call us back.';

const { machines, people } = voicemailFixtures();
const twilio = await startStandInTwilio();
const stt = await startStandInStt();
const withBeep = machines[1]!;
const withoutBeep = machines.find((f) => f.beep === null)!;
const person = people.find((f) => f.text === 'Hello?')!;
// The transcription stand-in matches loudness envelopes, not words: it is told only the callees of these calls.
for (const f of [withBeep, withoutBeep, person]) stt.register(f.text, f.speech);
const model = await startStandInModel({ fallback: { text: 'Thanks, goodbye.' } });
const speech = await chooseSpeech({ tts: null, espeakPath: 'espeak-ng', timeoutMs: 10_000 }, LIVE_SPEECH_CONCURRENCY);
if (!speech) throw new Error('espeak-ng is needed for the voice tests');

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
usePipelineService((s) => ({ svc, alice, bob } = s), { model, stt, speech, twilio });

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, probe, 25_000, 25);
const callRow = (id: number) => svc.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ended = (id: number) =>
  until(`call ${id} to end`, async () => {
    await svc.work.runOnce();
    const row = await callRow(id);
    return row.engine_next_at === null && row.status !== 'in-progress' && row.status !== 'ended' ? row : undefined;
  });

function calleeOf(f: VoicemailFixture): StandInCallee {
  return f.kind === 'human' ? { kind: 'human', speechEndMs: f.speechEndMs } : { kind: 'machine', speechStartMs: f.speechStartMs, speechEndMs: f.speechEndMs, beepEndMs: f.beep?.endMs ?? null };
}

let numbers = 0;
async function outboundLine(spec: VoiceAssistantSpec): Promise<{ assistantId: number; numberId: number; token: string }> {
  const account = twilio.addAccount();
  const phone = `+1415557${String(1000 + (numbers += 1)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  const row = await insertAssistant(svc.handle.db, alice.id, { type: 'outbound', phone_number_id: res.body.data.id as number, record: true });
  await setUpVoiceAssistant(svc.handle.db, alice.id, row.id, '', { initial_message: GREETING, ...spec });
  return { assistantId: row.id, numberId: res.body.data.id as number, token: account.token };
}

/** The next Twilio call is answered by `f` (talking up to `talkMs` unless the service hangs up first). */
function answeredBy(f: VoicemailFixture, talkMs = 20_000): number {
  Object.assign(twilio.outbound, { outcome: 'completed', talkMs, say: f.samples, callee: calleeOf(f) });
  return twilio.calls.length;
}

async function makeCall(assistantId: number, f: VoicemailFixture, talkMs?: number): Promise<{ callId: number; call: StandInCall }> {
  const index = answeredBy(f, talkMs);
  const res = await alice.req('POST', '/user/make_call', { assistant_id: assistantId, phone_number: '+14155550177', variables: { customer_name: 'Ada' } });
  expect(res.status, res.text).toBe(200);
  const call = await until('the Twilio call', () => twilio.calls[index]);
  return { callId: res.body.call_id as number, call };
}

/** RMS (full scale 1) of what the service sent in [fromMs, toMs). */
function receivedRms(call: StandInCall, fromMs: number, toMs: number): number {
  const frames = call.received.filter((r) => r.atMs >= fromMs && r.atMs < toMs);
  return frames.length === 0 ? 0 : Math.sqrt(frames.reduce((s, r) => s + r.level ** 2, 0) / frames.length);
}

interface Entry {
  sender: string;
  text: string;
}

describe("an outbound Twilio call and Twilio's answering machine detection", () => {
  it('asks Twilio for DetectMessageEnd with AsyncAmd; a machine gets the voicemail message after its beep, then the call hangs up and ends as voicemail', async () => {
    const machine = withBeep;
    const { assistantId } = await outboundLine({ voice_mail_message: MESSAGE, webhook_url: 'https://hooks.example.com/calls', is_webhook_active: true });
    const { callId, call } = await makeCall(assistantId, machine);
    const create = twilio.requests.filter((r) => r.path.endsWith('/Calls.json')).at(-1)!;
    const numberId = (await svc.handle.db.selectFrom('assistants').select('phone_number_id').where('id', '=', assistantId).executeTakeFirstOrThrow()).phone_number_id;
    expect(create.form).toMatchObject({ MachineDetection: 'DetectMessageEnd', AsyncAmd: 'true', AsyncAmdStatusCallbackMethod: 'POST', AsyncAmdStatusCallback: `${svc.server.voice!.publicUrl}/api/telephony/twilio/amd/${numberId}` });
    await call.closed;
    const amd = call.amdCallbacks[0]!;
    expect(amd).toMatchObject({ answeredBy: 'machine_end_beep', answer: 200 });
    const beepEnd = machine.beep!.endMs;
    // Nothing is said to the machine's greeting; the message comes right after the beep (and Twilio's verdict).
    expect(receivedRms(call, 0, beepEnd)).toBe(0);
    const first = call.soundAfter(0)!;
    console.info(`voicemail: beep ended at ${Math.round(beepEnd)} ms, Twilio's verdict at ${Math.round(amd.atMs)} ms, the message from ${Math.round(first)} ms, the stream closed at ${Math.round(call.received.at(-1)!.atMs)} ms`);
    expect(first).toBeGreaterThanOrEqual(beepEnd);
    expect(first - amd.atMs).toBeLessThan(1_500);
    // The message, whole: a few seconds of speech, then the hang-up (the stream closes once it has played).
    const messageMs = call.received.at(-1)!.atMs - first;
    expect(messageMs).toBeGreaterThan(2_500);
    expect(receivedRms(call, first, first + 2_000)).toBeGreaterThan(0.03);
    expect(call.closeCode).toBe(1000);
    await until('the completed callback', () => call.callbacks.some((c) => c.status === 'completed'));

    const row = await ended(callId);
    expect(row).toMatchObject({ status: 'completed', answered_by: 'machine', type: 'outbound', provider: 'twilio' });
    const transcript = row.transcript as Entry[];
    expect(transcript.map((e) => e.sender)).toEqual(['human', 'bot']);
    expect(transcript[0]!.text).toMatch(/not available/);
    expect(transcript[1]!.text).toBe('Hi Ada, this is Acme. Your order is ready. Please call us back.');
    expect(row.recording_key).not.toBeNull();
    // The post-call webhook carries the voicemail: its status and its transcript.
    const hook = await svc.handle.db.selectFrom('webhook_deliveries').selectAll().where('call_id', '=', callId).where('event', '=', 'call.ended').executeTakeFirstOrThrow();
    expect(hook.payload).toMatchObject({ status: 'completed', id: callId });
    expect(String(hook.payload.transcript)).toContain('Your order is ready');
  }, 60_000);

  it('end_call_on_voicemail without a message: hangs up at once on the verdict, says nothing, ends ended_by_assistant', async () => {
    const machine = withoutBeep;
    const { assistantId } = await outboundLine({ end_call_on_voicemail: true });
    const { callId, call } = await makeCall(assistantId, machine);
    await call.closed;
    const amd = call.amdCallbacks[0]!;
    expect(amd.answeredBy).toBe('machine_end_silence');
    const closedAt = call.now();
    console.info(`hang-up on a machine: ${Math.round(closedAt - amd.atMs)} ms after Twilio's verdict`);
    expect(closedAt - amd.atMs).toBeLessThan(1_500);
    expect(call.received.filter((r) => r.level > 0.02)).toEqual([]);
    const row = await ended(callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', answered_by: 'machine' });
  }, 60_000);

  it('a person: Twilio says human, and only then the assistant greets; the call goes on as a conversation', async () => {
    const { assistantId } = await outboundLine({ voice_mail_message: MESSAGE, end_call_on_voicemail: true });
    const { callId, call } = await makeCall(assistantId, person, 7_000);
    const amd = await until('the verdict', () => call.amdCallbacks[0]);
    expect(amd.answeredBy).toBe('human');
    const greeting = await until('the greeting', () => call.soundAfter(0));
    console.info(`a person: Twilio's verdict at ${Math.round(amd.atMs)} ms, the greeting from ${Math.round(greeting)} ms`);
    expect(greeting).toBeGreaterThanOrEqual(amd.atMs);
    expect(greeting - amd.atMs).toBeLessThan(2_000);
    await call.closed;
    const row = await ended(callId);
    expect(row).toMatchObject({ status: 'completed', answered_by: 'human' });
    expect((row.transcript as Entry[])[0]).toMatchObject({ sender: 'bot', text: GREETING });
  }, 60_000);

  it("a campaign's lead whose call reached voicemail is dialled again when the campaign retries voicemail, and done when it does not", async () => {
    const machine = withBeep;
    const settle = async (retry: boolean) => {
      const { assistantId } = await outboundLine({ end_call_on_voicemail: true });
      const campaign = await insertCampaign(svc.handle.db, alice.id, { assistant_id: assistantId, status: 'running' });
      await svc.handle.db
        .updateTable('campaigns')
        .set({ allowed_days: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']), allowed_hours_start_time: '00:00', allowed_hours_end_time: '23:59', timezone: 'UTC', retry_on_voicemail: retry, max_retries: 2, retry_interval: 60 })
        .where('id', '=', campaign.id)
        .execute();
      const lead = await insertLead(svc.handle.db, alice.id, campaign.id, { status: 'created' });
      const index = answeredBy(machine);
      await svc.work.runOnce();
      const call = await until('the Twilio call', () => twilio.calls[index]);
      const row = await until('the campaign call', () => svc.handle.db.selectFrom('calls').selectAll().where('campaign_id', '=', campaign.id).executeTakeFirst());
      await call.closed;
      expect(await ended(row.id)).toMatchObject({ answered_by: 'machine', status: 'ended_by_assistant' });
      const settled = await svc.handle.db.selectFrom('leads').select(['status', 'attempts', 'next_attempt_at', 'live_call_id']).where('id', '=', lead).executeTakeFirstOrThrow();
      await svc.handle.db.updateTable('campaigns').set({ status: 'stopped' }).where('id', '=', campaign.id).execute();
      return settled;
    };
    const retried = await settle(true);
    expect(retried).toMatchObject({ status: 'created', attempts: 1, live_call_id: null });
    expect(retried.next_attempt_at).not.toBeNull();
    const done = await settle(false);
    expect(done).toMatchObject({ status: 'completed', live_call_id: null });
  }, 90_000);

  it("the verdict route: signed by the number's auth token or 403, 404 for no such number, and only the number owner's calls", async () => {
    const { numberId, token } = await outboundLine({});
    const url = `${svc.server.voice!.publicUrl}/api/telephony/twilio/amd/${numberId}`;
    const post = (target: string, params: Record<string, string>, signature?: string) =>
      fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(signature && { 'X-Twilio-Signature': signature }) }, body: new URLSearchParams(params).toString() });
    const mine = await insertCall(svc.handle.db, alice.id, { provider: 'twilio', provider_call_id: 'CA' + 'a'.repeat(32), status: 'in-progress' });
    const bobs = await insertCall(svc.handle.db, bob.id, { provider: 'twilio', provider_call_id: 'CA' + 'b'.repeat(32), status: 'in-progress' });
    const heard: Record<number, LineAnsweredBy[]> = { [mine]: [], [bobs]: [] };
    const stops = [mine, bobs].map((id) => listenForLineVerdict(id, (a) => heard[id]!.push(a)));
    try {
      const forBob = { AccountSid: 'AC' + '0'.repeat(32), CallSid: 'CA' + 'b'.repeat(32), AnsweredBy: 'machine_end_beep', MachineDetectionDuration: '4100' };
      const forMe = { ...forBob, CallSid: 'CA' + 'a'.repeat(32) };
      expect((await post(url, forMe)).status).toBe(403);
      expect((await post(url, forMe, twilioSignature('wrong-token', url, forMe))).status).toBe(403);
      const missing = `${svc.server.voice!.publicUrl}/api/telephony/twilio/amd/999999`;
      expect((await post(missing, forMe, twilioSignature(token, missing, forMe))).status).toBe(404);
      // Alice's number vouching for Bob's call: answered 200 (Twilio must not retry), and nothing reaches Bob's call.
      expect((await post(url, forBob, twilioSignature(token, url, forBob))).status).toBe(200);
      expect((await post(url, { ...forMe, AnsweredBy: 'not-a-verdict' }, twilioSignature(token, url, { ...forMe, AnsweredBy: 'not-a-verdict' }))).status).toBe(200);
      const ok = await post(url, forMe, twilioSignature(token, url, forMe));
      expect(ok.status).toBe(200);
      expect(heard).toEqual({ [mine]: ['machine_end_beep'], [bobs]: [] });
    } finally {
      for (const stop of stops) stop();
    }
  });
});
