import { describe, expect, it } from 'vitest';
import { TestClock } from '../engine/clock';
import { placeCall } from '../engine/place-call';
import { insertOrderAssistant } from '../test/order-tool';
import type { TestResponse, TestService, TestUser } from '../test/harness';
import type { SeenRequest, Scripted, StandInModel } from '../test/stand-ins/model';
import { orderLookup, orderToolResult, standInChatModel, useOrderService, workSharedRun } from '../test/use-order-service';
import { advanceReplays } from './worker';

/*
 * Replays over real HTTP, as the suites' tests run (suites.test.ts): a stand-in model plays the assistant
 * (this file's script), the original callers (personas), the replay's caller (the original's lines, in
 * order: src/server/test/stand-ins/roles.ts), the post-call reading and the judge (src/server/test/stand-ins/judge.ts: fewer tool calls
 * in the replay is "worse"); a local tool server answers the order tool; the test clock moves the calls.
 */

const clock = new TestClock('2026-03-09T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let stand: StandInModel;
let toolBase = '';
type Body = TestResponse['body'];

/** The assistant: looks orders up when the customer mentions one and the tool is there. */
function assistantScript(req: SeenRequest): Scripted {
  return orderToolResult(req) ?? orderLookup(req, 'unknown') ?? { text: 'Of course, I can help you with that.' };
}

useOrderService(clock, assistantScript, (s) => ({ svc, alice, bob, stand, toolBase } = s));

/** An outbound assistant on the stand-in's model, with the order tool, two post-call fields and the evaluation. */
function assistant(user: TestUser): Promise<{ id: number; toolId: number }> {
  const fields = [
    { name: 'order_id', type: 'string', description: 'the order asked about' },
    { name: 'budget', type: 'number', description: 'the budget' },
  ];
  return insertOrderAssistant(svc.handle.db, user.id, { toolBase, postCallFields: fields, evaluation: true });
}

const ADA = 'Your name is Ada Lovelace. Your order is A-1234. Your budget is 500 dollars. What you want: find out where your late order is.';

/** Past calls of the assistant: placed as any call is and played to their end by the model. */
async function pastCalls(user: TestUser, assistantId: number, personas: string[], variables: Record<string, unknown> = { customer_name: 'Ada' }): Promise<number[]> {
  const db = svc.handle.db;
  const ids: number[] = [];
  for (const persona of personas) {
    const placed = await db.transaction().execute((trx) =>
      placeCall(trx, { user_id: user.id, assistant_id: assistantId, assistant_name: 'Acme', type: 'outbound', client_phone_number: '+12025550100', assistant_phone_number: null, variables, persona, now: clock.now() }),
    );
    ids.push(placed.id);
  }
  for (let i = 0; i < 400; i++) {
    const open = await db.selectFrom('calls').select('id').where('id', 'in', ids).where((eb) => eb.or([eb('engine_next_at', 'is not', null), eb('talk_next_at', 'is not', null)])).execute();
    if (open.length === 0) return ids;
    clock.advance(2_000);
    await svc.work.runOnce();
  }
  throw new Error('the past calls did not end');
}

async function startSet(user: TestUser, body: Record<string, unknown>): Promise<Body> {
  const res = await user.req('POST', '/user/replays', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function runToEnd(user: TestUser, setId: number, limit = 400): Promise<Body> {
  for (let i = 0; i < limit; i++) {
    const res = await user.req('GET', `/user/replays/${setId}`);
    if (res.body.data.status !== 'running') return res.body.data;
    clock.advance(2_000);
    await svc.work.runOnce();
  }
  throw new Error(`replay set ${setId} did not end`);
}

const customerSaid = (transcript: Body[]) => transcript.filter((e) => e.sender === 'human').map((e) => e.text);

describe('a replay', () => {
  it("plays the original caller: their first line, their variables, the original's direction", async () => {
    const a = await assistant(alice);
    const [original] = await pastCalls(alice, a.id, [ADA], { customer_name: 'Ada', order_ref: 'A-1234' });
    const set = await startSet(alice, { call_ids: [original] });
    expect(set).toMatchObject({ status: 'running', assistant_id: a.id, pairs_total: 1, source: { call_ids: [original] } });
    const done = await runToEnd(alice, set.id);
    expect(done.status).toBe('finished');
    const pair = done.pairs[0];
    expect(pair.status).toBe('done');
    const before = (await alice.req('GET', `/user/calls/${original}`)).body;
    const after = (await alice.req('GET', `/user/calls/${pair.call_id}`)).body;
    expect(after).toMatchObject({ conversation_mode: 'model', type: 'outbound', assistant_id: a.id, variables: { customer_name: 'Ada', order_ref: 'A-1234' } });
    expect(customerSaid(after.transcript)[0]).toBe(customerSaid(before.transcript)[0]);
    expect(customerSaid(after.transcript)).toEqual(customerSaid(before.transcript));
    // The same assistant, the same lines: nothing changed, and the judge says so.
    expect(pair.diff).toMatchObject({ outcome: { before: 'completed', after: 'completed' }, tools: [], variables: [], divergence: null });
    expect(pair).toMatchObject({ verdict: 'same', reason: expect.stringMatching(/same way/) });
    expect(pair.original.transcript).toEqual(before.transcript);
    expect(pair.replay.transcript).toEqual(after.transcript);
  });

  it('shows a removed tool as missing, a new post-call field with its old and new value, and stores the verdict with its reason', async () => {
    const a = await assistant(alice);
    const originals = await pastCalls(alice, a.id, [ADA]);
    const first = await runToEnd(alice, (await startSet(alice, { call_ids: originals })).id);
    expect(first.config_version_before).toBeNull();
    // The edit: the order tool taken away, a field added to the post-call reading.
    const db = svc.handle.db;
    await db.deleteFrom('assistant_tools').where('assistant_id', '=', a.id).execute();
    await db
      .updateTable('assistants')
      .set({ post_call_schema: JSON.stringify([{ name: 'order_id', type: 'string' }, { name: 'budget', type: 'number' }, { name: 'customer_name', type: 'string' }]) })
      .where('id', '=', a.id)
      .execute();
    const done = await runToEnd(alice, (await startSet(alice, { call_ids: originals })).id);
    expect(done.config_version_before).toBe(first.config_version);
    expect(done.config_version).not.toBe(first.config_version);
    expect(done.config_changes).toEqual(['post_call_schema', 'tools']);
    const pair = done.pairs[0];
    const originalCall = (pair.original.transcript as Body[]).filter((e) => e.type === 'function_call');
    expect(originalCall.length).toBeGreaterThan(0);
    expect(pair.diff.tools).toEqual(originalCall.map((e) => ({ name: 'order_status', change: 'missing', before: e.arguments, after: null })));
    expect(pair.diff.variables).toEqual([{ name: 'customer_name', before: null, after: 'Ada Lovelace' }]);
    // The transcripts part where the original's assistant called the tool.
    const at = (pair.original.transcript as Body[]).findIndex((e) => e.type === 'function_call');
    expect(pair.diff.divergence).toEqual({ original: at, replay: at });
    // The judge's verdict, stored with its reason and the line it rests on (1-based, of the original).
    expect(pair.verdict).toBe('worse');
    expect(pair.reason).toMatch(/order_status/);
    expect(pair.lines).toEqual([{ transcript: 'original', line: at + 1 }]);
    expect(done).toMatchObject({ verdicts: { better: 0, same: 0, worse: 1, unclear: 0 }, tools_changed: [{ name: 'order_status', count: 1 }], variables_changed: [{ name: 'customer_name', count: 1 }] });
    const row = await db.selectFrom('replay_pairs').select(['verdict', 'reason']).where('id', '=', pair.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ verdict: 'worse', reason: pair.reason });

    // Kept as a suite scenario: the original caller, expectations from what the original did right.
    expect(pair.proposed_expectations.map((e: Body) => e.kind)).toEqual(['tool_called', 'variable', 'variable', 'outcome']);
    const saved = await alice.req('POST', `/user/replays/${done.id}/pairs/${pair.id}/scenario`, {});
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.data).toMatchObject({ assistant_id: a.id, name: `Replay of call ${originals[0]}`, variables: { customer_name: 'Ada' } });
    expect(saved.body.data.persona).toContain('Your lines from that call, in order:');
    expect(saved.body.data.expectations).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'tool_called', tool: 'order_status' }), expect.objectContaining({ kind: 'outcome', outcome: 'completed' })]));
    const edited = await alice.req('POST', `/user/replays/${done.id}/pairs/${pair.id}/scenario`, { name: 'Late order', expectations: [{ kind: 'judge', criterion: 'The assistant says the order is "shipped"' }] });
    expect(edited.status, edited.text).toBe(201);
    expect(edited.body.data.expectations).toEqual([expect.objectContaining({ kind: 'judge' })]);
    const list = await alice.req('GET', `/user/assistant/${a.id}/scenarios`);
    expect(list.body.data.map((s: Body) => s.name)).toEqual([`Replay of call ${originals[0]}`, 'Late order']);
    expect((await bob.req('POST', `/user/replays/${done.id}/pairs/${pair.id}/scenario`, {})).status).toBe(404);
  });
});

