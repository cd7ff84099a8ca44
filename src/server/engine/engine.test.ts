import { describe, expect, it } from 'vitest';
import type { AssistantUpdate } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { insertAssistant, insertCall, insertCampaign, insertPhoneNumber } from '../test/fixtures';
import type { TestService, TestUser } from '../test/harness';
import { useService } from '../test/use-service';
import { advanceCalls } from './calls';
import { TestClock } from './clock';
import { placeCall } from './place-call';
import { engineSeed, makePlan, OUTBOUND_WEIGHTS } from './plan';

/*
 * The call engine over real HTTP, on a clock the tests move: calls are placed with make_call (or placeCall
 * for campaign calls), the clock advances, one tick of the background work runs, GET /user/calls/{id} shows
 * where each call is.
 */

const clock = new TestClock('2026-03-02T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;

useService((s) => ({ svc, alice, bob } = s), { clock });

async function assistantFor(user: TestUser, cols: AssistantUpdate = {}): Promise<number> {
  const db = svc.handle.db;
  const number = await insertPhoneNumber(db, user.id);
  const a = await insertAssistant(db, user.id, { phone_number_id: number.id });
  if (Object.keys(cols).length > 0) await db.updateTable('assistants').set(cols).where('id', '=', a.id).execute();
  return a.id;
}

async function makeCall(user: TestUser, assistantId: number, phone: string, variables: Record<string, unknown> = {}): Promise<number> {
  const res = await user.req('POST', '/user/make_call', { phone_number: phone, assistant_id: assistantId, variables });
  expect(res.status, res.text).toBe(200);
  return res.body.call_id as number;
}

async function tick(seconds: number): Promise<void> {
  clock.advance(seconds * 1000);
  await svc.work.runOnce();
}

const getCall = async (user: TestUser, id: number) => (await user.req('GET', `/user/calls/${id}`)).body;

describe('test numbers', () => {
  it('give each outcome on its documented schedule, status by status', async () => {
    const assistant = await assistantFor(alice);
    const voicemailHangUp = await assistantFor(alice, { end_call_on_voicemail: true });
    const cases: [string, number, string[]][] = [
      ['+12025550100', assistant, ['initiated@0', 'ringing@1', 'in-progress@3', 'ended@9', 'completed@11']],
      ['+12025550101', assistant, ['initiated@0', 'ringing@1', 'busy@3']],
      ['+12025550102', assistant, ['initiated@0', 'ringing@1', 'no-answer@8']],
      ['+12025550103', assistant, ['initiated@0', 'ringing@1', 'in-progress@3', 'ended@6', 'completed@8']],
      ['+12025550103', voicemailHangUp, ['initiated@0', 'ringing@1', 'in-progress@3', 'ended@6', 'ended_by_assistant@8']],
      ['+12025550104', assistant, ['initiated@0', 'failed@1']],
      ['+13125550105', assistant, ['initiated@0', 'ringing@1', 'in-progress@3', 'ended@9', 'ended_by_customer@11']],
      ['+14155550106', assistant, ['initiated@0', 'ringing@1', 'in-progress@3', 'ended@9', 'ended_by_assistant@11']],
    ];
    const ids = [];
    for (const [phone, a] of cases) ids.push(await makeCall(alice, a, phone));
    const seen: string[][] = cases.map(() => []);
    for (let second = 0; second <= 14; second++) {
      if (second > 0) await tick(1);
      for (const [i, id] of ids.entries()) {
        const status = (await getCall(alice, id)).status as string;
        const list = seen[i]!;
        if (list.at(-1)?.split('@')[0] !== status) list.push(`${status}@${second}`);
      }
    }
    expect(seen).toEqual(cases.map(([, , expected]) => expected));

    const [completed, busy, noAnswer, voicemail, voicemailEnded, failed] = await Promise.all(ids.map((id) => getCall(alice, id)));
    expect(completed).toMatchObject({ answered_by: 'human', duration: 6 });
    expect(completed.total_cost).toBeGreaterThan(0);
    for (const unanswered of [busy, noAnswer, failed]) {
      expect(unanswered).toMatchObject({ answered_by: null, duration: 0, transcript: '', total_cost: 0, carrier_cost: 0 });
      expect(unanswered).not.toHaveProperty('recording_url');
    }
    expect(voicemail).toMatchObject({ answered_by: 'machine', duration: 3 });
    expect(voicemail.transcript.split('\n')).toHaveLength(2);
    expect(voicemailEnded).toMatchObject({ answered_by: 'machine', duration: 3 });
    expect(voicemailEnded.transcript.split('\n')).toHaveLength(1);
  });
});

describe('other numbers', () => {
  it('never last longer than the assistant’s max_duration', async () => {
    const assistant = await assistantFor(alice, { max_duration: 20 });
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await makeCall(alice, assistant, `+1415${String(3_000_000 + i * 7)}`));
    await tick(200);
    const calls = await Promise.all(ids.map((id) => getCall(alice, id)));
    expect(calls.filter((c) => c.answered_by === 'human').length).toBeGreaterThan(5);
    for (const c of calls) expect(c.duration).toBeLessThanOrEqual(20);
  });
});

