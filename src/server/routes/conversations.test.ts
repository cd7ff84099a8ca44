import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGE_COST } from '../../contract';
import { TestClock } from '../engine/clock';
import type { ToolHeader, ToolParam } from '../db/schema';
import { insertAssistant } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { startStandInModel, type StandInModel } from '../test/stand-ins/model';
import { checkResponse } from '../openapi/validate-response';
import { webhookSecretOf } from '../webhooks/secret';
import { startReceiver, type TestReceiver } from '../test/stand-ins/webhook-receiver';
import { MAX_TOOL_ROUNDS, NO_MODEL_MESSAGE } from '../conversations/turn';

/*
 * The conversation API end to end: a real service, a stand-in model server of our own answering in the
 * OpenAI protocol, real tool endpoints on 127.0.0.1, a real webhook receiver.
 */

interface ToolHit {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

let svc: TestService;
let noModel: TestService;
let guarded: TestService;
let stand: StandInModel;
let tools: http.Server;
let toolBase = '';
const hits: ToolHit[] = [];
const clock = new TestClock('2026-03-02T09:30:00Z');
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stand = await startStandInModel();
  tools = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const text = Buffer.concat(parts).toString('utf8');
      hits.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: text ? (JSON.parse(text) as unknown) : null });
      if (url.pathname === '/slow') {
        setTimeout(() => res.end('{"late":true}'), 3_000);
        return;
      }
      if (url.pathname === '/fail') {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end('{"message":"database down"}');
        return;
      }
      if (url.pathname === '/text') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('Opening hours: 9 to 17.');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? (JSON.parse(text) as unknown) : null }));
    });
  });
  await new Promise<void>((r) => tools.listen(0, '127.0.0.1', () => r()));
  toolBase = `http://127.0.0.1:${(tools.address() as AddressInfo).port}`;
  svc = await startTestService({ clock, llm: { baseUrl: stand.baseUrl, retryDelayMs: 5 } });
  noModel = await startTestService();
  guarded = await startTestService({ llm: { baseUrl: stand.baseUrl }, allowPrivateUrls: false, generateReplyRateLimitPerMinute: 5 });
  alice = await svc.user();
  bob = await svc.user();
}, 120_000);

afterAll(async () => {
  await Promise.all([svc.close(), noModel.close(), guarded.close()]);
  await stand.close();
  tools.closeAllConnections();
  await new Promise<void>((r) => tools.close(() => r()));
});

beforeEach(() => {
  hits.length = 0;
});

interface AssistantSpec {
  system_prompt?: string;
  initial_message?: string;
  variables?: Record<string, unknown>;
  end_call?: string | null;
  timezone?: string;
  language?: string;
  model?: string;
  tools?: { name: string; path: string; method?: string; timeout?: number; headers?: ToolHeader[]; schema?: ToolParam[]; description?: string }[];
}

