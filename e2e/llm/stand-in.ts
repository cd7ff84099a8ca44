import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { embeddingsAnswer } from '../../src/server/test/stand-in-embedding';
import { roleAnswer, textOf as text, type RoleRequest } from '../../src/server/test/stand-in-roles';
import { knowledgeScript } from './knowledge';

/*
 * An OpenAI-compatible language model of our own for the browser tests (as e2e/hosted/ stands in for the
 * hosted service): the local service talks to it through LLM_BASE_URL exactly as it would to Ollama or
 * llama.cpp, so the test chat runs end to end without a real model. It also serves the mid-call tool the
 * tests give their assistant (`GET /tools/order-status?order_id=…`), so the tool is called for real.
 *
 * The script, the same for every conversation (no state, so parallel tests cannot disturb each other):
 *   - the last message is a tool's answer           -> a reply built from that answer
 *   - the user mentions an order and a tool exists  -> a call of the first tool with {order_id: "A-17"}
 *   - anything else                                 -> "Hello from the stand-in model."
 * The customer of a model call and structured-output requests (post-call extraction) get the script both
 * stand-ins share (src/server/test/stand-in-roles.ts).
 * Streamed as chat.completion.chunk events when the request asks for a stream, as one completion otherwise.
 * Knowledge bases (knowledge.ts beside this file): a knowledge search's answer, a search_knowledge_base function
 * on offer, or passages in the system prompt are answered from first. POST /v1/embeddings answers the test
 * stand-in's embeddings (src/server/test/stand-in-embedding.ts), for LLM_EMBEDDING_MODEL set to any name.
 */

export const STAND_IN_MODEL = 'stand-in';

export interface ChatMessage {
  role: string;
  content?: unknown;
}
export interface ChatRequest extends RoleRequest {
  model?: string;
  stream?: boolean;
  messages?: ChatMessage[];
  tools?: { type: string; function: { name: string } }[];
}
export interface Scripted {
  text: string;
  toolCalls?: { id: string; name: string; arguments: string }[];
}

export function script(request: ChatRequest): Scripted {
  const role = roleAnswer(request);
  if (role) {
    const stamp = Date.now().toString(36);
    return { text: role.text, toolCalls: role.toolCalls.map((c, i) => ({ id: `call_${stamp}_${i}`, name: c.name, arguments: JSON.stringify(c.arguments) })) };
  }
  const fromKnowledge = knowledgeScript(request, text);
  if (fromKnowledge) return fromKnowledge;
  const messages = request.messages ?? [];
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    let status = 'unknown';
    try {
      const answer = JSON.parse(text(last.content)) as { status?: string };
      status = answer.status ?? status;
    } catch {
      // a text answer: reported as unknown
    }
    return { text: `Your order A-17 is ${status}.` };
  }
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const tool = request.tools?.[0]?.function.name;
  if (tool && /order/i.test(text(lastUser?.content))) {
    return { text: '', toolCalls: [{ id: `call_${Date.now().toString(36)}`, name: tool, arguments: JSON.stringify({ order_id: 'A-17' }) }] };
  }
  return { text: 'Hello from the stand-in model.' };
}

function completion(model: string, s: Scripted) {
  const toolCalls = (s.toolCalls ?? []).map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  return {
    id: `chatcmpl-${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: toolCalls.length > 0 && s.text === '' ? null : s.text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function chunks(model: string, s: Scripted): unknown[] {
  const whole = completion(model, s);
  const base = { id: whole.id, object: 'chat.completion.chunk', created: whole.created, model };
  const out: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }];
  for (let i = 0; i < s.text.length; i += 6) out.push({ ...base, choices: [{ index: 0, delta: { content: s.text.slice(i, i + 6) }, finish_reason: null }] });
  (s.toolCalls ?? []).forEach(({ id, name, arguments: args }, index) => {
    out.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, id, type: 'function', function: { name, arguments: args } }] }, finish_reason: null }] });
  });
  out.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: whole.choices[0]!.finish_reason }] });
  out.push({ ...base, choices: [], usage: whole.usage });
  return out;
}

export function createModelStandIn(): Hono {
  const app = new Hono();
  app.get('/v1/models', (c) => c.json({ object: 'list', data: [{ id: STAND_IN_MODEL, object: 'model', owned_by: 'stand-in' }] }));
  app.post('/v1/chat/completions', async (c) => {
    const request = (await c.req.json()) as ChatRequest;
    const model = request.model ?? STAND_IN_MODEL;
    const answer = script(request);
    if (!request.stream) return c.json(completion(model, answer));
    return streamSSE(c, async (stream) => {
      for (const chunk of chunks(model, answer)) await stream.writeSSE({ data: JSON.stringify(chunk) });
      await stream.writeSSE({ data: '[DONE]' });
    });
  });
  // Embeddings (LLM_EMBEDDING_MODEL=anything): the test stand-in's hashed word stems (src/server/test/stand-in-embedding.ts).
  app.post('/v1/embeddings', async (c) => {
    const request = (await c.req.json()) as { model?: string; input?: string | string[]; dimensions?: number };
    return c.json(embeddingsAnswer(request.model ?? 'stand-in-embed', request.input ?? [], request.dimensions));
  });
  // The mid-call tool the tests attach to their assistant.
  app.get('/tools/order-status', (c) => c.json({ order_id: c.req.query('order_id') ?? null, status: 'shipped', eta: 'Friday' }));
  return app;
}