describe('what a finished call carries', () => {
  it('a transcript opening with the initial message, its {{variables}} filled', async () => {
    const assistant = await assistantFor(alice, {
      initial_message: 'Hi {{customer_name}}, this is {{agent}} from {{company}}.',
      variables: JSON.stringify({ agent: 'Max', company: 'Default Co' }),
    });
    const id = await makeCall(alice, assistant, '+12025550100', { customer_name: 'Jane', company: 'Acme' });
    await tick(20);
    const call = await getCall(alice, id);
    expect(call.transcript.split('\n')[0]).toBe('AI: Hi Jane, this is Max from Acme.');
    expect(call.variables).toEqual({ customer_name: 'Jane', company: 'Acme' });
  });

  it('the customer first when the assistant waits for them', async () => {
    const assistant = await assistantFor(alice, { initial_message: 'Hello {{customer_name}}.', wait_for_customer: true });
    const id = await makeCall(alice, assistant, '+12025550100', { customer_name: 'Jane' });
    await tick(20);
    const lines = (await getCall(alice, id)).transcript.split('\n');
    expect(lines[0]).toMatch(/^User: /);
    expect(lines[1]).toBe('AI: Hello Jane.');
  });

  it('German from a German assistant', async () => {
    const assistant = await assistantFor(alice, { language: 'German', initial_message: '' });
    const id = await makeCall(alice, assistant, '+12025550100');
    await tick(20);
    const transcript = (await getCall(alice, id)).transcript as string;
    expect(transcript).toMatch(/^AI: Guten Tag/);
    expect(transcript).toMatch(/auf Wiederhören/i);
  });

  it('post-call variables of their types; an evaluation only with post_call_evaluation; a recording only with record', async () => {
    const schema = [
      { name: 'interested', type: 'bool', description: '' },
      { name: 'score', type: 'number', description: '' },
      { name: 'email', type: 'string', description: '' },
    ];
    const full = await assistantFor(alice, { post_call_schema: JSON.stringify(schema), post_call_evaluation: true, record: true });
    const bare = await assistantFor(alice, { post_call_schema: JSON.stringify(schema), post_call_evaluation: false, record: false });
    const a = await makeCall(alice, full, '+12025550100', { customer_name: 'Jane', email: 'jane@example.com' });
    const b = await makeCall(alice, bare, '+12025550100');
    await tick(20);
    const withAll = await getCall(alice, a);
    const without = await getCall(alice, b);
    expect(typeof withAll.variables.interested).toBe('boolean');
    expect(typeof withAll.variables.score).toBe('number');
    expect(withAll.variables.email).toBe('jane@example.com');
    expect(withAll.variables.customer_name).toBe('Jane');
    expect(withAll.evaluation).toMatchObject({ successful: true, sentiment: 'positive' });
    expect(withAll.recording_url).toMatch(/\/api\/recordings\/[0-9a-f-]{36}\.wav$/);
    expect(Object.keys(without.variables).sort()).toEqual(['email', 'interested', 'score']);
    expect(without.evaluation).toEqual({});
    expect(without).not.toHaveProperty('recording_url');
  });

  it('for a campaign call: the lead’s variables, and the goal variable', async () => {
    const db = svc.handle.db;
    const assistant = await assistantFor(alice, { initial_message: 'Hi {{customer_name}}.' });
    const campaign = await insertCampaign(db, alice.id, { assistant_id: assistant });
    await db.updateTable('campaigns').set({ goal_completion_variable: 'booked' }).where('id', '=', campaign.id).execute();
    const lead = await db
      .insertInto('leads')
      .values({ user_id: alice.id, campaign_id: campaign.id, parent_lead_id: null, phone_number: '+12025550100', variables: JSON.stringify({ customer_name: 'Lena' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const placed = [];
    for (const phone of ['+12025550100', '+12025550105']) {
      placed.push(
        await db.transaction().execute((trx) =>
          placeCall(trx, {
            user_id: alice.id,
            assistant_id: assistant,
            assistant_name: 'Fixture assistant',
            type: 'outbound',
            client_phone_number: phone,
            assistant_phone_number: null,
            variables: {},
            campaign_id: campaign.id,
            campaign_name: campaign.name,
            lead_id: lead.id,
            now: clock.now(),
          }),
        ),
      );
    }
    await tick(20);
    const [reached, cut] = await Promise.all(placed.map((p) => getCall(alice, p.id)));
    expect(reached.transcript.split('\n')[0]).toBe('AI: Hi Lena.');
    expect(reached.variables.booked).toBe(true);
    expect(reached.campaign_name).toBe(campaign.name);
    expect(cut.status).toBe('ended_by_customer');
    expect(cut.variables.booked).toBe(false);
  });
});

describe('the engine', () => {
  it('charges a call once when two ticks race for it', async () => {
    const dave = await svc.user();
    const assistant = await assistantFor(dave);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await makeCall(dave, assistant, '+12025550100'));
    clock.advance(30_000);
    const db = svc.handle.db;
    const [x, y] = await Promise.all([advanceCalls(db, clock.now()), advanceCalls(db, clock.now())]);
    expect(x + y).toBe(5);
    const calls = await Promise.all(ids.map((id) => getCall(dave, id)));
    const spent = calls.reduce((sum, c) => sum + (c.total_cost as number), 0);
    expect(spent).toBeGreaterThan(0);
    expect((await dave.req('GET', '/user/me')).body.total_balance).toBeCloseTo(25 - spent, 4);
    expect(await advanceCalls(db, clock.now())).toBe(0);
  });

  it('catches up on missed ticks: the steps keep their own times', async () => {
    const assistant = await assistantFor(alice, { record: true });
    const placedAt = clock.now().getTime();
    const id = await makeCall(alice, assistant, '+12025550100');
    await tick(3600);
    const call = await getCall(alice, id);
    expect(call.status).toBe('completed');
    expect(call.duration).toBe(6);
    const row = await svc.handle.db.selectFrom('calls').select(['answered_at', 'finished_at', 'transcript']).where('id', '=', id).executeTakeFirstOrThrow();
    const ms = (ts: string | null) => Date.parse(`${String(ts).replace(' ', 'T')}Z`);
    expect(ms(row.answered_at)).toBe(placedAt + 3000);
    expect(ms(row.finished_at)).toBe(placedAt + 9000);
    // The transcript is stamped from the answer, not from the late tick.
    const lines = row.transcript as { timestamp: string }[];
    expect(Date.parse(lines[0]!.timestamp)).toBe(placedAt + 3000);
  });

  it('gives calls made before it (no plan, marked simulated) a plan and an outcome', async () => {
    const db = svc.handle.db;
    const assistant = await assistantFor(alice);
    const at = new Date(clock.now().getTime() - 120_000);
    const id = await insertCall(db, alice.id, {
      at,
      status: 'ringing',
      assistant_id: assistant,
      client_phone_number: '+12025550100',
      evaluation: JSON.stringify({ simulated: true }),
      engine_next_at: toDbTimestamp(at),
    });
    await tick(1);
    const call = await getCall(alice, id);
    expect(call.status).toBe('completed');
    expect(call.duration).toBe(6);
    const row = await db.selectFrom('calls').select(['engine_plan', 'engine_next_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.engine_next_at).toBeNull();
    expect(row.engine_plan).toMatchObject({ outcome: 'completed', test_number: true });
  });

  it('keeps each user’s calls to themselves', async () => {
    const assistant = await assistantFor(alice);
    const id = await makeCall(alice, assistant, '+12025550100');
    await tick(20);
    expect((await bob.req('GET', `/user/calls/${id}`)).status).toBe(404);
    const list = await bob.req('GET', '/user/calls?per_page=100');
    expect(list.body.data.map((c: { id: number }) => c.id)).not.toContain(id);
    // Bob cannot place a call with Alice's assistant either.
    expect((await bob.req('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: assistant })).status).toBe(422);
    expect((await bob.req('GET', '/user/me')).body.total_balance).toBe(25);
  });
});

// Last: its long tick blocks the process, and nothing over HTTP follows it.
describe('many calls', () => {
  it('follow the outcome weights over 300 calls, as the seed and the call ids decide', async () => {
    const carol = await svc.user();
    await svc.handle.db.updateTable('users').set({ balance: '1000' }).where('id', '=', carol.id).execute();
    const assistant = await assistantFor(carol);
    const ids: number[] = [];
    const phones: string[] = [];
    for (let i = 0; i < 300; i++) {
      const phone = `+1415${String(2_000_000 + i * 37)}`;
      phones.push(phone);
      ids.push(await makeCall(carol, assistant, phone));
    }
    // The longest call: ringing 16 s, 120 s of talk, 2 s to its outcome.
    await tick(200);
    await tick(1);
    const rows = await svc.handle.db.selectFrom('calls').select(['id', 'status', 'answered_by', 'engine_next_at']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.engine_next_at === null)).toBe(true);
    const counts: Record<string, number> = {};
    for (const r of rows) {
      const outcome = r.answered_by === 'machine' ? 'voicemail' : r.status;
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      // The seed and the id decide it: the same plan comes out again.
      const expected = makePlan({ callId: r.id, type: 'outbound', customerNumber: phones[ids.indexOf(r.id)]!, maxDuration: 600, endCallOnVoicemail: false, inputVariables: {}, engineSeed: engineSeed() });
      expect(outcome).toBe(expected.outcome);
    }
    const total = Object.values(OUTBOUND_WEIGHTS).reduce((a, b) => a + b, 0);
    for (const [outcome, w] of Object.entries(OUTBOUND_WEIGHTS)) {
      const p = w / total;
      const sd = Math.sqrt(300 * p * (1 - p));
      expect(Math.abs((counts[outcome] ?? 0) - 300 * p), `${outcome}: ${JSON.stringify(counts)}`).toBeLessThan(4 * sd);
    }
  });
});