/** An assistant of `user` on `service`, set up for chat; its uuid and id. */
async function assistant(user: TestUser, spec: AssistantSpec = {}, service: TestService = svc): Promise<{ id: number; uuid: string }> {
  const db = service.handle.db;
  const row = await insertAssistant(db, user.id, { timezone: spec.timezone ?? 'Europe/Berlin' });
  const model = await db.selectFrom('llm_models').select('id').where('name', '=', spec.model ?? 'gpt-4o').executeTakeFirstOrThrow();
  const updated = await db
    .updateTable('assistants')
    .set({
      system_prompt: spec.system_prompt ?? 'You help {{customer_name}}.',
      initial_message: spec.initial_message ?? '',
      variables: JSON.stringify(spec.variables ?? {}),
      end_call_tool_description: spec.end_call === undefined ? null : spec.end_call,
      language: spec.language ?? 'English',
      llm_model_id: model.id,
    })
    .where('id', '=', row.id)
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  for (const t of spec.tools ?? []) {
    const tool = await db
      .insertInto('tools')
      .values({
        user_id: user.id,
        name: t.name,
        description: t.description ?? `The ${t.name} tool`,
        endpoint: t.path.startsWith('http') ? t.path : `${toolBase}${t.path}`,
        method: t.method ?? 'POST',
        timeout: t.timeout ?? 5,
        headers: JSON.stringify(t.headers ?? []),
        schema: JSON.stringify(t.schema ?? []),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('assistant_tools').values({ assistant_id: updated.id, tool_id: tool.id }).execute();
  }
  return updated;
}

async function open(user: TestUser, assistantRef: string | number, body: Record<string, unknown> = {}) {
  const res = await user.req('POST', '/conversations', { assistant_id: assistantRef, type: 'test', ...body });
  expect(res.status, res.text).toBe(200);
  return res.body.conversation_id as string;
}

const say = (user: TestUser, id: string, message: unknown) => user.req('POST', `/conversations/${id}/messages`, { message });
const lastRequest = () => stand.requests[stand.requests.length - 1]!;
const systemOf = (i = stand.requests.length - 1) => stand.requests[i]!.body.messages[0]!.content as string;

async function setBalance(user: TestUser, amount: number) {
  await svc.handle.db.updateTable('users').set({ balance: amount }).where('id', '=', user.id).execute();
}
async function balance(user: TestUser) {
  return Number((await user.req('GET', '/user/me')).body.total_balance ?? (await svc.handle.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow()).balance);
}

describe('POST /conversations', () => {
  it('opens a conversation with the initial message, its placeholders filled from the variables, then the defaults', async () => {
    const a = await assistant(alice, { initial_message: 'Hello {{customer_name}} from {{ company }}! {{unknown}}', variables: { company: 'Acme', customer_name: 'friend' } });
    const res = await alice.req('POST', '/conversations', { assistant_id: a.uuid, variables: { customer_name: 'John Smith' }, type: 'test' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), history: [{ role: 'assistant', content: 'Hello John Smith from Acme! {{unknown}}' }] });
  });

  it('gives an empty history without an initial message, and takes the integer id too', async () => {
    const a = await assistant(alice);
    const res = await alice.req('POST', '/conversations', { assistant_id: a.id, type: 'test' });
    expect(res.body).toMatchObject({ status: true, history: [] });
    const asString = await alice.req('POST', '/conversations', { assistant_id: String(a.id), type: 'test' });
    expect(asString.status).toBe(200);
  });

  it('answers 404 for an unknown or another user\'s assistant, 422 for bad input, in the family\'s form', async () => {
    const mine = await assistant(alice);
    for (const assistant_id of ['00000000-0000-4000-8000-000000000000', mine.uuid]) {
      const res = await bob.req('POST', '/conversations', { assistant_id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: false, error: 'Assistant not found' });
    }
    for (const body of [{}, { assistant_id: 'not-a-uuid' }, { assistant_id: mine.uuid, type: 'whatsapp' }, { assistant_id: mine.uuid, variables: 'x' }, { assistant_id: [1] }, { assistant_id: mine.uuid, variables: { a: 'b\u0000' } }]) {
      const res = await alice.req('POST', '/conversations', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body).sort()).toEqual(['error', 'status']);
      expect(res.body.status).toBe(false);
    }
    const notJson = await alice.req('POST', '/conversations', '{');
    expect(notJson).toMatchObject({ status: 400, body: { status: false, error: 'The request body is not valid JSON.' } });
  });

  it('needs a token', async () => {
    const res = await fetch(`${svc.api}/conversations`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(401);
  });
});

describe('a conversation with the model', () => {
  it('gives the model the system prompt with variables, the date and time where the assistant is, the language, and the history', async () => {
    const a = await assistant(alice, { system_prompt: 'You help {{customer_name}} of {{company}}.', variables: { company: 'Acme' }, initial_message: 'Hi {{customer_name}}!', language: 'German', timezone: 'America/New_York' });
    const id = await open(alice, a.uuid, { variables: { customer_name: 'Ada' } });
    stand.script({ text: 'Guten Tag, Ada.' });
    const res = await say(alice, id, 'Hello');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: 'Guten Tag, Ada.', function_calls: [] });
    const system = systemOf();
    expect(system).toContain('You help Ada of Acme.');
    // 2026-03-02T09:30Z is 04:30 in New York.
    expect(system).toContain('Current date and time: Monday, 2 March 2026, 04:30 (America/New_York).');
    expect(system).toContain('Always answer in German');
    expect(lastRequest().body.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hi Ada!' },
      { role: 'user', content: 'Hello' },
    ]);
    expect(lastRequest().body.model).toBe('gpt-4o');

    stand.script({ text: 'Gern.' });
    await say(alice, id, 'Danke');
    expect(lastRequest().body.messages.slice(1).map((m) => m.content)).toEqual(['Hi Ada!', 'Hello', 'Guten Tag, Ada.', 'Danke']);

    const history = await alice.req('GET', `/conversations/${id}`);
    expect(history.status).toBe(200);
    expect(history.body.history).toEqual([
      { role: 'assistant', content: 'Hi Ada!' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Guten Tag, Ada.' },
      { role: 'user', content: 'Danke' },
      { role: 'assistant', content: 'Gern.' },
    ]);
    expect(history.body.conversation).toMatchObject({ id, assistant_id: a.uuid, type: 'test', variables: { customer_name: 'Ada' }, message_count: 5, total_cost: 0, ai_enabled: true, ended_at: null });
  });

  it('calls a POST tool with the arguments the model chose and the tool\'s headers, and gives the answer back', async () => {
    const a = await assistant(alice, {
      tools: [
        {
          name: 'book_appointment',
          path: '/book',
          headers: [{ name: 'X-Api-Key', value: 'secret-1' }],
          schema: [
            { name: 'date', type: 'string', description: 'The day' },
            { name: 'people', type: 'number', description: 'How many' },
          ],
        },
      ],
    });
    const id = await open(alice, a.uuid);
    stand.script({ toolCalls: [{ name: 'book_appointment', arguments: { date: '2026-03-05', people: 2 }, id: 'call_a' }] }, { text: 'Booked for Thursday.' });
    const res = await say(alice, id, 'Book me for Thursday, two people');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Booked for Thursday.');
    expect(res.body.function_calls).toEqual([
      { name: 'book_appointment', arguments: { date: '2026-03-05', people: 2 }, result: { ok: true, path: '/book', query: {}, body: { date: '2026-03-05', people: 2 } }, error: null, duration_ms: expect.any(Number) },
    ]);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ method: 'POST', path: '/book', body: { date: '2026-03-05', people: 2 }, headers: { 'x-api-key': 'secret-1', 'content-type': 'application/json' } });
    // The function as offered, and the result as the model got it.
    const first = stand.requests[stand.requests.length - 2]!.body;
    expect(first.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'book_appointment',
          description: 'The book_appointment tool',
          parameters: { type: 'object', properties: { date: { type: 'string', description: 'The day' }, people: { type: 'number', description: 'How many' } }, required: ['date', 'people'], additionalProperties: false },
        },
      },
    ]);
    const toolMessage = lastRequest().body.messages.find((m) => m.role === 'tool')!;
    expect(toolMessage).toMatchObject({ tool_call_id: 'call_a' });
    expect(JSON.parse(toolMessage.content as string)).toMatchObject({ ok: true, body: { date: '2026-03-05', people: 2 } });
    // The history keeps the call, and the model gets it again on the next message.
    const history = await alice.req('GET', `/conversations/${id}`);
    expect(history.body.history[1].function_calls[0]).toMatchObject({ name: 'book_appointment', arguments: { date: '2026-03-05', people: 2 } });
    stand.script({ text: 'You are welcome.' });
    await say(alice, id, 'Thanks');
    expect(lastRequest().body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
  });

  it('sends a GET tool\'s arguments as the query string, and takes a text answer', async () => {
    const a = await assistant(alice, {
      tools: [
        { name: 'availability', path: '/slots?fixed=1', method: 'GET', schema: [{ name: 'day', type: 'string', description: 'd' }, { name: 'all', type: 'boolean', description: 'b' }] },
        { name: 'hours', path: '/text', method: 'GET' },
      ],
    });
    const id = await open(alice, a.uuid);
    stand.script({ toolCalls: [{ name: 'availability', arguments: { day: 'Mon day', all: true } }] }, { toolCalls: [{ name: 'hours', arguments: {} }] }, { text: 'Monday works.' });
    const res = await say(alice, id, 'When can I come?');
    expect(res.status).toBe(200);
    expect(hits.map((h) => [h.method, h.path, h.query, h.body])).toEqual([
      ['GET', '/slots', { fixed: '1', day: 'Mon day', all: 'true' }, null],
      ['GET', '/text', {}, null],
    ]);
    expect(res.body.function_calls.map((c: { result: unknown }) => c.result)).toEqual([{ ok: true, path: '/slots', query: { fixed: '1', day: 'Mon day', all: 'true' }, body: null }, 'Opening hours: 9 to 17.']);
  });

  it('runs several tools of one step at once and goes several rounds', async () => {
    const a = await assistant(alice, { tools: [{ name: 'lookup', path: '/lookup', schema: [{ name: 'q', type: 'string', description: 'q' }] }] });
    const id = await open(alice, a.uuid);
    stand.script(
      { toolCalls: [{ name: 'lookup', arguments: { q: 'a' } }, { name: 'lookup', arguments: { q: 'b' } }, { name: 'lookup', arguments: { q: 'c' } }] },
      { toolCalls: [{ name: 'lookup', arguments: { q: 'd' } }] },
      { text: 'Found all four.' },
    );
    const res = await say(alice, id, 'Look up a, b, c and d');
    expect(res.body.message).toBe('Found all four.');
    expect(res.body.function_calls.map((c: { arguments: { q: string } }) => c.arguments.q)).toEqual(['a', 'b', 'c', 'd']);
    expect(hits.map((h) => (h.body as { q: string }).q).sort()).toEqual(['a', 'b', 'c', 'd']);
    const stored = await svc.handle.db.selectFrom('conversation_messages').select(['function_calls', 'model_calls', 'model_latency_ms', 'input_tokens', 'output_tokens', 'model']).where('role', '=', 'assistant').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(stored.function_calls.map((c) => c.round)).toEqual([1, 1, 1, 2]);
    expect(stored).toMatchObject({ model_calls: 3, input_tokens: 30, output_tokens: 15, model: 'gpt-4o' });
    expect(stored.model_latency_ms).toBeGreaterThanOrEqual(0);
  });

  it(`stops offering tools after ${MAX_TOOL_ROUNDS} rounds`, async () => {
    const a = await assistant(alice, { tools: [{ name: 'loop', path: '/loop' }] });
    const id = await open(alice, a.uuid);
    const before = stand.requests.length;
    stand.script(...Array.from({ length: MAX_TOOL_ROUNDS }, () => ({ toolCalls: [{ name: 'loop', arguments: {} }] })), { text: 'Done looping.' });
    const res = await say(alice, id, 'Loop');
    expect(res.body.message).toBe('Done looping.');
    expect(res.body.function_calls).toHaveLength(MAX_TOOL_ROUNDS);
    const asked = stand.requests.slice(before);
    expect(asked).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(asked[MAX_TOOL_ROUNDS]!.body.tools).toBeUndefined();
  });

  it('gives failures back to the model as errors and records them: timeout, non-2xx, refused connection, unknown function', async () => {
    const a = await assistant(alice, {
      tools: [
        { name: 'slow', path: '/slow', timeout: 1 },
        { name: 'broken', path: '/fail' },
        { name: 'nowhere', path: 'http://127.0.0.1:9/x' },
      ],
    });
    const id = await open(alice, a.uuid);
    stand.script({ toolCalls: [{ name: 'slow', arguments: {} }, { name: 'broken', arguments: {} }, { name: 'nowhere', arguments: {} }, { name: 'ghost', arguments: {} }] }, { text: 'Sorry, nothing works today.' });
    const t0 = Date.now();
    const res = await say(alice, id, 'Try everything');
    expect(Date.now() - t0).toBeLessThan(2_900);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Sorry, nothing works today.');
    const [slow, broken, nowhere, ghost] = res.body.function_calls as { error: string; result: unknown; duration_ms: number }[];
    expect(slow).toMatchObject({ result: null, error: 'timeout: no answer within 1000 ms' });
    expect(slow!.duration_ms).toBeGreaterThanOrEqual(900);
    expect(broken).toMatchObject({ result: null, error: 'HTTP 500: {"message":"database down"}' });
    expect(nowhere!.error).toMatch(/ECONNREFUSED/);
    expect(ghost).toMatchObject({ error: 'unknown function "ghost"' });
    const toolMessages = lastRequest().body.messages.filter((m) => m.role === 'tool');
    expect(toolMessages).toHaveLength(4);
    expect(toolMessages.map((m) => m.content)).toContain('HTTP 500: {"message":"database down"}');
  });

  it('refuses a tool on a private address unless ALLOW_PRIVATE_URLS, and the conversation goes on', async () => {
    const user = await guarded.user();
    const a = await assistant(user, { tools: [{ name: 'internal', path: '/internal' }] }, guarded);
    const id = await open(user, a.uuid);
    stand.script({ toolCalls: [{ name: 'internal', arguments: {} }] }, { text: 'I cannot reach that.' });
    const res = await say(user, id, 'Call the internal tool');
    expect(res.body.message).toBe('I cannot reach that.');
    expect(res.body.function_calls[0]).toMatchObject({ name: 'internal', result: null, error: 'refused: private address' });
    expect(hits).toHaveLength(0);
    // The same tool on the service that allows private addresses is reached.
    const b = await assistant(alice, { tools: [{ name: 'internal', path: '/internal' }] });
    const other = await open(alice, b.uuid);
    stand.script({ toolCalls: [{ name: 'internal', arguments: {} }] }, { text: 'Reached it.' });
    expect((await say(alice, other, 'Call it')).body.function_calls[0].error).toBeNull();
    expect(hits).toHaveLength(1);
  });

  it('streams the reply as Server-Sent Events with Accept: text/event-stream, function calls as they happen', async () => {
    const a = await assistant(alice, { tools: [{ name: 'lookup', path: '/lookup', schema: [{ name: 'q', type: 'string', description: 'q' }] }] });
    const id = await open(alice, a.uuid);
    stand.script({ text: 'Let me check.', toolCalls: [{ name: 'lookup', arguments: { q: 'x' }, id: 'c7' }] }, { text: 'Here it is: all good.' });
    const res = await fetch(`${svc.api}/conversations/${id}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'Check x' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    checkResponse({ method: 'POST', path: `/api/conversations/${id}/messages`, status: 200, contentType: res.headers.get('content-type'), text });
    const events = text
      .trim()
      .split('\n\n')
      .map((block) => {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        return { event, data: data ? (JSON.parse(data) as Record<string, unknown>) : null };
      });
    const kinds = events.map((e) => e.event);
    expect(kinds.filter((k) => k === 'text').length).toBeGreaterThan(3);
    expect(kinds.indexOf('function_call')).toBeLessThan(kinds.indexOf('function_result'));
    expect(kinds.at(-1)).toBe('done');
    const streamed = events.filter((e) => e.event === 'text').map((e) => e.data!.delta).join('');
    expect(streamed).toBe('Let me check.\n\nHere it is: all good.');
    expect(events.find((e) => e.event === 'function_call')!.data).toEqual({ id: 'c7', name: 'lookup', arguments: { q: 'x' } });
    expect(events.find((e) => e.event === 'function_result')!.data).toMatchObject({ id: 'c7', name: 'lookup', error: null, result: { ok: true } });
    expect(events.at(-1)!.data).toMatchObject({ status: true, message: 'Let me check.\n\nHere it is: all good.', function_calls: [{ name: 'lookup' }] });
  });

  it('ends the conversation when the assistant calls end_call', async () => {
    const a = await assistant(alice, { end_call: 'End the chat when the customer says goodbye.' });
    const id = await open(alice, a.uuid);
    stand.script({ toolCalls: [{ name: 'end_call', arguments: {} }] }, { text: 'Goodbye!' });
    const res = await say(alice, id, 'Bye');
    expect(res.body).toMatchObject({ message: 'Goodbye!', function_calls: [{ name: 'end_call', result: { ended: true } }] });
    const offered = stand.requests[stand.requests.length - 2]!.body.tools!.map((t) => t.function);
    expect(offered).toEqual([{ name: 'end_call', description: 'End the chat when the customer says goodbye.', parameters: { type: 'object', properties: {} } }]);
    const history = await alice.req('GET', `/conversations/${id}`);
    expect(history.body.conversation.ended_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

describe('no model, and model failures', () => {
  it('opens a conversation without a model, and answers a message 503 naming LLM_BASE_URL; nothing is kept or charged', async () => {
    const user = await noModel.user();
    const a = await assistant(user, { initial_message: 'Welcome!' }, noModel);
    const created = await user.req('POST', '/conversations', { assistant_id: a.uuid, type: 'widget' });
    expect(created.body.history).toEqual([{ role: 'assistant', content: 'Welcome!' }]);
    const res = await user.req('POST', `/conversations/${created.body.conversation_id}/messages`, { message: 'Hello?' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: false, error: NO_MODEL_MESSAGE });
    expect(res.body.error).toContain('LLM_BASE_URL');
    expect(res.body.error).toContain('http://localhost:11434/v1');
    const history = await user.req('GET', `/conversations/${created.body.conversation_id}`);
    expect(history.body.history).toHaveLength(1);
    const stream = await fetch(`${noModel.api}/conversations/${created.body.conversation_id}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'Hello?' }),
    });
    expect(stream.status).toBe(503);
    expect(await stream.json()).toEqual({ status: false, error: NO_MODEL_MESSAGE });
  });

  it('answers 400 when the model fails after its retries, keeps the message with why, and gives the money back', async () => {
    const a = await assistant(alice);
    const res0 = await alice.req('POST', '/conversations', { assistant_id: a.uuid, type: 'widget' });
    const id = res0.body.conversation_id as string;
    await setBalance(alice, 1);
    stand.script({ status: 500 }, { status: 500 }, { status: 500 });
    const res = await say(alice, id, 'Anyone there?');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: false, error: expect.stringMatching(/^Failed to process message: The model endpoint answered 500/) });
    expect(await balance(alice)).toBe(1);
    const row = await svc.handle.db.selectFrom('conversation_messages').selectAll().where('role', '=', 'user').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content: 'Anyone there?', cost: '0.0000' });
    expect(row.error).toMatch(/500/);
    // The next message goes through, and the failed one is not in the model's history.
    stand.script({ text: 'Here now.' });
    expect((await say(alice, id, 'Hello?')).body.message).toBe('Here now.');
    expect(lastRequest().body.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Hello?']);
  });

  it('names an unknown model: the endpoint, the name, and where it came from', async () => {
    const a = await assistant(alice, { model: 'claude-sonnet-4' });
    const id = await open(alice, a.uuid);
    const res = await say(alice, id, 'Hi');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(`The model endpoint ${stand.baseUrl} has no model "claude-sonnet-4" (it has: stand-in-small, gpt-4o).`);
    expect(res.body.error).toContain("the assistant's model; set LLM_MODEL");
  });

  it('a slow model holds up no other request', async () => {
    const a = await assistant(alice);
    const id = await open(alice, a.uuid);
    stand.script({ text: 'Slowly.', delayMs: 1_500 });
    const slow = say(alice, id, 'Take your time');
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    const quick = await alice.req('GET', `/conversations/${id}`);
    expect(quick.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect((await slow).body.message).toBe('Slowly.');
  });
});