describe('a replay set', () => {
  it('over 10 calls picked by the call log filter finishes with every pair, each replayed once', async () => {
    const a = await assistant(bob);
    const originals = await pastCalls(bob, a.id, Array.from({ length: 10 }, (_, i) => `Your name is Caller ${String.fromCharCode(65 + i)}. What you want: find out where your late order is.`));
    const set = await startSet(bob, { filter: { assistant_id: a.id, status: 'completed' } });
    expect(set.pairs_total).toBe(10);
    expect(set.pairs.map((p: Body) => p.original_call_id)).toEqual(originals);
    const done = await runToEnd(bob, set.id);
    expect(done).toMatchObject({ status: 'finished', pairs_total: 10, pairs_done: 10, pairs_running: 0 });
    expect(done.pairs.every((p: Body) => p.status === 'done' && p.verdict === 'same')).toBe(true);
    expect(new Set(done.pairs.map((p: Body) => p.call_id)).size).toBe(10);
    expect(done.verdicts).toEqual({ better: 0, same: 10, worse: 0, unclear: 0 });
    // The same filter again picks the original calls, not their replays.
    const again = await startSet(bob, { filter: { assistant_id: a.id, status: 'completed' } });
    expect(again.pairs.map((p: Body) => p.original_call_id)).toEqual(originals);
    expect((await bob.req('POST', `/user/replays/${again.id}/cancel`)).body.data.status).toBe('cancelled');
    // Kept in the history, newest first, without pairs.
    const page = await bob.req('GET', `/user/replays?assistant_id=${a.id}`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((s: Body) => s.id)).toEqual([again.id, set.id]);
    expect(page.body.data[1]).toMatchObject({ status: 'finished', verdicts: { same: 10 } });
    expect(page.body.data[1].pairs).toBeUndefined();
  });

  it('stops placing calls when cancelled', async () => {
    const a = await assistant(alice);
    const originals = await pastCalls(alice, a.id, Array.from({ length: 6 }, () => ADA));
    const set = await startSet(alice, { call_ids: originals });
    await svc.work.runOnce();
    const placed = (await alice.req('GET', `/user/replays/${set.id}`)).body.data;
    expect(placed.pairs.filter((p: Body) => p.status === 'calling')).toHaveLength(4);
    const cancelled = await alice.req('POST', `/user/replays/${set.id}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.pairs.map((p: Body) => p.status)).toEqual(Array(6).fill('cancelled'));
    for (let i = 0; i < 30; i++) {
      clock.advance(2_000);
      await svc.work.runOnce();
    }
    const replays = await svc.handle.db.selectFrom('calls').select('id').where('assistant_id', '=', a.id).where('persona', 'like', '%Your lines from that call%').execute();
    expect(replays).toHaveLength(4);
    const after = (await alice.req('GET', `/user/replays/${set.id}`)).body.data;
    expect(after.status).toBe('cancelled');
    expect(after.pairs.filter((p: Body) => p.verdict !== null)).toHaveLength(0);
  });

  it("answers 404 for another user's call and set, 422 for a live call or calls of two assistants", async () => {
    const a = await assistant(alice);
    const [mine] = await pastCalls(alice, a.id, [ADA]);
    const other = await assistant(bob);
    const [bobs] = await pastCalls(bob, other.id, [ADA]);
    const res = await alice.req('POST', '/user/replays', { call_ids: [mine, bobs] });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Ada');
    const set = await startSet(alice, { call_ids: [mine] });
    expect((await bob.req('GET', `/user/replays/${set.id}`)).status).toBe(404);
    expect((await bob.req('POST', `/user/replays/${set.id}/cancel`)).status).toBe(404);
    expect((await bob.req('GET', `/user/replays?assistant_id=${a.id}`)).status).toBe(404);
    const live = await svc.handle.db.transaction().execute((trx) =>
      placeCall(trx, { user_id: alice.id, assistant_id: a.id, assistant_name: 'Acme', type: 'outbound', client_phone_number: '+12025550100', assistant_phone_number: null, variables: {}, now: clock.now() }),
    );
    const refused = await alice.req('POST', '/user/replays', { call_ids: [mine, live.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/still live/);
    const b = await assistant(alice);
    const [another] = await pastCalls(alice, b.id, [ADA]);
    const two = await alice.req('POST', '/user/replays', { call_ids: [mine, another] });
    expect(two.status).toBe(422);
    expect(Object.keys(two.body.errors)).toEqual(['call_ids']);
    expect((await alice.req('POST', '/user/replays', {})).status).toBe(422);
    await alice.req('POST', `/user/replays/${set.id}/cancel`);
  });

  it('is shared by two processes without replaying a call twice', async () => {
    const a = await assistant(bob);
    const originals = await pastCalls(bob, a.id, Array.from({ length: 8 }, () => ADA));
    const set = await startSet(bob, { call_ids: originals });
    const model = standInChatModel(stand.baseUrl);
    const db = svc.handle.db;
    const most = await workSharedRun(svc, clock, {
      bothWork: () => Promise.all([advanceReplays(db, clock.now(), { model, parallelism: 4 }), advanceReplays(db, clock.now(), { model, parallelism: 4 })]),
      calling: async () => (await db.selectFrom('replay_pairs').select('id').where('set_id', '=', set.id).where('status', '=', 'calling').execute()).length,
      running: async () => (await db.selectFrom('replay_sets').select('status').where('id', '=', set.id).executeTakeFirstOrThrow()).status === 'running',
    });
    const done = (await bob.req('GET', `/user/replays/${set.id}`)).body.data;
    expect(done.status).toBe('finished');
    expect(most).toBe(4);
    expect(new Set(done.pairs.map((p: Body) => p.call_id)).size).toBe(8);
    const replays = await db.selectFrom('calls').select('id').where('assistant_id', '=', a.id).where('persona', 'like', '%Your lines from that call%').execute();
    expect(replays).toHaveLength(8);
  });
});
