import { afterAll, describe, expect, it } from 'vitest';
import { callEnded } from '../test/call-outcome';
import { fakeVoiceSessions } from '../test/fake-voice-session';
import { insertAssistant } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { startStandInTwilio } from '../test/stand-ins/twilio';
import { until } from '../test/until';
import { useService } from '../test/use-service';

/*
 * ringing_time on a real line: make_call through an imported Twilio number sends the assistant's ringing_time
 * as the call create's `Timeout`, and a callee who would answer later than it is given up as no-answer (the
 * stand-in does as Twilio does); without ringing_time no Timeout is sent and the call is answered as before.
 */

const twilio = await startStandInTwilio();
const fake = fakeVoiceSessions();
let svc: TestService;
let alice: TestUser;
useService(
  (s) => {
    ({ svc, alice } = s);
    s.svc.server.voice!.twilioApiBaseUrl = twilio.baseUrl;
  },
  { voice: { startSession: fake.startSession } },
);
afterAll(() => twilio.close());

let number = 0;
async function outboundAssistant(ringingTime: number | null): Promise<number> {
  const account = twilio.addAccount();
  const phone = `+1415556${String(1000 + (number += 1)).slice(-4)}`;
  twilio.addNumber(account.sid, phone);
  const res = await alice.req('POST', '/user/phone-numbers/import', { provider: 'twilio', phone_number: phone, account_sid: account.sid, auth_token: account.token });
  expect(res.status, res.text).toBe(201);
  const assistant = await insertAssistant(svc.handle.db, alice.id, { type: 'outbound', phone_number_id: res.body.data.id as number });
  // Through the API, as a user sets it.
  const set = await alice.req('PUT', `/user/assistant/${assistant.id}`, { ringing_time: ringingTime });
  expect(set.status, set.text).toBe(200);
  return assistant.id;
}

describe('ringing_time through Twilio', () => {
  it('is sent as Timeout; a callee answering after it makes the call no-answer at the Timeout', async () => {
    const assistantId = await outboundAssistant(1);
    twilio.outbound.outcome = 'completed';
    twilio.outbound.answerAfterMs = 3_000;
    const calls = twilio.calls.length;
    const sessions = fake.sessions.length;
    const res = await alice.req('POST', '/user/make_call', { assistant_id: assistantId, phone_number: '+14155550141' });
    expect(res.status, res.text).toBe(200);
    const create = twilio.requests.filter((r) => r.path.endsWith('/Calls.json')).at(-1)!;
    expect(create.form.Timeout).toBe('1');
    const call = twilio.calls[calls]!;
    await until('the callbacks', async () => call.callbacks.length >= 3);
    // Given up at the Timeout: never answered (a callee answering at 3 s would have made it in-progress).
    expect(call.callbacks.map((c) => c.status)).toEqual(['initiated', 'ringing', 'no-answer']);
    const row = await callEnded(svc, res.body.call_id as number);
    expect(row).toMatchObject({ status: 'no-answer', duration: 0, answered_by: null });
    expect(fake.sessions.length).toBe(sessions);
  });

  it('without ringing_time no Timeout is sent, and the same late callee is answered', async () => {
    const assistantId = await outboundAssistant(null);
    twilio.outbound.outcome = 'completed';
    twilio.outbound.answerAfterMs = 1_500;
    twilio.outbound.talkMs = 800;
    const calls = twilio.calls.length;
    const res = await alice.req('POST', '/user/make_call', { assistant_id: assistantId, phone_number: '+14155550142' });
    expect(res.status, res.text).toBe(200);
    const create = twilio.requests.filter((r) => r.path.endsWith('/Calls.json')).at(-1)!;
    expect(create.form).not.toHaveProperty('Timeout');
    const call = twilio.calls[calls]!;
    await until('the completed callback', async () => call.callbacks.some((c) => c.status === 'completed'), 10_000);
    expect((await callEnded(svc, res.body.call_id as number)).status).toBe('completed');
  });

  it('the simulated engine honours it too: a number not imported gives up ringing at ringing_time', async () => {
    const assistant = await insertAssistant(svc.handle.db, alice.id, { type: 'outbound' });
    const set = await alice.req('PUT', `/user/assistant/${assistant.id}`, { ringing_time: 1 });
    expect(set.status, set.text).toBe(200);
    // The completed test number rings 2 s before it answers: longer than 1 s.
    const res = await alice.req('POST', '/user/make_call', { assistant_id: assistant.id, phone_number: '+12025550100' });
    expect(res.status, res.text).toBe(200);
    const row = await svc.handle.db.selectFrom('calls').select(['engine_plan']).where('id', '=', res.body.call_id as number).executeTakeFirstOrThrow();
    const plan = (typeof row.engine_plan === 'string' ? JSON.parse(row.engine_plan) : row.engine_plan) as Record<string, unknown>;
    expect(plan).toMatchObject({ outcome: 'no-answer', final_status: 'no-answer', ring_s: 1, talk_s: 0 });
  });
});