describe('billing', () => {
  it(`charges widget messages $${CONVERSATION_MESSAGE_COST} each, test ones nothing, and refuses when the balance is short`, async () => {
    const a = await assistant(alice);
    await setBalance(alice, 0.015);
    const widget = await alice.req('POST', '/conversations', { assistant_id: a.uuid });
    expect(widget.status).toBe(200);
    const id = widget.body.conversation_id as string;
    stand.script({ text: 'One.' });
    expect((await say(alice, id, 'First')).status).toBe(200);
    expect(await balance(alice)).toBeCloseTo(0.005, 4);
    const refused = await say(alice, id, 'Second');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: false, error: 'Insufficient balance. Please top up your account.' });
    const history = await alice.req('GET', `/conversations/${id}`);
    expect(history.body.history.map((m: { content: string }) => m.content)).toEqual(['First', 'One.']);
    expect(history.body.conversation.total_cost).toBe(0.01);
    // A test conversation costs nothing; a new widget one is refused at once.
    const test = await open(alice, a.uuid);
    stand.script({ text: 'Free.' });
    expect((await say(alice, test, 'Hi')).status).toBe(200);
    expect(await balance(alice)).toBeCloseTo(0.005, 4);
    const noWidget = await alice.req('POST', '/conversations', { assistant_id: a.uuid, type: 'widget' });
    expect(noWidget).toMatchObject({ status: 400, body: { status: false, error: 'Insufficient balance. Please top up your account.' } });
    await setBalance(alice, 100);
  });
});

