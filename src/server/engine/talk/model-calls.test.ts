import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantUpdate } from '../../db/schema';
import { createChatModel } from '../../model/openai-compatible';
import { insertAssistant, insertPhoneNumber } from '../../test/fixtures';
import { addOrderTool } from '../../test/order-tool';
import { startTestService, type TestResponse, type TestService, type TestUser } from '../../test/harness';
import { startStandInModel, type SeenRequest, type Scripted, type StandInModel } from '../../test/stand-ins/model';
import { startReceiver, type TestReceiver } from '../../test/stand-ins/webhook-receiver';
import { webhookSecretOf } from '../../webhooks/secret';
import { TestClock } from '../clock';
import { advanceTalks } from './worker';

/*
 * Calls the language model holds, over real HTTP: a stand-in model (test/stand-ins/model.ts) plays the
 * assistant (this file's script) and the customer (its shared script, from the persona), a local tool server
 * answers mid-call, a local receiver takes the webhooks, and the test clock moves the calls along.
 */

const clock = new TestClock('2026-03-02T10:00:00Z');
let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let stand: StandInModel;
let tools: http.Server;
let toolBase = '';
const toolCalls: { path: string; body: unknown }[] = [];
let toolDelayMs = 0;
let receiver: TestReceiver;

/** The API's JSON as the harness reads it (tests look into it freely). */
type Body = TestResponse['body'];

const text = (c: unknown) => (typeof c === 'string' ? c : '');

/** The assistant: asks the order tool when the customer mentions an order, reports its answer, else helps. */
function assistantScript(req: SeenRequest): Scripted {
  const messages = req.body.messages;
  const last = messages.at(-1);
  if (last?.role === 'tool') return { text: `Your order is ${/"status":"(\w+)"/.exec(text(last.content))?.[1] ?? 'unknown'}. Anything else?` };
  const tool = req.body.tools?.find((t) => t.function.name === 'order_status');
  if (tool && last?.role === 'user' && /order/i.test(text(last.content))) return { toolCalls: [{ name: 'order_status', arguments: { order_id: 'A-17' } }] };
  return { text: 'Of course, I can help you with that.' };
}

beforeAll(async () => {
  stand = await startStandInModel({ fallback: assistantScript });
  tools = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      toolCalls.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(parts).toString('utf8') || 'null') as unknown });
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: 'shipped', eta: 'Friday' }));
      }, toolDelayMs);
    });
  });
  await new Promise<void>((r) => tools.listen(0, '127.0.0.1', () => r()));
  toolBase = `http://127.0.0.1:${(tools.address() as AddressInfo).port}`;
  svc = await startTestService({ clock, llm: { baseUrl: stand.baseUrl, retryDelayMs: 5 }, talkLeaseMs: 1_000 });
  alice = await svc.user();
  bob = await svc.user();
  receiver = await startReceiver();
  receiver.secret = await webhookSecretOf(svc.handle.db, alice.id);
});

afterAll(async () => {
  await svc?.close();
  await stand?.close();
  await receiver?.close();
  tools?.closeAllConnections();
  await new Promise<void>((r) => tools?.close(() => r()));
});

interface Spec extends AssistantUpdate {
  withTool?: boolean;
}

async function assistant(user: TestUser, spec: Spec = {}): Promise<number> {
  const db = svc.handle.db;
  const number = await insertPhoneNumber(db, user.id);
  const row = await insertAssistant(db, user.id, { phone_number_id: number.id });
  const model = await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
  const { withTool, ...cols } = spec;
  await db
    .updateTable('assistants')
    .set({ system_prompt: 'You are the support line of Acme. Help {{customer_name}}.', initial_message: 'Hello, Acme support here. How can I help?', llm_model_id: model.id, ...cols })
    .where('id', '=', row.id)
    .execute();
  if (withTool) await addOrderTool(db, user.id, row.id, toolBase);
  return row.id;
}

