import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../engine/clock';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { webhookSecretOf } from './secret';
import { startReceiver, type TestReceiver } from '../test/stand-ins/webhook-receiver';

/*
 * End to end through the engine: make_call on a test number, the clock moves, the background work plays the
 * call out and the receiver gets one verified post-call delivery that matches the call record.
 */

let svc: TestService;
let user: TestUser;
let clock: TestClock;
let receiver: TestReceiver;

beforeAll(async () => {
  clock = new TestClock('2026-05-04T09:00:00Z');
  svc = await startTestService({ clock });
  user = await svc.user();
  receiver = await startReceiver();
  receiver.secret = await webhookSecretOf(svc.handle.db, user.id);
});
afterAll(async () => {
  await receiver.close();
  await svc.close();
});

describe('make_call → post-call webhook', () => {
  it('a completed test call is delivered, signed, with the call record\'s data', async () => {
    const db = svc.handle.db;
    const phone = await insertPhoneNumber(db, user.id);
    const { id: assistantId } = await insertAssistant(db, user.id, { phone_number_id: phone.id, record: true });
    await db
      .updateTable('assistants')
      .set({ post_call_schema: JSON.stringify([{ name: 'interested', type: 'bool', description: 'Wants a demo' }]), include_recording_in_webhook: true })
      .where('id', '=', assistantId)
      .execute();
    const on = await user.req('POST', '/user/assistants/enable-webhook', { assistant_id: assistantId, webhook_url: receiver.url });
    expect(on.status).toBe(200);
    const placed = await user.req('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: assistantId, variables: { customer_name: 'Ada' } });
    expect(placed.status).toBe(200);
    const callId = placed.body.call_id as number;

    for (let i = 0; i < 60 && receiver.received.length === 0; i++) {
      clock.advance(1000);
      await svc.work.runOnce();
    }
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.verifyError).toBeNull();
    const call = (await user.req('GET', `/user/calls/${callId}`)).body;
    expect(call.status).toBe('completed');
    expect(got.payload).toMatchObject({
      event: 'call.ended',
      id: callId,
      customer_phone: '+12025550100',
      assistant_phone: phone.phone_number,
      duration: call.duration,
      status: 'completed',
      extracted_variables: { interested: expect.any(Boolean) },
      input_variables: { customer_name: 'Ada' },
      transcript: call.transcript,
      recording_url: expect.stringMatching(/^http:\/\/localhost:\d+\/api\/recordings\/[0-9a-f-]+\.wav$/),
      lead: null,
      campaign: null,
    });
    expect(Object.keys(got.payload!.extracted_variables as object)).toEqual(['interested']);
    expect(call.webhook_response).toMatchObject({ status: 'delivered', delivered: true, attempts: 1, status_code: 200, webhook_id: got.webhookId });
    // Nothing more is sent however long the clock runs.
    for (let i = 0; i < 5; i++) {
      clock.advance(3_600_000);
      await svc.work.runOnce();
    }
    expect(receiver.received).toHaveLength(1);
  });

  it('a simulated inbound call sends inbound_call.started then inbound_call.ended while the inbound webhook is on', async () => {
    const db = svc.handle.db;
    const inbound = await startReceiver();
    inbound.secret = receiver.secret;
    try {
      const phone = await insertPhoneNumber(db, user.id);
      const { id: assistantId } = await insertAssistant(db, user.id, { type: 'inbound', phone_number_id: phone.id });
      const on = await user.req('POST', '/user/assistants/enable-inbound-webhook', { assistant_id: assistantId, webhook_url: inbound.url });
      expect(on.status).toBe(200);
      const started = await user.req('POST', '/user/calls/simulate-inbound', { phone_number_id: phone.id, from: '+12025550105' });
      expect(started.status).toBe(200);
      const callId = started.body.call_id as number;
      for (let i = 0; i < 60 && inbound.received.length < 2; i++) {
        clock.advance(1000);
        await svc.work.runOnce();
      }
      expect(inbound.received.map((r) => [r.payload?.event, r.payload?.id, r.verified])).toEqual([
        ['inbound_call.started', callId, true],
        ['inbound_call.ended', callId, true],
      ]);
      const call = (await user.req('GET', `/user/calls/${callId}`)).body;
      expect(inbound.received[1]!.payload).toMatchObject({ status: call.status, customer_phone: '+12025550105', assistant_phone: phone.phone_number, transcript: call.transcript });
      // No post-call webhook: the call shows its inbound_call.ended delivery.
      expect(call.webhook_response).toMatchObject({ event: 'inbound_call.ended', delivered: true });

      // Off: the next inbound call sends nothing.
      await user.req('POST', '/user/assistants/disable-inbound-webhook', { assistant_id: assistantId });
      const again = await user.req('POST', '/user/calls/simulate-inbound', { phone_number_id: phone.id, from: '+12025550105' });
      expect(again.status).toBe(200);
      for (let i = 0; i < 30; i++) {
        clock.advance(1000);
        await svc.work.runOnce();
      }
      expect(inbound.received).toHaveLength(2);
      expect((await user.req('GET', `/user/calls/${again.body.call_id as number}`)).body.status).not.toMatch(/initiated|ringing|in-progress/);
    } finally {
      await inbound.close();
    }
  });
});
