import { afterAll, describe, expect, it } from 'vitest';
import { PIPELINE_RATE } from '../voice/session-types';
import { LIVE_RECORDING_ENGINE } from '../voice/call-record';
import { decryptSecret } from './secrets';
import { fakeVoiceSessions } from '../test/fake-voice-session';
import { startStandInTwilio, type StandInCall } from '../test/stand-ins/twilio';
import { insertAssistant, insertCampaign, insertLead } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { callEnded, callRow as callRowOf } from '../test/call-outcome';
import { until } from '../test/until';
import { useService } from '../test/use-service';
import { twilioSignature } from './twilio/signature';

/*
 * Twilio end to end against the stand-in (src/server/test/stand-ins/twilio.ts) with a fake voice session
 * (test/fake-voice-session.ts): importing a number, signed webhooks, an inbound call's audio both ways, its
 * transcript, real recording and ending, a dropped socket, and make_call through an imported number.
 */

const twilio = await startStandInTwilio();
const fake = fakeVoiceSessions();
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
useService(
  (s) => {
    ({ svc, alice, bob } = s);
    s.svc.server.voice!.twilioApiBaseUrl = twilio.baseUrl;
  },
  { voice: { startSession: fake.startSession } },
);
afterAll(() => twilio.close());

const callRow = (id: number) => callRowOf(svc, id);
const ended = (id: number) => callEnded(svc, id);

const speech = (ms: number) => new Float32Array(Math.round((PIPELINE_RATE * ms) / 1000)).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 300 * i) / PIPELINE_RATE));

