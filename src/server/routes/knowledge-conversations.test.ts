import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAssistant } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { uploadDocument } from '../test/knowledge-files';
import { startStandInModel, type StandInModel } from '../test/stand-ins/model';
import { processKnowledgeDocuments } from '../knowledge/worker';

/*
 * An assistant answering from its knowledge base, with a stand-in model of our own (a real HTTP server in the
 * OpenAI protocol): in prompt mode the passages reach the model in its system prompt; in function_call mode
 * the model is offered search_knowledge_base and its call is answered with the passages. Both show in the
 * reply and the history as a function call named search_knowledge_base.
 */

let svc: TestService;
let stand: StandInModel;
let alice: TestUser;
let bob: TestUser;
let baseId = 0;

const WARRANTY = 'Every Famulus kettle carries a warranty of three years from the date of purchase.';

async function assistantWith(user: TestUser, mode: string, kb: number | null): Promise<string> {
  const a = await insertAssistant(svc.handle.db, user.id);
  const row = await svc.handle.db
    .updateTable('assistants')
    .set({ knowledgebase_id: kb, knowledgebase_mode: mode, system_prompt: 'You answer questions about kettles.' })
    .where('id', '=', a.id)
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return row.uuid;
}

async function open(user: TestUser, uuid: string): Promise<string> {
  const res = await user.req('POST', '/conversations', { assistant_id: uuid, type: 'test' });
  expect(res.status, res.text).toBe(200);
  return res.body.conversation_id as string;
}

const systemOf = (i: number) => String(stand.requests[i]?.body.messages.find((m) => m.role === 'system')?.content ?? '');

beforeAll(async () => {
  stand = await startStandInModel();
  svc = await startTestService({ llm: { baseUrl: stand.baseUrl, model: 'stand-in-small', retryDelayMs: 5 } });
  alice = await svc.user();
  bob = await svc.user();
  const base = await alice.req('POST', '/user/knowledgebases', { name: 'Kettle manual', description: 'Warranty, care and returns' });
  baseId = base.body.data.id as number;
  const text = `# Warranty\n\n${WARRANTY}\n\n# Descaling\n\nDescale the kettle every month with citric acid.`;
  await uploadDocument(svc.api, alice, baseId, { name: 'Manual', type: 'txt' }, { name: 'manual.txt', bytes: Buffer.from(text) });
  await processKnowledgeDocuments(svc.handle.db, { allowPrivate: true });
}, 60_000);

afterAll(async () => {
  await svc.close();
  await stand.close();
});

