import { describe, expect, it } from 'vitest';
import { INSUFFICIENT_BALANCE_CALL } from '../account/balance';
import { TestClock } from '../engine/clock';
import { insertAssistant, insertPhoneNumber } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { NO_INBOUND_ASSISTANT } from '../calls/simulate-inbound';

const clock = new TestClock('2026-03-02T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let aliceNumber: { id: number; phone_number: string };
let inbound: number;

const PATH = '/user/calls/simulate-inbound';
const INVALID_NUMBER = 'The selected phone number id is invalid.';

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const db = svc.handle.db;
  aliceNumber = await insertPhoneNumber(db, alice.id, '+493012345670');
  inbound = (await insertAssistant(db, alice.id, { name: 'Front desk', type: 'inbound', phone_number_id: aliceNumber.id })).id;
  await db.updateTable('assistants').set({ initial_message: 'Front desk, how can I help?' }).where('id', '=', inbound).execute();
}, { clock });

async function tick(seconds: number): Promise<void> {
  clock.advance(seconds * 1000);
  await svc.work.runOnce();
}

describe('POST /user/calls/simulate-inbound', () => {
  it('rings the inbound assistant holding the number, and the call plays through', async () => {
    const res = await alice.req('POST', PATH, { phone_number_id: aliceNumber.id, from: '+1 202 555 0100' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Inbound call started', call_id: expect.any(Number), status: 'initiated' });
    const id = res.body.call_id as number;
    const seen: string[] = [];
    for (let second = 0; second <= 12; second++) {
      if (second > 0) await tick(1);
      const status = (await alice.req('GET', `/user/calls/${id}`)).body.status as string;
      if (seen.at(-1)?.split('@')[0] !== status) seen.push(`${status}@${second}`);
    }
    expect(seen).toEqual(['initiated@0', 'ringing@1', 'in-progress@2', 'ended@8', 'completed@10']);
    const call = (await alice.req('GET', `/user/calls/${id}`)).body;
    expect(call).toMatchObject({
      type: 'inbound',
      assistant_id: inbound,
      assistant_name: 'Front desk',
      client_phone_number: '+12025550100',
      assistant_phone_number: '+493012345670',
      answered_by: 'human',
      duration: 6,
    });
    expect(call.transcript.split('\n')[0]).toBe('AI: Front desk, how can I help?');
    expect(call.total_cost).toBeGreaterThan(0);
    // Only its owner sees it.
    expect((await bob.req('GET', `/user/calls/${id}`)).status).toBe(404);
  });

  it('ends as a test number says, and in a conversation outcome for any other caller', async () => {
    const cut = await alice.req('POST', PATH, { phone_number_id: aliceNumber.id, from: '+14155550105' });
    const others = [];
    for (let i = 0; i < 10; i++) others.push(await alice.req('POST', PATH, { phone_number_id: String(aliceNumber.id), from: `+4930${String(5_000_000 + i)}` }));
    await tick(200);
    expect((await alice.req('GET', `/user/calls/${cut.body.call_id}`)).body.status).toBe('ended_by_customer');
    for (const other of others) {
      expect(other.status).toBe(200);
      const call = (await alice.req('GET', `/user/calls/${other.body.call_id}`)).body;
      expect(['completed', 'ended_by_customer', 'ended_by_assistant']).toContain(call.status);
      expect(call.answered_by).toBe('human');
    }
  });

  it('refuses a number that is not the caller’s', async () => {
    for (const phone_number_id of [999_999, aliceNumber.id]) {
      const res = await bob.req('POST', PATH, { phone_number_id, from: '+14155550100' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: INVALID_NUMBER, errors: { phone_number_id: [INVALID_NUMBER] } });
    }
  });

  it('refuses a number no live inbound assistant answers', async () => {
    const db = svc.handle.db;
    const outboundOnly = await insertPhoneNumber(db, alice.id);
    await insertAssistant(db, alice.id, { type: 'outbound', phone_number_id: outboundOnly.id });
    const deletedOnly = await insertPhoneNumber(db, alice.id);
    await insertAssistant(db, alice.id, { type: 'inbound', phone_number_id: deletedOnly.id, deleted: true });
    const inactiveOnly = await insertPhoneNumber(db, alice.id);
    const inactive = await insertAssistant(db, alice.id, { type: 'inbound', phone_number_id: inactiveOnly.id });
    await db.updateTable('assistants').set({ status: 'inactive' }).where('id', '=', inactive.id).execute();
    const bare = await insertPhoneNumber(db, alice.id);
    for (const number of [outboundOnly, deletedOnly, inactiveOnly, bare]) {
      const res = await alice.req('POST', PATH, { phone_number_id: number.id, from: '+14155550100' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: NO_INBOUND_ASSISTANT, errors: { phone_number_id: [NO_INBOUND_ASSISTANT] } });
    }
  });

  it('checks the fields, then the balance', async () => {
    const missing = await alice.req('POST', PATH, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['from', 'phone_number_id']);
    const badFrom = await alice.req('POST', PATH, { phone_number_id: aliceNumber.id, from: 'nope' });
    expect(badFrom.status).toBe(422);
    expect(badFrom.body.errors).toEqual({ from: ['The from field must be a valid phone number.'] });
    const both = await bob.req('POST', PATH, { phone_number_id: aliceNumber.id, from: '12' });
    expect(Object.keys(both.body.errors).sort()).toEqual(['from', 'phone_number_id']);

    const db = svc.handle.db;
    await db.updateTable('users').set({ balance: '0.01' }).where('id', '=', alice.id).execute();
    const broke = await alice.req('POST', PATH, { phone_number_id: aliceNumber.id, from: '+14155550100' });
    expect(broke.status).toBe(422);
    expect(broke.body).toEqual({ message: INSUFFICIENT_BALANCE_CALL });
    await db.updateTable('users').set({ balance: '25' }).where('id', '=', alice.id).execute();
  });

  it('needs a token', async () => {
    const res = await fetch(`${svc.api}${PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });
});