let number = 0;
/** A Twilio account with a number, imported by `user`; the number's id here. */
async function imported(user: TestUser): Promise<{ id: number; phone: string; sid: string; token: string }> {
  const account = twilio.addAccount();
  const phone = `+1415555${String(1000 + (number += 1)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await user.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as number, phone, ...account };
}

describe('POST /user/phone-numbers/import', () => {
  it('finds the number in the account, points its webhooks here, and stores it with the token encrypted, never answered', async () => {
    const account = twilio.addAccount();
    const pn = twilio.addNumber(account.sid, '+14155550199');
    const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: '+1 415 555 0199', account_sid: account.sid, auth_token: account.token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ phone_number: '+14155550199', provider: 'twilio', country_code: 'US', has_active_subscription: false });
    expect(res.text).not.toContain(account.token);
    const id = res.body.data.id as number;
    const base = svc.server.voice!.publicUrl;
    expect(pn.voice_url).toBe(`${base}/api/telephony/twilio/voice/${id}`);
    expect(pn.voice_method).toBe('POST');
    expect(pn.status_callback).toBe(`${base}/api/telephony/twilio/status/${id}`);
    expect(twilio.requests.filter((r) => r.account === account.sid).map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      `GET /2010-04-01/Accounts/${account.sid}/IncomingPhoneNumbers.json`,
      `POST /2010-04-01/Accounts/${account.sid}/IncomingPhoneNumbers/${pn.sid}.json`,
    ]);

    const row = await svc.handle.db.selectFrom('phone_numbers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.provider_secret).not.toContain(account.token);
    expect(row.provider_secret).toMatch(/^v1:/);
    expect(decryptSecret(svc.server.voice!.secretKey!, row.provider_secret!)).toBe(account.token);
    expect(row).toMatchObject({ provider: 'twilio', provider_account: account.sid, provider_number_id: pn.sid });

    const list = await alice.req('GET', '/user/phone-numbers/all');
    expect(list.body.data.find((n: { id: number }) => n.id === id)).toMatchObject({ provider: 'twilio' });
    expect(list.text).not.toContain(account.token);
    // Another user neither sees nor releases it.
    const theirs = await bob.req('GET', '/user/phone-numbers/all');
    expect(theirs.body.data.map((n: { id: number }) => n.id)).not.toContain(id);
    expect((await bob.req('DELETE', `/user/phone-numbers/${id}`)).status).toBe(404);
    expect((await bob.req('PUT', `/user/phone-numbers/${id}`, { nickname: 'mine' })).status).toBe(404);
    // Imported twice: refused on phone_number.
    const again = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: '+14155550199', account_sid: account.sid, auth_token: account.token });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['phone_number']);
  });

  it('answers 422 on phone_number when the account does not have it, and stores nothing', async () => {
    const account = twilio.addAccount();
    const before = await svc.handle.db.selectFrom('phone_numbers').select('id').execute();
    const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: '+14155550198', account_sid: account.sid, auth_token: account.token });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['phone_number']);
    expect(res.text).not.toContain(account.token);
    expect(await svc.handle.db.selectFrom('phone_numbers').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 422 on auth_token when Twilio refuses the credentials (401), never echoing the token', async () => {
    const account = twilio.addAccount();
    twilio.addNumber(account.sid, '+14155550197');
    const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: '+14155550197', account_sid: account.sid, auth_token: 'not-the-token-xyz' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['auth_token']);
    expect(res.text).not.toContain('not-the-token-xyz');
    const stored = await svc.handle.db.selectFrom('phone_numbers').select('id').where('phone_number', '=', '+14155550197').execute();
    expect(stored).toEqual([]);
  });

  it('validates the body (provider, account sid)', async () => {
    const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'telnyx', phone_number: '+14155550196', account_sid: 'nope', auth_token: 'x' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['account_sid', 'provider']);
  });
});

describe('the voice webhook', () => {
  it('refuses a request without a valid signature (403) and creates nothing', async () => {
    const n = await imported(alice);
    await insertAssistant(svc.handle.db, alice.id, { type: 'inbound', phone_number_id: n.id });
    const url = `${svc.server.voice!.publicUrl}/api/telephony/twilio/voice/${n.id}`;
    const params = { AccountSid: n.sid, CallSid: 'CA00000000000000000000000000000001', From: '+14155550123', To: n.phone, CallStatus: 'ringing', Direction: 'inbound' };
    const calls = async () => (await svc.handle.db.selectFrom('calls').select('id').execute()).length;
    const tickets = async () => (await svc.handle.db.selectFrom('voice_tickets').select('hash').execute()).length;
    const [callsBefore, ticketsBefore] = [await calls(), await tickets()];
    for (const signature of [undefined, twilioSignature('wrong-token', url, params), twilioSignature(n.token, `${url}?x=1`, params)]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(signature && { 'X-Twilio-Signature': signature }) },
        body: new URLSearchParams(params).toString(),
      });
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('<Response>');
    }
    expect(await calls()).toBe(callsBefore);
    expect(await tickets()).toBe(ticketsBefore);
    // Signed, it is answered.
    const ok = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(n.token, url, params) }, body: new URLSearchParams(params).toString() });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/text\/xml/);
    expect(await ok.text()).toMatch(/<Connect><Stream url="ws:\/\/127\.0\.0\.1:\d+\/api\/telephony\/twilio\/media"><Parameter name="ticket" value="[\w-]{43}"\/><\/Stream><\/Connect>/);
  });

  it('says so and hangs up when no inbound assistant answers the number', async () => {
    const n = await imported(alice);
    const call = await twilio.dial('+14155550124', n.phone);
    expect(call.webhookStatus).toBe(200);
    expect(call.twiml).toContain('<Say>');
    expect(call.twiml).toContain('<Hangup/>');
    expect(call.streamUrl).toBeNull();
  });

  it('is not answered once the number is released', async () => {
    const n = await imported(alice);
    expect((await alice.req('DELETE', `/user/phone-numbers/${n.id}`)).status).toBe(200);
    const url = `${svc.server.voice!.publicUrl}/api/telephony/twilio/voice/${n.id}`;
    const params = { AccountSid: n.sid, CallSid: 'CA00000000000000000000000000000002', From: '+14155550123', To: n.phone, CallStatus: 'ringing', Direction: 'inbound' };
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(n.token, url, params) }, body: new URLSearchParams(params).toString() });
    expect(res.status).toBe(404);
  });

  it("clears the number's webhooks at Twilio on release, but not ones pointed elsewhere meanwhile", async () => {
    const n = await imported(alice);
    const pn = twilio.number(n.phone)!;
    expect(pn.voice_url).toContain(`/api/telephony/twilio/voice/${n.id}`);
    expect((await alice.req('DELETE', `/user/phone-numbers/${n.id}`)).status).toBe(200);
    expect(pn.voice_url).toBe('');
    expect(pn.status_callback).toBe('');

    const m = await imported(alice);
    const other = twilio.number(m.phone)!;
    other.voice_url = 'https://elsewhere.example/voice';
    expect((await alice.req('DELETE', `/user/phone-numbers/${m.id}`)).status).toBe(200);
    expect(other.voice_url).toBe('https://elsewhere.example/voice');
    expect(other.status_callback).toBe('');
  });
});

describe('an inbound call', () => {
  it("is the inbound assistant's: audio both ways, clear on barge-in, stop ends it with its transcript, real recording and outcome", async () => {
    const n = await imported(alice);
    const assistant = await insertAssistant(svc.handle.db, alice.id, { type: 'inbound', phone_number_id: n.id, name: 'Reception', record: true });
    const sessions = fake.sessions.length;
    const call: StandInCall = await twilio.dial('+14155550125', n.phone);
    expect(call.webhookStatus).toBe(200);
    const session = await until('the session', async () => fake.sessions[sessions]);
    expect(session.call).toMatchObject({ userId: alice.id, assistantId: assistant.id, direction: 'inbound' });
    const callId = session.call.callId;
    let row = await callRow(callId);
    expect(row).toMatchObject({ type: 'inbound', status: 'in-progress', assistant_id: assistant.id, client_phone_number: '+14155550125', assistant_phone_number: n.phone, provider: 'twilio', provider_call_id: call.sid, answered_by: 'human' });
    expect(row.talk_next_at).not.toBeNull();
    expect(row.talk_lease).toMatch(/^voice:/);

    // The greeting comes back as μ-law 20 ms frames with energy.
    await until('the greeting', async () => call.received.length >= 10);
    expect(call.received.every((r) => r.bytes.length === 160)).toBe(true);
    // The caller's audio reaches the session (silence frames too, in real time).
    await until('caller audio', async () => session.heard > PIPELINE_RATE * 0.2);
    // The engine and the talk worker leave a held call alone.
    await svc.work.runOnce();
    expect((await callRow(callId)).status).toBe('in-progress');

    // The caller speaks; the fake writes both lines.
    call.say(speech(500));
    await until('the reply', async () => {
      const r = await callRow(callId);
      return Array.isArray(r.transcript) && r.transcript.length >= 3 ? r : undefined;
    });
    // Barge-in: the session's clearAudio is Twilio's clear.
    const clearsBefore = call.clears.length;
    session.transport.clearAudio();
    await until('the clear', async () => call.clears.length > clearsBefore);

    await call.hangUp();
    expect(call.closeCode).toBe(1000);
    row = await ended(callId);
    expect(session.ended).toBe('caller_ended');
    expect(row.status).toBe('completed');
    const transcript = row.transcript as { sender: string; text: string; latency_ms?: number }[];
    expect(transcript.map((e) => `${e.sender}: ${e.text}`)).toEqual(['bot: Hello, how can I help?', 'human: Where is my order?', 'bot: Your order ships today.']);
    expect(row).toMatchObject({ latency_p50_ms: 420, latency_turns: 2, conversation_mode: 'model', talk_next_at: null, talk_lease: null });
    expect(row.duration).toBeGreaterThanOrEqual(1);
    expect(Number(row.total_cost)).toBeGreaterThan(0);
    expect(row.recording_key).not.toBeNull();
    // The real recording, done: the render worker never renders over it.
    const recording = await svc.handle.db.selectFrom('call_recordings').selectAll().where('call_id', '=', callId).executeTakeFirstOrThrow();
    expect(recording).toMatchObject({ status: 'done', engine: LIVE_RECORDING_ENGINE, rendered_generation: recording.generation });
    expect(recording.byte_length).toBeGreaterThan(44 + 8000);
    const audio = await fetch(`${svc.api}/recordings/${row.recording_key}.wav`);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBe(recording.byte_length);
  });

  it('dropped mid-call (no stop), ends with what was said', async () => {
    const n = await imported(alice);
    await insertAssistant(svc.handle.db, alice.id, { type: 'inbound', phone_number_id: n.id });
    const sessions = fake.sessions.length;
    const call = await twilio.dial('+14155550126', n.phone);
    const session = await until('the session', async () => fake.sessions[sessions]);
    call.say(speech(400));
    await until('the caller line', async () => {
      const r = await callRow(session.call.callId);
      return Array.isArray(r.transcript) && r.transcript.length >= 2;
    });
    call.drop();
    const row = await ended(session.call.callId);
    expect(session.ended).toBe('dropped');
    expect(row.status).toBe('completed');
    expect((row.transcript as { sender: string }[]).map((e) => e.sender).slice(0, 2)).toEqual(['bot', 'human']);
  });

  it('refuses a media stream whose ticket is missing or used (4401)', async () => {
    const n = await imported(alice);
    await insertAssistant(svc.handle.db, alice.id, { type: 'inbound', phone_number_id: n.id });
    const call = await twilio.dial('+14155550127', n.phone);
    await until('the session', async () => call.received.length > 0);
    await call.hangUp();
    // The same TwiML again: its ticket is spent.
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(call.streamUrl!);
    const code = await new Promise<number>((resolve) => {
      ws.on('open', () => ws.send(JSON.stringify({ event: 'start', start: { streamSid: 'MZ1', callSid: 'CA1', customParameters: call.parameters }, streamSid: 'MZ1' })));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(4401);
  });
});

describe('two inbound calls at once', () => {
  it('each has its own call, session and audio', async () => {
    const n = await imported(alice);
    await insertAssistant(svc.handle.db, alice.id, { type: 'inbound', phone_number_id: n.id });
    const sessions = fake.sessions.length;
    const [a, b] = await Promise.all([twilio.dial('+14155550141', n.phone), twilio.dial('+14155550142', n.phone)]);
    const [sa, sb] = await until('both sessions', async () => (fake.sessions.length >= sessions + 2 ? [fake.sessions[sessions]!, fake.sessions[sessions + 1]!] : undefined));
    expect(sa.call.callId).not.toBe(sb.call.callId);
    a.say(speech(400));
    await until('the caller line on one call', async () => sa.entries.length + sb.entries.length >= 3);
    await a.hangUp();
    await b.hangUp();
    const rows = await Promise.all([ended(sa.call.callId), ended(sb.call.callId)]);
    expect(rows.map((r) => r.client_phone_number).sort()).toEqual(['+14155550141', '+14155550142']);
    const lines = rows.map((r) => (r.transcript as unknown[]).length).sort();
    expect(lines).toEqual([1, 3]);
  });
});

describe('make_call through an imported number', () => {
  async function outboundSetUp() {
    const n = await imported(alice);
    const assistant = await insertAssistant(svc.handle.db, alice.id, { type: 'outbound', phone_number_id: n.id });
    return { n, assistant };
  }

  it('places the call at Twilio; busy → busy', async () => {
    const { n, assistant } = await outboundSetUp();
    twilio.outbound.outcome = 'busy';
    const calls = twilio.calls.length;
    const res = await alice.req('POST', '/user/make_call', { assistant_id: assistant.id, phone_number: '+14155550131' });
    expect(res.status, res.text).toBe(200);
    const callId = res.body.call_id as number;
    const create = twilio.requests.filter((r) => r.path.endsWith('/Calls.json')).at(-1)!;
    expect(create.form).toMatchObject({ To: '+14155550131', From: n.phone, StatusCallbackEvent: 'initiated ringing answered completed', StatusCallback: `${svc.server.voice!.publicUrl}/api/telephony/twilio/status/${n.id}` });
    expect(create.form.Twiml).toMatch(/<Connect><Stream url="ws:\/\/[^"]+\/api\/telephony\/twilio\/media"><Parameter name="ticket" value="[\w-]+"\/>/);
    const call = twilio.calls[calls]!;
    expect((await callRow(callId)).provider_call_id).toBe(call.sid);
    await until('the callbacks', async () => call.callbacks.length >= 3);
    expect(call.callbacks.map((c) => `${c.status} ${c.answer}`)).toEqual(['initiated 200', 'ringing 200', 'busy 200']);
    const row = await ended(callId);
    expect(row).toMatchObject({ status: 'busy', duration: 0, answered_by: null, type: 'outbound' });
    expect(Number(row.total_cost)).toBe(0);
  });

  it('answered, talks through the media stream and ends completed', async () => {
    const { assistant } = await outboundSetUp();
    twilio.outbound.outcome = 'completed';
    twilio.outbound.talkMs = 1500;
    twilio.outbound.say = speech(400);
    const calls = twilio.calls.length;
    const sessions = fake.sessions.length;
    const res = await alice.req('POST', '/user/make_call', { assistant_id: assistant.id, phone_number: '+14155550132', variables: { customer_name: 'Ada' } });
    expect(res.status, res.text).toBe(200);
    const callId = res.body.call_id as number;
    const session = await until('the session', async () => fake.sessions[sessions]);
    expect(session.call).toMatchObject({ callId, direction: 'outbound', variables: { customer_name: 'Ada' } });
    expect((await callRow(callId)).status).toBe('in-progress');
    const call = twilio.calls[calls]!;
    await call.closed;
    await until('the completed callback', async () => call.callbacks.some((c) => c.status === 'completed'));
    const row = await ended(callId);
    expect(row.status).toBe('completed');
    expect(row.answered_by).toBe('human');
    expect((row.transcript as { sender: string; text: string }[])[0]).toMatchObject({ sender: 'bot', text: 'Hello, how can I help?' });
    expect(call.received.length).toBeGreaterThan(0);
  });

  it("dials a campaign's lead through Twilio; the lead's attempt is settled by the outcome", async () => {
    const { n, assistant } = await outboundSetUp();
    twilio.outbound.outcome = 'no-answer';
    const campaign = await insertCampaign(svc.handle.db, alice.id, { assistant_id: assistant.id, status: 'running' });
    await svc.handle.db
      .updateTable('campaigns')
      .set({ allowed_days: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']), allowed_hours_start_time: '00:00', allowed_hours_end_time: '23:59', timezone: 'UTC' })
      .where('id', '=', campaign.id)
      .execute();
    const lead = await insertLead(svc.handle.db, alice.id, campaign.id, { status: 'created' });
    const calls = twilio.calls.length;
    await svc.work.runOnce();
    const call = await until('the Twilio call', async () => twilio.calls[calls]);
    expect(call).toMatchObject({ to: '+12025550100', from: n.phone, direction: 'outbound-api' });
    const row = await until('the campaign call', async () => svc.handle.db.selectFrom('calls').selectAll().where('campaign_id', '=', campaign.id).executeTakeFirst());
    expect(row).toMatchObject({ lead_id: lead, provider: 'twilio', provider_call_id: call.sid });
    await until('the callbacks', async () => call.callbacks.length >= 3);
    expect(call.callbacks.at(-1)).toEqual({ status: 'no-answer', answer: 200 });
    expect((await ended(row.id)).status).toBe('no-answer');
    const settled = await svc.handle.db.selectFrom('leads').select(['live_call_id']).where('id', '=', lead).executeTakeFirstOrThrow();
    expect(settled.live_call_id).toBeNull();
    await svc.handle.db.updateTable('campaigns').set({ status: 'stopped' }).where('id', '=', campaign.id).execute();
  });

  it('keeps the simulated engine for numbers that are not imported', async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id, { type: 'outbound' });
    const before = twilio.requests.length;
    const res = await alice.req('POST', '/user/make_call', { assistant_id: assistant.id, phone_number: '+14155550133' });
    expect(res.status).toBe(200);
    const row = await callRow(res.body.call_id as number);
    expect(row.provider).toBeNull();
    expect(row.talk_next_at).toBeNull();
    expect(twilio.requests.length).toBe(before);
  });
});