describe('an assistant with a knowledge base', () => {
  it('prompt mode: the passages for the latest message go into the system prompt, recorded as a search', async () => {
    const id = await open(alice, await assistantWith(alice, 'prompt', baseId));
    stand.requests.length = 0;
    stand.script({ text: 'Three years.' });
    const res = await alice.req('POST', `/conversations/${id}/messages`, { message: 'How long is the warranty?' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Three years.');
    expect(systemOf(0)).toContain("Knowledge base: passages that may answer the customer's latest message.");
    expect(systemOf(0)).toContain(`[1] Manual — Warranty\n${WARRANTY}`);
    // No function is offered for it: the passages are there already.
    expect(stand.requests[0]!.body.tools ?? []).toEqual([]);
    expect(res.body.function_calls).toHaveLength(1);
    const call = res.body.function_calls[0];
    expect(call).toMatchObject({ name: 'search_knowledge_base', arguments: { query: 'How long is the warranty?' }, error: null });
    expect(call.result.query).toBe('How long is the warranty?');
    expect(call.result.passages[0]).toMatchObject({ document_name: 'Manual', excerpt: WARRANTY });
    expect(call.result.passages[0].headline.some((s: { match: boolean; text: string }) => s.match && s.text === 'warranty')).toBe(true);

    // The next message is searched anew; the earlier search is not replayed to the model as a call it made.
    stand.script({ text: 'Monthly.' });
    await alice.req('POST', `/conversations/${id}/messages`, { message: 'How often should I descale it?' });
    expect(systemOf(1)).toContain('[1] Manual — Descaling');
    expect(stand.requests[1]!.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);

    const history = await alice.req('GET', `/conversations/${id}`);
    const replies = history.body.history.filter((m: { role: string; function_calls?: unknown[] }) => m.role === 'assistant' && m.function_calls?.length);
    expect(replies.map((m: { function_calls: { name: string }[] }) => m.function_calls[0]!.name)).toEqual(['search_knowledge_base', 'search_knowledge_base']);
  });

  it('prompt mode streams the search as function_call and function_result events', async () => {
    const id = await open(alice, await assistantWith(alice, 'prompt', baseId));
    stand.script({ text: 'Three years.' });
    const res = await fetch(`${svc.api}/conversations/${id}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'warranty' }),
    });
    const text = await res.text();
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({ event: m[1], data: JSON.parse(m[2]!) as Record<string, unknown> }));
    expect(events.map((e) => e.event).slice(0, 2)).toEqual(['function_call', 'function_result']);
    expect(events[0]!.data).toMatchObject({ name: 'search_knowledge_base', arguments: { query: 'warranty' } });
    expect(events[1]!.data).toMatchObject({ name: 'search_knowledge_base', result: { query: 'warranty' } });
    expect(events.at(-1)!.event).toBe('done');
  });

  it('function_call mode: the model searches with its own query and answers from the passages', async () => {
    const id = await open(alice, await assistantWith(alice, 'function_call', baseId));
    stand.requests.length = 0;
    stand.script({ toolCalls: [{ name: 'search_knowledge_base', arguments: { query: 'warranty period' } }] }, { text: 'Three years from purchase.' });
    const res = await alice.req('POST', `/conversations/${id}/messages`, { message: 'Is my kettle still covered?' });
    expect(res.status, res.text).toBe(200);
    const offered = stand.requests[0]!.body.tools ?? [];
    expect(offered.map((t) => t.function.name)).toEqual(['search_knowledge_base']);
    expect(offered[0]!.function.description).toContain('"Kettle manual" (Warranty, care and returns)');
    expect(systemOf(0)).not.toContain('Knowledge base:');
    const toolMessage = stand.requests[1]!.body.messages.at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(String(toolMessage.content)).toContain(WARRANTY);
    expect(res.body.message).toBe('Three years from purchase.');
    expect(res.body.function_calls[0]).toMatchObject({ name: 'search_knowledge_base', arguments: { query: 'warranty period' }, result: { query: 'warranty period' }, error: null });
    expect(res.body.function_calls[0].result.passages[0].excerpt).toBe(WARRANTY);
  });

  it("never reads another user's knowledge base, and goes on without a base that is gone", async () => {
    // Bob's assistant pointing at Alice's base finds nothing: the base is not its owner's.
    const id = await open(bob, await assistantWith(bob, 'prompt', baseId));
    stand.requests.length = 0;
    stand.script({ text: 'I do not know.' });
    const res = await bob.req('POST', `/conversations/${id}/messages`, { message: 'How long is the warranty?' });
    expect(res.body.function_calls).toEqual([]);
    expect(systemOf(0)).not.toContain(WARRANTY);

    const gone = await alice.req('POST', '/user/knowledgebases', { name: 'Temporary' });
    const uuid = await assistantWith(alice, 'function_call', gone.body.data.id as number);
    await alice.req('DELETE', `/user/knowledgebases/${gone.body.data.id}`);
    const conversation = await open(alice, uuid);
    stand.requests.length = 0;
    stand.script({ text: 'Hello.' });
    const answer = await alice.req('POST', `/conversations/${conversation}/messages`, { message: 'Hi' });
    expect(answer.status).toBe(200);
    expect(stand.requests[0]!.body.tools ?? []).toEqual([]);
  });
});
