import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../engine/clock';
import { startBackgroundWork } from '../engine/runner';
import { insertAssistant } from '../test/fixtures';
import { insertOrderAssistant } from '../test/order-tool';
import { startTestService, type TestResponse, type TestService, type TestUser } from '../test/harness';
import { startStandInModel, type SeenRequest, type Scripted, type StandInModel } from '../test/stand-ins/model';
import { orderLookup, orderToolResult, standInChatModel, useOrderService, workSharedRun } from '../test/use-order-service';
import { advanceSuites } from './worker';

/*
 * Test suites over real HTTP: a stand-in model (test/stand-ins/model.ts) plays the assistant (this file's
 * script), the customer (its shared script, from the scenario's persona and goal), the post-call reading and
 * the judge (src/server/test/stand-ins/judge.ts: decided by the criterion's quoted words); a local tool server answers the
 * order tool; the test clock moves the suite's calls along.
 */

const clock = new TestClock('2026-03-02T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let stand: StandInModel;
let toolBase = '';
type Body = TestResponse['body'];

const text = (c: unknown) => (typeof c === 'string' ? c : '');
/** Conversations whose customer asked for a refund and the assistant promised one (the first two of them). */
let refundsPromised = 0;

/** The assistant: looks orders up when the customer mentions one; promises a refund twice, then never again. */
function assistantScript(req: SeenRequest): Scripted {
  const told = orderToolResult(req);
  if (told) return told;
  const messages = req.body.messages;
  const said = text(messages.at(-1)?.content);
  const users = messages.filter((m) => m.role === 'user').length;
  if (/refund/i.test(said) && users === 1) {
    refundsPromised += 1;
    return { text: refundsPromised <= 2 ? 'I am sorry. You will get a refund today.' : 'I am sorry. Let me pass this to our billing team.' };
  }
  return orderLookup(req, 'A-17') ?? { text: 'Of course, I can help you with that.' };
}

useOrderService(clock, assistantScript, (s) => ({ svc, alice, bob, stand, toolBase } = s));

/** An assistant on the stand-in's model, with the order tool and three post-call fields. */
async function assistant(user: TestUser, type: 'outbound' | 'inbound' = 'outbound'): Promise<number> {
  const fields = [
    { name: 'order_id', type: 'string', description: 'the order asked about' },
    { name: 'budget', type: 'number', description: 'the budget' },
    { name: 'email', type: 'string', description: 'the e-mail address' },
  ];
  return (await insertOrderAssistant(svc.handle.db, user.id, { toolBase, type, postCallFields: fields })).id;
}

const LATE_ORDER = {
  name: 'Late order',
  persona: 'Your name is Ada Lovelace. Your order is A-1234. Your budget is 500 dollars.',
  goal: 'find out where your late order is',
  max_turns: 20,
};

async function addScenario(user: TestUser, assistantId: number, body: Record<string, unknown>): Promise<Body> {
  const res = await user.req('POST', `/user/assistant/${assistantId}/scenarios`, body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** Ticks the clock and the background work until the run is no longer running. */
async function runToEnd(user: TestUser, runId: number, limit = 400): Promise<Body> {
  for (let i = 0; i < limit; i++) {
    const res = await user.req('GET', `/user/suite-runs/${runId}`);
    if (res.body.data.status !== 'running') return res.body.data;
    clock.advance(2_000);
    await svc.work.runOnce();
  }
  throw new Error(`run ${runId} did not end`);
}

async function startRun(user: TestUser, assistantId: number, body: Record<string, unknown> = {}): Promise<Body> {
  const res = await user.req('POST', `/user/assistant/${assistantId}/suite-runs`, body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const resultOf = (item: Body, id: string) => (item.results as Body[]).find((r) => r.expectation_id === id);

describe('scenarios', () => {
  it('are kept per assistant with their expectations, and another user sees none of them', async () => {
    const a = await assistant(alice);
    const made = await addScenario(alice, a, { ...LATE_ORDER, variables: { customer_name: 'Ada' }, expectations: [{ kind: 'tool_called', tool: 'order_status', arguments: [{ name: 'order_id', value: 'A-1234' }] }] });
    expect(made).toMatchObject({ name: 'Late order', max_turns: 20, variables: { customer_name: 'Ada' } });
    expect(made.expectations[0]).toMatchObject({ kind: 'tool_called', tool: 'order_status', arguments: [{ name: 'order_id', match: 'equals', value: 'A-1234' }], min_pass_rate: null });
    expect(made.expectations[0].id).toMatch(/^[\w-]+$/);
    const list = await alice.req('GET', `/user/assistant/${a}/scenarios`);
    expect(list.body).toMatchObject({ model_ready: true, data: [{ id: made.id }] });

    // Bob: neither the assistant's scenarios nor the scenario itself, nor its runs.
    expect((await bob.req('GET', `/user/assistant/${a}/scenarios`)).status).toBe(404);
    expect((await bob.req('POST', `/user/assistant/${a}/scenarios`, { ...LATE_ORDER, expectations: [{ kind: 'judge', criterion: 'x' }] })).status).toBe(404);
    expect((await bob.req('PUT', `/user/scenarios/${made.id}`, { ...LATE_ORDER, expectations: [{ kind: 'judge', criterion: 'x' }] })).status).toBe(404);
    expect((await bob.req('DELETE', `/user/scenarios/${made.id}`)).status).toBe(404);
    expect((await bob.req('POST', `/user/assistant/${a}/suite-runs`, {})).status).toBe(404);
    const run = await startRun(alice, a);
    expect((await bob.req('GET', `/user/suite-runs/${run.id}`)).status).toBe(404);
    expect((await bob.req('POST', `/user/suite-runs/${run.id}/cancel`)).status).toBe(404);
    expect((await bob.req('GET', `/user/assistant/${a}/suite-runs`)).status).toBe(404);
    const cancelled = await alice.req('POST', `/user/suite-runs/${run.id}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');

    // The edit keeps the expectation's id (its history), a delete leaves the run's copy.
    const edited = await alice.req('PUT', `/user/scenarios/${made.id}`, { ...LATE_ORDER, name: 'Late order, edited', expectations: [{ ...made.expectations[0], arguments: [] }] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.expectations[0].id).toBe(made.expectations[0].id);
    expect((await alice.req('DELETE', `/user/scenarios/${made.id}`)).status).toBe(200);
    expect((await alice.req('GET', `/user/suite-runs/${run.id}`)).body.data.items[0].scenario_name).toBe('Late order');
  });

  it('refuses what cannot be checked, each error on its field', async () => {
    const a = await assistant(alice);
    const res = await alice.req('POST', `/user/assistant/${a}/scenarios`, {
      name: '',
      persona: 'p',
      goal: 'g',
      max_turns: 500,
      expectations: [
        { kind: 'tool_called' },
        { kind: 'variable', name: 'email', check: 'matches', value: '([a-z' },
        { kind: 'tool_called', tool: 't', arguments: [{ name: 'x', match: 'matches', value: '(' }] },
        { kind: 'judge', criterion: ' ' },
        { kind: 'outcome', outcome: 'exploded' },
      ],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['expectations.0.tool', 'expectations.1.value', 'expectations.2.arguments.0.value', 'expectations.3.criterion', 'expectations.4.outcome', 'max_turns', 'name'].sort(),
    );
    expect((await alice.req('POST', `/user/assistant/${a}/scenarios`, { ...LATE_ORDER, expectations: [] })).status).toBe(422);
    // No scenario yet: nothing to run.
    const empty = await alice.req('POST', `/user/assistant/${a}/suite-runs`, {});
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/no scenarios/);
  });
});

describe('a run', () => {
  it('checks every kind of expectation on a real call, each passing or failing as the call shows', async () => {
    const a = await assistant(alice);
    const s = await addScenario(alice, a, {
      ...LATE_ORDER,
      expectations: [
        { id: 'tool-ok', kind: 'tool_called', tool: 'order_status', arguments: [{ name: 'order_id', value: 'A-1234' }] },
        { id: 'tool-pattern-no', kind: 'tool_called', tool: 'order_status', arguments: [{ name: 'order_id', match: 'matches', value: '^B-' }] },
        { id: 'tool-other-no', kind: 'tool_called', tool: 'cancel_order' },
        { id: 'not-called-no', kind: 'tool_not_called', tool: 'order_status' },
        { id: 'not-called-ok', kind: 'tool_not_called', tool: 'order_status', arguments: [{ name: 'order_id', match: 'matches', value: '^Z' }] },
        { id: 'var-equals', kind: 'variable', name: 'order_id', check: 'equals', value: 'A-1234' },
        { id: 'var-equals-no', kind: 'variable', name: 'order_id', check: 'equals', value: 'A-9' },
        { id: 'var-contains', kind: 'variable', name: 'order_id', check: 'contains', value: 'a-12' },
        { id: 'var-matches', kind: 'variable', name: 'budget', check: 'matches', value: '^5\\d\\d$' },
        { id: 'var-number', kind: 'variable', name: 'budget', check: 'equals', value: '500.0' },
        { id: 'var-filled', kind: 'variable', name: 'budget', check: 'not_empty' },
        { id: 'var-empty', kind: 'variable', name: 'email', check: 'not_empty' },
        { id: 'outcome-ok', kind: 'outcome', outcome: 'completed', within_turns: 8 },
        { id: 'outcome-slow', kind: 'outcome', outcome: 'completed', within_turns: 4 },
        { id: 'outcome-other', kind: 'outcome', outcome: 'ended_by_customer' },
        { id: 'judge-ok', kind: 'judge', criterion: 'The assistant never promises a "refund"' },
        { id: 'judge-said', kind: 'judge', criterion: 'The assistant says the order is "shipped"' },
        { id: 'judge-no', kind: 'judge', criterion: 'The assistant mentions the "warranty"' },
      ],
    });
    const run = await startRun(alice, a);
    expect(run).toMatchObject({ status: 'running', repetitions: 1, items_total: 1, min_pass_rate: 0.8 });
    expect(run.config_version).toMatch(/^[0-9a-f]{12}$/);
    expect(run.config).toMatchObject({ system_prompt: 'You are the support line of Acme.', model: 'gpt-4o', tools: [{ name: 'order_status' }] });
    const done = await runToEnd(alice, run.id);
    expect(done.status).toBe('finished');
    const item = done.items[0];
    expect(item).toMatchObject({ scenario_id: s.id, status: 'done', outcome: 'completed', turns: 6 });
    const passed = Object.fromEntries((item.results as Body[]).map((r) => [r.expectation_id, r.pass]));
    expect(passed).toEqual({
      'tool-ok': true,
      'tool-pattern-no': false,
      'tool-other-no': false,
      'not-called-no': false,
      'not-called-ok': true,
      'var-equals': true,
      'var-equals-no': false,
      'var-contains': true,
      'var-matches': true,
      'var-number': true,
      'var-filled': true,
      'var-empty': false,
      'outcome-ok': true,
      'outcome-slow': false,
      'outcome-other': false,
      'judge-ok': true,
      'judge-said': true,
      'judge-no': false,
    });

    // The evidence: the tool call with its arguments at its transcript entry, the value found, the judge's reason.
    const call = (await alice.req('GET', `/user/calls/${item.call_id}`)).body;
    expect(call).toMatchObject({ conversation_mode: 'model', status: 'completed', type: 'outbound', client_phone_number: '+12025550100' });
    const toolOk = resultOf(item, 'tool-ok');
    expect(toolOk.evidence.value).toMatchObject({ name: 'order_status', arguments: { order_id: 'A-1234' } });
    expect(call.transcript[toolOk.evidence.entry]).toMatchObject({ type: 'function_call', name: 'order_status', arguments: { order_id: 'A-1234' } });
    expect(resultOf(item, 'not-called-no').evidence.detail).toMatch(/order_status was called/);
    expect(resultOf(item, 'tool-other-no').evidence.detail).toBe('cancel_order was not called (called: order_status)');
    expect(resultOf(item, 'var-equals').evidence).toMatchObject({ value: 'A-1234', detail: 'order_id is "A-1234"' });
    expect(resultOf(item, 'var-empty').evidence).toMatchObject({ value: null });
    expect(resultOf(item, 'outcome-slow').evidence).toMatchObject({ value: { outcome: 'completed', turns: 6, reason: 'goal_reached' } });
    const said = resultOf(item, 'judge-said');
    expect(said.evidence.reason).toMatch(/shipped/);
    expect(call.transcript[said.evidence.entry].text).toMatch(/shipped/);
    expect(resultOf(item, 'judge-no').evidence).toMatchObject({ entry: null, reason: expect.stringMatching(/never said "warranty"/) });

    // Pass rates with one repetition: 1 or 0; the run did not pass (some expectations fell short).
    expect(done.passed).toBe(false);
    expect(done.summary.find((x: Body) => x.expectation.id === 'tool-ok')).toMatchObject({ passed: 1, evaluated: 1, pass_rate: 1, ok: true, label: 'order_status called with order_id = "A-1234"' });
    expect(done.summary.find((x: Body) => x.expectation.id === 'judge-no')).toMatchObject({ passed: 0, evaluated: 1, pass_rate: 0, ok: false });
  });

  it('repeats each scenario N times and gives each expectation its pass rate, against its threshold', async () => {
    refundsPromised = 0;
    const a = await assistant(alice);
    await addScenario(alice, a, {
      name: 'Refund',
      persona: 'Your name is Grace Hopper.',
      goal: 'get a refund for a broken kettle',
      expectations: [
        { id: 'no-refund', kind: 'judge', criterion: 'The assistant never promises a "refund"' },
        { id: 'no-refund-lenient', kind: 'judge', criterion: 'The assistant never promises a "refund"', min_pass_rate: 0.5 },
        { id: 'ends', kind: 'outcome', outcome: 'completed' },
      ],
    });
    const run = await startRun(alice, a, { repetitions: 5 });
    expect(run.items_total).toBe(5);
    const done = await runToEnd(alice, run.id);
    const by = (id: string) => done.summary.find((x: Body) => x.expectation.id === id);
    // Two of the five conversations promised a refund (the assistant's script): 3 of 5 held.
    expect(by('no-refund')).toMatchObject({ passed: 3, evaluated: 5, pass_rate: 0.6, min_pass_rate: 0.8, ok: false });
    expect(by('no-refund-lenient')).toMatchObject({ passed: 3, evaluated: 5, pass_rate: 0.6, min_pass_rate: 0.5, ok: true });
    expect(by('ends')).toMatchObject({ passed: 5, evaluated: 5, pass_rate: 1, ok: true });
    expect(done.pass_rate).toBeCloseTo(11 / 15, 3);
    expect(done.passed).toBe(false);
    expect(new Set(done.items.map((i: Body) => i.call_id)).size).toBe(5);
    // The failed ones point at the promise in their transcript.
    const failed = done.items.filter((i: Body) => !resultOf(i, 'no-refund').pass);
    expect(failed).toHaveLength(2);
    for (const i of failed) {
      const call = (await alice.req('GET', `/user/calls/${i.call_id}`)).body;
      expect(call.transcript[resultOf(i, 'no-refund').evidence.entry].text).toMatch(/refund today/);
    }
  });

  it('keeps the history with each run\'s settings: a prompt edit shows as the change between two runs', async () => {
    const a = await assistant(alice);
    await addScenario(alice, a, { ...LATE_ORDER, expectations: [{ kind: 'outcome', outcome: 'completed' }] });
    const first = await startRun(alice, a);
    await runToEnd(alice, first.id);
    await svc.handle.db.updateTable('assistants').set({ system_prompt: 'You are the support line of Acme. Be brief.' }).where('id', '=', a).execute();
    const second = await startRun(alice, a);
    await runToEnd(alice, second.id);
    const page = await alice.req('GET', `/user/assistant/${a}/suite-runs`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    const [newer, older] = page.body.data;
    expect(newer.id).toBe(second.id);
    expect(newer.config_version).not.toBe(older.config_version);
    expect(newer.config_changes).toEqual(['system_prompt']);
    expect(older.config_changes).toEqual([]);
    expect(newer).toMatchObject({ status: 'finished', passed: true, pass_rate: 1 });
    expect(newer.items).toBeUndefined();
  });

  it('plays an inbound assistant\'s scenario as a call coming in, and ends a talkative one at its most turns', async () => {
    const a = await assistant(alice, 'inbound');
    await addScenario(alice, a, {
      name: 'Chatterbox',
      persona: 'Your name is Tom. You are talkative and never hang up.',
      goal: 'chat',
      max_turns: 5,
      expectations: [{ kind: 'outcome', outcome: 'ended_by_assistant', within_turns: 5 }],
    });
    const done = await runToEnd(alice, (await startRun(alice, a)).id);
    expect(done.items[0]).toMatchObject({ status: 'done', turns: 5, outcome: 'ended_by_assistant' });
    expect(done.items[0].results[0]).toMatchObject({ pass: true, evidence: { value: { reason: 'turn_limit' } } });
    const call = (await alice.req('GET', `/user/calls/${done.items[0].call_id}`)).body;
    expect(call.type).toBe('inbound');
  });

  it('counts a repetition that could not place its call as failed, with the reason', async () => {
    const a = await assistant(alice);
    await addScenario(alice, a, { ...LATE_ORDER, expectations: [{ kind: 'outcome', outcome: 'completed' }] });
    const run = await startRun(alice, a, { repetitions: 2 });
    await svc.handle.db.updateTable('users').set({ balance: '0' }).where('id', '=', alice.id).execute();
    try {
      const done = await runToEnd(alice, run.id);
      expect(done.items.map((i: Body) => i.status)).toEqual(['error', 'error']);
      expect(done.items[0].error).toMatch(/Insufficient balance/);
      expect(done.summary[0]).toMatchObject({ passed: 0, evaluated: 2, pass_rate: 0, ok: false });
    } finally {
      await svc.handle.db.updateTable('users').set({ balance: '100' }).where('id', '=', alice.id).execute();
    }
  });
});

describe('background work', () => {
  it('resumes a run after the process working on it was killed: placed calls play on, a lease runs out and is checked again', async () => {
    const a = await assistant(alice);
    await addScenario(alice, a, { ...LATE_ORDER, expectations: [{ id: 'j', kind: 'judge', criterion: 'The assistant never promises a "refund"' }] });
    const run = await startRun(alice, a, { repetitions: 2 });
    // A process places the calls and is gone: the service's own work (a "restarted" process) plays them out.
    const slow = await startStandInModel({ roleDelayMs: 4_000 });
    try {
      const slowModel = standInChatModel(slow.baseUrl);
      const gone = startBackgroundWork(svc.handle.db, { clock, tickMs: 0, allowPrivateWebhooks: true, model: slowModel, suiteLeaseMs: 500 });
      await advanceSuites(svc.handle.db, clock.now(), { model: slowModel });
      await gone.stop();
      const placed = (await alice.req('GET', `/user/suite-runs/${run.id}`)).body.data;
      expect(placed.items.map((i: Body) => i.status)).toEqual(['calling', 'calling']);
      // Play the calls to their outcome without checking them.
      const ids = placed.items.map((i: Body) => i.call_id as number);
      for (let i = 0; i < 200; i++) {
        const open = await svc.handle.db.selectFrom('calls').select('id').where('id', 'in', ids).where('engine_next_at', 'is not', null).execute();
        if (open.length === 0) break;
        clock.advance(2_000);
        await svc.work.runOnce();
      }
      // A checker whose judge hangs holds the lease, then "dies" (its answer comes after the lease ran out).
      const stuck = advanceSuites(svc.handle.db, clock.now(), { model: slowModel, leaseMs: 500 });
      await new Promise((r) => setTimeout(r, 1_200));
      const done = await runToEnd(alice, run.id);
      expect(done.items.map((i: Body) => i.status)).toEqual(['done', 'done']);
      const finishedAt = done.items.map((i: Body) => i.finished_at);
      // The stuck checker's late verdicts find their lease gone: nothing is written twice.
      expect(await stuck).toBe(0);
      const after = (await alice.req('GET', `/user/suite-runs/${run.id}`)).body.data;
      expect(after.items.map((i: Body) => i.finished_at)).toEqual(finishedAt);
      expect(after.summary[0]).toMatchObject({ passed: 2, evaluated: 2 });
    } finally {
      await slow.close();
    }
  });

  it('shares a run between two workers without placing a repetition twice or going over the parallelism', async () => {
    const a = await assistant(bob);
    for (const name of ['One', 'Two', 'Three']) await addScenario(bob, a, { ...LATE_ORDER, name, expectations: [{ kind: 'outcome', outcome: 'completed' }] });
    const run = await startRun(bob, a, { repetitions: 4 });
    const model = standInChatModel(stand.baseUrl);
    const db = svc.handle.db;
    const most = await workSharedRun(svc, clock, {
      bothWork: () => Promise.all([advanceSuites(db, clock.now(), { model, parallelism: 4 }), advanceSuites(db, clock.now(), { model, parallelism: 4 })]),
      calling: async () => (await db.selectFrom('suite_run_items').select('id').where('run_id', '=', run.id).where('status', '=', 'calling').execute()).length,
      running: async () => (await db.selectFrom('suite_runs').select('status').where('id', '=', run.id).executeTakeFirstOrThrow()).status === 'running',
    });
    const done = (await bob.req('GET', `/user/suite-runs/${run.id}`)).body.data;
    expect(done.status).toBe('finished');
    expect(most).toBe(4);
    const callIds = done.items.map((i: Body) => i.call_id);
    expect(new Set(callIds).size).toBe(12);
    const calls = await db.selectFrom('calls').select('id').where('user_id', '=', bob.id).where('persona', 'like', 'Your name is Ada Lovelace.%').execute();
    expect(calls).toHaveLength(12);
    expect(done.summary.map((s: Body) => s.passed)).toEqual([4, 4, 4]);
  });
});

describe('without a language model', () => {
  let bare: TestService;
  let carol: TestUser;
  beforeAll(async () => {
    bare = await startTestService();
    carol = await bare.user();
  });
  afterAll(() => bare?.close());

  it('keeps scenarios, says model_ready false, and answers a run with 503 naming LLM_BASE_URL', async () => {
    const db = bare.handle.db;
    const a = await insertAssistant(db, carol.id);
    const made = await carol.req('POST', `/user/assistant/${a.id}/scenarios`, { ...LATE_ORDER, expectations: [{ kind: 'outcome', outcome: 'completed' }] });
    expect(made.status).toBe(201);
    expect((await carol.req('GET', `/user/assistant/${a.id}/scenarios`)).body.model_ready).toBe(false);
    const res = await carol.req('POST', `/user/assistant/${a.id}/suite-runs`, { repetitions: 3 });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/LLM_BASE_URL/);
  });
});