describe('disable-ai and enable-ai', () => {
  it('keeps messages without a reply while a human has the conversation', async () => {
    const a = await assistant(alice);
    const id = await open(alice, a.uuid);
    const off = await alice.req('POST', `/automate/conversations/${id}/disable-ai`);
    expect(off.body).toEqual({ status: true, message: 'AI disabled successfully', ai_enabled: false });
    const before = stand.requests.length;
    const res = await say(alice, id, 'Is a human there?');
    expect(res.body).toEqual({ status: true, message: '', function_calls: [], ai_disabled: true });
    expect(stand.requests.length).toBe(before);
    const on = await alice.req('POST', `/automate/conversations/${id}/enable-ai`);
    expect(on.body.ai_enabled).toBe(true);
    stand.script({ text: 'I am back.' });
    expect((await say(alice, id, 'Hello again')).body.message).toBe('I am back.');
    expect(lastRequest().body.messages.slice(1).map((m) => m.content)).toEqual(['Is a human there?', 'Hello again']);
    expect((await bob.req('POST', `/automate/conversations/${id}/disable-ai`)).status).toBe(404);
  });
});

describe('the conversation-ended webhook', () => {
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.secret = await webhookSecretOf(svc.handle.db, alice.id);
  });
  afterAll(() => receiver.close());

  it('is enabled and disabled per assistant (uuid or id), 404 for another user\'s', async () => {
    const a = await assistant(alice);
    expect((await alice.req('POST', '/user/assistants/enable-conversation-ended-webhook', { assistant_id: a.id, webhook_url: receiver.url })).body).toEqual({ message: 'Conversation ended webhook enabled successfully', data: [] });
    expect((await alice.req('POST', '/user/assistants/disable-conversation-ended-webhook', { assistant_id: a.uuid })).body).toEqual({ message: 'Conversation ended webhook disabled successfully', data: [] });
    expect((await bob.req('POST', '/user/assistants/enable-conversation-ended-webhook', { assistant_id: a.id, webhook_url: receiver.url })).status).toBe(404);
    expect((await alice.req('POST', '/user/assistants/enable-conversation-ended-webhook', { assistant_id: a.id, webhook_url: 'ftp://x' })).status).toBe(422);
  });

  it('is sent, signed, when the assistant calls end_call, and after 30 minutes without a message', async () => {
    const a = await assistant(alice, { end_call: 'End when done.', initial_message: 'Hi!' });
    await alice.req('POST', '/user/assistants/enable-conversation-ended-webhook', { assistant_id: a.uuid, webhook_url: receiver.url });
    const byTool = await open(alice, a.uuid, { variables: { order: 'A1' } });
    stand.script({ toolCalls: [{ name: 'end_call', arguments: {} }], text: 'Bye now.' });
    expect((await say(alice, byTool, 'That is all')).body.message).toBe('Bye now.');
    const idle = await open(alice, a.uuid);
    stand.script({ text: 'Anything else?' });
    await say(alice, idle, 'One question');
    // Opened and never written in: ends quietly.
    const silent = await open(alice, a.uuid);

    await svc.work.runOnce();
    await receiver.waitFor(1);
    clock.advance(29 * 60_000);
    await svc.work.runOnce();
    expect(receiver.received).toHaveLength(1);
    clock.advance(2 * 60_000);
    await svc.work.runOnce();
    await receiver.waitFor(2);

    const [first, second] = receiver.received;
    expect(first!.verified && second!.verified).toBe(true);
    expect(first!.payload).toMatchObject({
      event: 'conversation.ended',
      conversation_id: byTool,
      assistant_id: a.uuid,
      type: 'test',
      variables: { order: 'A1' },
      ended_reason: 'end_call',
      message_count: 3,
      transcript: [
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'That is all' },
        { role: 'assistant', content: 'Bye now.', function_calls: [{ name: 'end_call', arguments: {}, result: { ended: true }, error: null }] },
      ],
    });
    expect(second!.payload).toMatchObject({ event: 'conversation.ended', conversation_id: idle, ended_reason: 'inactivity' });
    const silentRow = await alice.req('GET', `/conversations/${silent}`);
    expect(silentRow.body.conversation.ended_at).not.toBeNull();
    expect(receiver.received.map((r) => r.payload?.conversation_id)).not.toContain(silent);
    // The deliveries are in the outbox's log like any other.
    const deliveries = await alice.req('GET', '/user/webhook-deliveries');
    expect(deliveries.body.data.filter((d: { event: string }) => d.event === 'conversation.ended').length).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /ai/generate-reply', () => {
  it('keeps one conversation per customer_identifier and continues it, merging variables', async () => {
    const a = await assistant(alice, { system_prompt: 'Customer {{name}} via {{source}}.', initial_message: 'Not shown' });
    await setBalance(alice, 10);
    stand.script({ text: 'Hi Jo!' });
    const first = await alice.req('POST', '/ai/generate-reply', { assistant_id: a.id, customer_identifier: '+49155551234', message: 'Hi', variables: { name: 'Jo', source: 'whatsapp' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, conversation_id: expect.any(String), customer_identifier: '+49155551234', reply: 'Hi Jo!', function_calls: [], ai_disabled: false });
    stand.script({ text: 'Tuesday works.' });
    const second = await alice.req('POST', '/ai/generate-reply', { assistant_id: a.uuid, customer_identifier: '+49155551234', message: 'Tuesday?', variables: { source: 'sms' } });
    expect(second.body.conversation_id).toBe(first.body.conversation_id);
    expect(systemOf()).toContain('Customer Jo via sms.');
    expect(lastRequest().body.messages.slice(1).map((m) => m.content)).toEqual(['Hi', 'Hi Jo!', 'Tuesday?']);
    expect(await balance(alice)).toBeCloseTo(9.98, 4);
    const other = await alice.req('POST', '/ai/generate-reply', { assistant_id: a.id, customer_identifier: 'crm-7', message: 'Hello' });
    expect(other.body.conversation_id).not.toBe(first.body.conversation_id);
    const listed = await alice.req('GET', `/user/conversations?type=api&external_identifier=${encodeURIComponent('+49155551234')}`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: first.body.conversation_id, type: 'api', external_identifier: '+49155551234', message_count: 4, total_cost: 0.02 });
  });

  it('answers its own error forms: 404, 402, 422, 503', async () => {
    const a = await assistant(alice);
    expect((await bob.req('POST', '/ai/generate-reply', { assistant_id: a.id, customer_identifier: 'x', message: 'Hi' })).body).toEqual({
      success: false,
      error: 'Assistant not found or does not belong to you',
      error_code: 'ASSISTANT_NOT_FOUND',
    });
    await setBalance(alice, 0);
    const broke = await alice.req('POST', '/ai/generate-reply', { assistant_id: a.id, customer_identifier: 'poor', message: 'Hi' });
    expect(broke.status).toBe(402);
    expect(broke.body).toEqual({ success: false, error: 'Insufficient balance. Please top up your account.', error_code: 'INSUFFICIENT_BALANCE' });
    await setBalance(alice, 100);
    const invalid = await alice.req('POST', '/ai/generate-reply', { assistant_id: a.id, customer_identifier: 'x'.repeat(256), message: 'Hi' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.customer_identifier).toBeDefined();
    const user = await noModel.user();
    const b = await assistant(user, {}, noModel);
    const none = await user.req('POST', '/ai/generate-reply', { assistant_id: b.id, customer_identifier: 'x', message: 'Hi' });
    expect(none.status).toBe(503);
    expect(none.body).toMatchObject({ success: false, error_code: 'MODEL_NOT_CONFIGURED' });
  });
});