async function makeCall(user: TestUser, assistantId: number, phone: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await user.req('POST', '/user/make_call', { phone_number: phone, assistant_id: assistantId, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body.call_id as number;
}

async function tick(seconds: number): Promise<void> {
  clock.advance(seconds * 1000);
  await svc.work.runOnce();
}

/** Moves the clock until the call has its outcome (or `limit` seconds). */
async function playOut(user: TestUser, id: number, limit = 600): Promise<Body> {
  for (let s = 0; s < limit; s += 5) {
    await tick(5);
    const call = (await user.req('GET', `/user/calls/${id}`)).body;
    if (!['initiated', 'ringing', 'in-progress', 'ended'].includes(call.status)) return call;
  }
  throw new Error(`call ${id} did not finish`);
}

const PERSONA = 'Your name is Jane Doe. What you want: to know where my order A-17 is. Your budget is 500. Your email is jane@example.com.';

describe('a test call with a model', () => {
  it('holds both sides from the model, calls the tool mid-call, extracts typed variables and sends them in the webhook', async () => {
    const id = await assistant(alice, {
      withTool: true,
      post_call_evaluation: true,
      post_call_schema: JSON.stringify([
        { name: 'customer_name', type: 'string', description: "the customer's name" },
        { name: 'budget', type: 'number', description: 'their budget' },
        { name: 'email', type: 'string', description: 'their e-mail address' },
        { name: 'interested', type: 'bool', description: 'whether they are interested' },
        { name: 'company_size', type: 'number', description: 'employees of their company' },
      ]),
      is_webhook_active: true,
      webhook_url: `${receiver.url}/post-call`,
    });
    const before = stand.requests.length;
    const callId = await makeCall(alice, id, '+12025550100', { persona: PERSONA });
    await tick(3);
    const live = (await alice.req('GET', `/user/calls/${callId}`)).body;
    expect(live).toMatchObject({ conversation_mode: 'model' });
    expect(['in-progress', 'ended', 'completed']).toContain(live.status);

    const call = await playOut(alice, callId);
    expect(call).toMatchObject({ status: 'completed', answered_by: 'human', conversation_mode: 'model' });
    const transcript = call.transcript as Body[];
    expect(Array.isArray(transcript)).toBe(true);
    expect(transcript[0]).toMatchObject({ sender: 'bot', type: 'message', text: 'Hello, Acme support here. How can I help?' });
    const human = transcript.filter((e) => e.sender === 'human').map((e) => e.text);
    expect(human[0]).toBe('Hello, this is Jane Doe. I would like to know where my order A-17 is.');
    expect(human.at(-1)).toMatch(/Goodbye/);
    const bot = transcript.filter((e) => e.sender === 'bot' && e.type === 'message' && e.latency_ms !== undefined);
    expect(bot.map((e) => e.text)).toContain('Your order is shipped. Anything else?');
    for (const e of bot) expect(typeof e.latency_ms).toBe('number');
    // The tool was called mid-call with the model's arguments, and its call is on the timeline.
    expect(toolCalls.at(-1)).toEqual({ path: '/orders', body: { order_id: 'A-17' } });
    const fn = transcript.find((e) => e.type === 'function_call');
    expect(fn).toMatchObject({ sender: 'tool', name: 'order_status', arguments: { order_id: 'A-17' }, result: { status: 'shipped', eta: 'Friday' }, error: null });
    expect(typeof fn?.duration_ms).toBe('number');
    // Stamped when said, in order, within the call's duration.
    const times = transcript.map((e) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times.at(-1)! - times[0]!).toBeLessThanOrEqual(call.duration * 1000);
    expect(call.latency).toMatchObject({ turns: bot.length });
    expect(call.latency.p95_ms).toBeGreaterThanOrEqual(call.latency.p50_ms);

    // Typed values found in the conversation; what it did not give is null.
    expect(call.variables).toMatchObject({ customer_name: 'Jane Doe', budget: 500, email: 'jane@example.com', interested: true, company_size: null });
    expect(call.evaluation).toMatchObject({ successful: true, sentiment: 'positive' });
    expect(typeof call.evaluation.summary).toBe('string');
    // Per minute and per token.
    expect(call.total_cost).toBeGreaterThan(Math.round((call.duration / 60) * 0.09 * 10_000) / 10_000);

    const asked = stand.requests.slice(before);
    expect(asked.some((r) => /playing the customer/.test(text(r.body.messages[0]?.content)))).toBe(true);
    expect(asked.some((r) => r.body.response_format?.type === 'json_schema')).toBe(true);

    // The webhook carries what the model extracted.
    await svc.work.runOnce();
    await receiver.waitFor(1);
    const payload = receiver.received.at(-1)!.payload as Body;
    expect(payload).toMatchObject({ id: callId, status: 'completed', extracted_variables: { customer_name: 'Jane Doe', budget: 500, interested: true, company_size: null } });
    expect(payload.transcript).toMatch(/^AI: Hello, Acme support here/);
  });

  it('keeps the test numbers: busy, no answer, failed and voicemail hold no conversation', async () => {
    const id = await assistant(alice);
    const before = stand.requests.length;
    const ids = await Promise.all(['+12025550101', '+12025550102', '+12025550104', '+12025550103'].map((n) => makeCall(alice, id, n)));
    const [busy, noAnswer, failed, voicemail] = await Promise.all(ids.map((c) => playOut(alice, c)));
    expect(busy).toMatchObject({ status: 'busy', transcript: '', latency: null });
    expect(noAnswer).toMatchObject({ status: 'no-answer', transcript: '' });
    expect(failed).toMatchObject({ status: 'failed', transcript: '' });
    expect(voicemail).toMatchObject({ status: 'completed', answered_by: 'machine', conversation_mode: 'scripted', latency: null });
    expect(typeof voicemail?.transcript).toBe('string');
    expect(stand.requests.length).toBe(before);
  });

  it('ends by the customer hanging up, by end_call, and at max_duration', async () => {
    const plain = await assistant(alice);
    const hungUp = await playOut(alice, await makeCall(alice, plain, '+12025550100', { persona: 'Your name is Max. You have no time.' }));
    expect(hungUp).toMatchObject({ status: 'ended_by_customer' });

    const short = await assistant(alice, { max_duration: 20, initial_message: '' });
    const cut = await playOut(alice, await makeCall(alice, short, '+12025550100', { persona: 'Your name is Tom. You never hang up and are talkative.' }));
    expect(cut).toMatchObject({ status: 'ended_by_assistant', duration: 20 });
    expect((cut.transcript as unknown[]).length).toBeGreaterThan(4);

    const ender = await assistant(alice, { end_call_tool_description: 'End the call when the customer is done.' });
    stand.script({ text: 'Goodbye!', toolCalls: [{ name: 'end_call', arguments: {} }] });
    const ended = await playOut(alice, await makeCall(alice, ender, '+12025550100', { persona: 'Your name is Ann.' }));
    expect(ended).toMatchObject({ status: 'ended_by_assistant' });
  });

  it('says a filler of the fitting kind while a tool takes more than a second', async () => {
    const id = await assistant(alice, {
      withTool: true,
      fillers: true,
      filler_config: JSON.stringify({ neutral: ['One moment.'], negative: [], positive: [], question: ['Good question, let me check.'] }),
    });
    toolDelayMs = 1_200;
    try {
      const call = await playOut(alice, await makeCall(alice, id, '+12025550100', { persona: 'Your name is Eve. What you want: to know where my order A-17 is.' }));
      const fillers = (call.transcript as Body[]).filter((e) => e.type === 'filler');
      expect(fillers.length).toBeGreaterThan(0);
      expect(fillers[0]).toMatchObject({ sender: 'bot', text: 'One moment.' });
    } finally {
      toolDelayMs = 0;
    }
  });

  it('refuses a bad persona with field errors (make_call and simulate-inbound)', async () => {
    const id = await assistant(alice);
    for (const persona of ['   ', 'x'.repeat(2001), 42]) {
      const res = await alice.req('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: id, persona });
      expect(res.status, res.text).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['persona']);
    }
    const number = await insertPhoneNumber(svc.handle.db, alice.id);
    const inbound = await insertAssistant(svc.handle.db, alice.id, { type: 'inbound', phone_number_id: number.id });
    expect(inbound.id).toBeGreaterThan(0);
    const res = await alice.req('POST', '/user/calls/simulate-inbound', { phone_number_id: number.id, from: '+12025550100', persona: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['persona']);
  });

  it('plays a simulated inbound call with its persona', async () => {
    const number = await insertPhoneNumber(svc.handle.db, alice.id);
    const inbound = await insertAssistant(svc.handle.db, alice.id, { type: 'inbound', phone_number_id: number.id });
    const model = await svc.handle.db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
    await svc.handle.db.updateTable('assistants').set({ llm_model_id: model.id, initial_message: 'Acme, good morning.' }).where('id', '=', inbound.id).execute();
    const res = await alice.req('POST', '/user/calls/simulate-inbound', { phone_number_id: number.id, from: '+12025550100', persona: 'Your name is Ida Inbound.' });
    expect(res.status, res.text).toBe(200);
    const call = await playOut(alice, res.body.call_id as number);
    expect(call).toMatchObject({ type: 'inbound', status: 'completed', conversation_mode: 'model' });
    expect((call.transcript as Body[]).find((e) => e.sender === 'human')?.text).toMatch(/Ida Inbound/);
  });
});

describe('the latency filter', () => {
  it('counts and pages only the calls whose p95 reaches the bound, and only the caller\'s', async () => {
    const all = (await alice.req('GET', '/user/calls?per_page=100')).body;
    const withLatency = (all.data as Body[]).filter((c) => c.latency !== null);
    expect(withLatency.length).toBeGreaterThan(0);
    const res = await alice.req('GET', '/user/calls?latency_p95_min=0&per_page=2');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(withLatency.length);
    expect(res.body.data.every((c: Body) => c.latency !== null)).toBe(true);
    const high = Math.max(...withLatency.map((c) => c.latency.p95_ms as number));
    expect((await alice.req('GET', `/user/calls?latency_p95_min=${high + 1}`)).body.total).toBe(0);
    expect((await bob.req('GET', '/user/calls?latency_p95_min=0')).body.total).toBe(0);
    expect((await alice.req('GET', '/user/calls?latency_p95_min=-1')).status).toBe(422);
    expect((await alice.req('GET', '/user/calls?latency_p95_min=abc')).status).toBe(422);
    // Another user's call is not there to read.
    expect((await bob.req('GET', `/user/calls/${withLatency[0]!.id}`)).status).toBe(404);
  });
});

describe('a campaign on the test clock', () => {
  it('completes its leads through the model', async () => {
    const id = await assistant(alice, { post_call_schema: JSON.stringify([{ name: 'customer_name', type: 'string', description: 'name' }]) });
    const created = await alice.req('POST', '/user/campaigns', { name: 'Model campaign', assistant_id: id, max_calls_in_parallel: 3, max_retries: 1, retry_interval: 10 });
    expect(created.status, created.text).toBe(201);
    const campaignId = created.body.data.id as number;
    await svc.handle.db
      .updateTable('campaigns')
      .set({ allowed_days: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']), allowed_hours_start_time: '00:00', allowed_hours_end_time: '23:59', timezone: 'UTC' })
      .where('id', '=', campaignId)
      .execute();
    const names = ['Lena Lead', 'Omar Lead', 'Pia Lead', 'Rui Lead', 'Sue Lead'];
    for (const [i, name] of names.entries()) {
      const res = await alice.req('POST', '/user/lead', { campaign_id: campaignId, phone_number: `+1${[202, 212, 312, 415, 617][i]}5550100`, variables: { customer_name: name } });
      expect(res.status, res.text).toBe(200);
    }
    expect((await alice.req('POST', '/user/campaigns/update-status', { campaign_id: campaignId, action: 'start' })).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      await tick(5);
      const row = await svc.handle.db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow();
      if (row.status === 'completed') break;
    }
    const calls = await svc.handle.db.selectFrom('calls').selectAll().where('campaign_id', '=', campaignId).execute();
    expect(calls).toHaveLength(5);
    for (const c of calls) {
      expect(c).toMatchObject({ conversation_mode: 'model', status: 'completed' });
      expect(names).toContain((c.variables as Record<string, unknown>).customer_name);
    }
    const leads = await svc.handle.db.selectFrom('leads').select('status').where('campaign_id', '=', campaignId).execute();
    expect(leads.every((l) => l.status === 'completed')).toBe(true);
  });
});

describe('a worker that dies mid-turn', () => {
  it('leaves the call to the next one when its lease runs out, and its late turn is not written twice', async () => {
    const slow = await startStandInModel({ fallback: { text: 'Slow hello.', delayMs: 3_000 }, roleDelayMs: 3_000 });
    try {
      const id = await assistant(alice, { initial_message: '' });
      const callId = await makeCall(alice, id, '+12025550100', { persona: 'Your name is Kim.' });
      clock.advance(3_000);
      await svc.work.runOnce();
      // The service's worker took the first turn (due at once); the next turn is claimed by a worker whose
      // model never answers in time: it stands for a process that died holding the claim.
      clock.advance(60_000);
      const stuck = advanceTalks(svc.handle.db, clock.now(), { model: createChatModel({ baseUrl: slow.baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 }), allowPrivateUrls: true, leaseMs: 500, turnsPerClaim: 1 });
      await new Promise((r) => setTimeout(r, 1_200));
      // The lease has run out: the service's own worker resumes the call and plays it to the end.
      const done = await playOut(alice, callId);
      expect(['completed', 'ended_by_customer', 'ended_by_assistant']).toContain(done.status);
      const before = JSON.stringify(done.transcript);
      await stuck;
      // The stuck worker's late turn found its lease gone: nothing was added.
      const after = await svc.handle.db.selectFrom('calls').select('transcript').where('id', '=', callId).executeTakeFirstOrThrow();
      expect(JSON.stringify(after.transcript)).toBe(before);
      expect((done.transcript as Body[]).filter((e) => e.text === 'Slow hello.')).toHaveLength(0);
    } finally {
      await slow.close();
    }
  });
});