describe('POST /ai/generate-reply rate limit', () => {
  it('takes 5 requests a minute per user (as documented), then 429 {message, retry_after}; other users keep theirs', async () => {
    const [dora, eve] = [await guarded.user(), await guarded.user()];
    const ask = (u: TestUser) => u.req('POST', '/ai/generate-reply', { assistant_id: 999_999, customer_identifier: 'x', message: 'Hi' });
    for (let i = 0; i < 5; i++) expect((await ask(dora)).status).toBe(404);
    const over = await ask(dora);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'Too Many Attempts.', retry_after: expect.any(Number) });
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await ask(eve)).status).toBe(404);
    // The rest of the API keeps its own budget.
    expect((await dora.req('GET', '/user/conversations')).status).toBe(200);
  });
});

describe('GET /user/conversations', () => {
  it('lists only the caller\'s, newest first, with filters and cursors both ways', async () => {
    const carol = await svc.user();
    const a = await assistant(carol);
    const b = await assistant(carol);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await open(carol, i < 3 ? a.uuid : b.uuid));
    await setBalance(carol, 0);
    const widget = await carol.req('POST', '/conversations', { assistant_id: b.uuid, type: 'widget' });
    expect(widget.status).toBe(400);
    const page1 = await carol.req('GET', '/user/conversations?per_page=2');
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);
    expect(page1.body).toMatchObject({ per_page: 2, prev_cursor: null, prev_page_url: null, path: expect.stringMatching(/\/api\/user\/conversations$/) });
    expect(page1.body.data[0]).toEqual({
      id: ids[4],
      assistant_id: b.uuid,
      assistant_name: 'Fixture assistant',
      type: 'test',
      variables: null,
      message_count: 0,
      total_cost: 0,
      ai_enabled: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      ended_at: null,
    });
    const page2 = await carol.req('GET', `/user/conversations?per_page=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(page2.body.next_page_url).toContain('per_page=2');
    const page3 = await carol.req('GET', new URL(page2.body.next_page_url).pathname.replace('/api', '') + new URL(page2.body.next_page_url).search);
    expect(page3.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(page3.body.next_cursor).toBeNull();
    const back = await carol.req('GET', `/user/conversations?per_page=2&cursor=${page3.body.prev_cursor}`);
    expect(back.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    const byAssistant = await carol.req('GET', `/user/conversations?assistant_id=${a.id}`);
    expect(byAssistant.body.data).toHaveLength(3);
    expect((await carol.req('GET', `/user/conversations?assistant_id=${b.uuid}&type=test`)).body.data).toHaveLength(2);
    expect((await carol.req('GET', '/user/conversations?type=widget')).body.data).toHaveLength(0);
    // Another user's assistant lists nothing; a cursor that does not decode is the first page.
    expect((await alice.req('GET', `/user/conversations?assistant_id=${a.id}`)).body.data).toEqual([]);
    expect((await carol.req('GET', '/user/conversations?per_page=2&cursor=garbage')).body.data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);
    for (const q of ['per_page=0', 'per_page=101', 'type=sms', 'assistant_id=abc']) expect((await carol.req('GET', `/user/conversations?${q}`)).status, q).toBe(422);
  });
});

describe('isolation and bad input', () => {
  it('another user\'s conversation does not exist for them', async () => {
    const a = await assistant(alice);
    const id = await open(alice, a.uuid);
    for (const [method, path, body] of [
      ['GET', `/conversations/${id}`, undefined],
      ['POST', `/conversations/${id}/messages`, { message: 'hi' }],
      ['POST', `/automate/conversations/${id}/enable-ai`, undefined],
    ] as const) {
      const res = await bob.req(method, path, body);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ status: false, error: 'Conversation not found' });
    }
    expect((await bob.req('GET', '/user/conversations')).body.data.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('answers 4xx, never 5xx: missing, too long and mistyped messages, unknown uuids', async () => {
    const a = await assistant(alice);
    const id = await open(alice, a.uuid);
    const cases: [unknown, number][] = [
      [undefined, 422],
      ['', 422],
      ['   ', 422],
      ['x'.repeat(2001), 422],
      [42, 422],
      [['hi'], 422],
      [{ text: 'hi' }, 422],
      ['a\u0000b', 422],
    ];
    for (const [message, status] of cases) {
      const res = await alice.req('POST', `/conversations/${id}/messages`, message === undefined ? {} : { message });
      expect(res.status, JSON.stringify(message)?.slice(0, 40)).toBe(status);
      expect(res.body.status).toBe(false);
      expect(typeof res.body.error).toBe('string');
    }
    stand.script({ text: 'Long one read.' });
    expect((await say(alice, id, 'x'.repeat(2000))).status).toBe(200);
    for (const path of ['/conversations/00000000-0000-4000-8000-000000000000', '/conversations/not-a-uuid', '/conversations/1', `/conversations/${id}x`]) {
      expect((await alice.req('GET', path)).status, path).toBe(404);
      expect((await alice.req('POST', `${path}/messages`, { message: 'hi' })).status, path).toBe(404);
    }
  });
});

describe('GET /user/assistants/models with a model endpoint', () => {
  it("adds the endpoint's models, which an assistant can then be given", async () => {
    const res = await alice.req('GET', '/user/assistants/models?type=llm');
    const names = (res.body as { name: string }[]).map((m) => m.name);
    expect(names).toContain('stand-in-small');
    expect(names.filter((n) => n === 'gpt-4o')).toHaveLength(1);
    const multimodal = await alice.req('GET', '/user/assistants/models?type=multimodal');
    expect((multimodal.body as { name: string }[]).map((m) => m.name)).not.toContain('stand-in-small');
    const a = await assistant(alice, { model: 'stand-in-small' });
    const id = await open(alice, a.uuid);
    stand.script({ text: 'Small but mine.' });
    expect((await say(alice, id, 'Hi')).body.message).toBe('Small but mine.');
    expect(lastRequest().body.model).toBe('stand-in-small');
  });
});
