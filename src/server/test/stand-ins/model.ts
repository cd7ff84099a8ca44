import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddingsAnswer } from './embedding';
import { roleAnswer, textOf, type RoleRequest } from './roles';
import { phoneToolAnswer } from './phone-tool-answers';
import { orderStatus } from './tool-endpoint';

/** The model the browser tests' service is configured with (LLM_MODEL). */
export const STAND_IN_MODEL = 'stand-in';

/*
 * The language model: an OpenAI-compatible server of our own, the one stand-in for the service tests, the
 * browser tests (e2e/serve/model.ts starts it on a fixed port) and the benchmarks. A real HTTP server, as the
 * webhook tests use a real receiver, so the model adapter's protocol code runs for real.
 * POST /v1/chat/completions answers from a script (replies, tool calls, 429 and 500 answers, slow answers, a time to first token),
 * streamed as Server-Sent Events chunks when the request asks for a stream; GET /v1/models lists `models`.
 * A request for a model not in `models` is a 404, as Ollama answers one it has not pulled (unless `anyModel`).
 * POST /v1/embeddings answers the embedding stand-in's vectors (embedding.ts) for the models in
 * `embeddingModels` (any with `anyModel`), or `embeddingStatus` when a test sets one (a failing endpoint).
 * The customer of a model call, the judge and structured-output requests are answered by roles.ts, before the
 * queue: the queue and `fallback` are the assistant's answers. `conversation` is the stateless fallback of the
 * browser tests (an order tool, knowledge bases); GET /tools/order-status is the order tool (tool-endpoint.ts).
 */

export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
  id?: string;
}

export interface Scripted {
  /** The reply's text. */
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** An error answer instead: 429, 500, ... with this body (and headers, e.g. retry-after-ms). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  /**
   * Streamed: the response starts at once (headers and the role chunk), the first words come this long after
   * (the model's time to first token), the rest right behind them. Not streamed: the answer comes this long
   * after. After `delayMs` when both are set. Unset: the stand-in's `firstTokenMs`.
   */
  firstTokenMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface SeenRequest {
  body: RoleRequest & {
    model: string;
    stream?: boolean;
    messages: { role: string; content?: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
    temperature?: number;
  };
  headers: http.IncomingHttpHeaders;
}

export type Script = Scripted | ((request: SeenRequest) => Scripted);

export interface StandInModel {
  /** http://127.0.0.1:PORT/v1 (what LLM_BASE_URL would hold). */
  baseUrl: string;
  /** Every chat request, oldest first. */
  requests: SeenRequest[];
  /** Answers to give, in order; when none is left, `fallback`. */
  script(...answers: Script[]): void;
  fallback: Script;
  /** The models /v1/models lists and chat requests may name. */
  models: string[];
  /** How long the customer's and structured answers take (the assistant's: `delayMs` of its script). */
  roleDelayMs: number;
  /** The assistant's answers' time to first token (`firstTokenMs` of a script wins); 0: none. */
  firstTokenMs: number;
  /** The models /v1/embeddings answers for (others: 404). */
  embeddingModels: string[];
  /** Every embeddings request's body, oldest first. */
  embeddingRequests: { model: string; input: string | string[]; dimensions?: number }[];
  /** Set: /v1/embeddings answers this status (e.g. 500) instead of embeddings. */
  embeddingStatus: number | null;
  close(): Promise<void>;
}

function completion(model: string, s: Scripted) {
  const toolCalls = (s.toolCalls ?? []).map((c, i) => ({
    id: c.id ?? `call_${i}_${Math.random().toString(36).slice(2, 8)}`,
    type: 'function',
    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
  }));
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: s.text || (toolCalls.length > 0 ? null : (s.text ?? '')), ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: s.usage?.prompt_tokens ?? 10, completion_tokens: s.usage?.completion_tokens ?? 5, total_tokens: (s.usage?.prompt_tokens ?? 10) + (s.usage?.completion_tokens ?? 5) },
  };
}

/** The same answer as chat.completion.chunk events: text in pieces of a few characters, then the calls. */
function chunks(model: string, s: Scripted): unknown[] {
  const whole = completion(model, s);
  const base = { id: whole.id, object: 'chat.completion.chunk', created: whole.created, model };
  const out: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }];
  const text = s.text ?? '';
  for (let i = 0; i < text.length; i += 4) out.push({ ...base, choices: [{ index: 0, delta: { content: text.slice(i, i + 4) }, finish_reason: null }] });
  const calls = whole.choices[0]!.message.tool_calls ?? [];
  calls.forEach((call, index) => {
    const args = call.function.arguments;
    const half = Math.floor(args.length / 2);
    out.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: args.slice(0, half) } }] }, finish_reason: null }] });
    out.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(half) } }] }, finish_reason: null }] });
  });
  out.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: whole.choices[0]!.finish_reason }] });
  out.push({ ...base, choices: [], usage: whole.usage });
  return out;
}

export interface StandInModelOptions {
  /** Listen here (the browser tests' fixed port); default: a free one. */
  port?: number;
  models?: string[];
  fallback?: Script;
  roleDelayMs?: number;
  /** Wait this long before the first token of every streamed answer (a model's time to first token). */
  firstTokenMs?: number;
  /** Answer chat and embedding requests for any model name (the browser tests: whatever LLM_MODEL says). */
  anyModel?: boolean;
}

export async function startStandInModel(options: StandInModelOptions = {}): Promise<StandInModel> {
  const queue: Script[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const state: StandInModel = {
    baseUrl: '',
    requests: [],
    script: (...answers) => void queue.push(...answers),
    fallback: options.fallback ?? { text: 'OK.' },
    models: options.models ?? ['stand-in-small', 'gpt-4o'],
    roleDelayMs: options.roleDelayMs ?? 0,
    firstTokenMs: options.firstTokenMs ?? 0,
    embeddingModels: ['stand-in-embed', 'stand-in-embed-2'],
    embeddingRequests: [],
    embeddingStatus: null,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url === '/v1/models') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: state.models.map((id) => ({ id, object: 'model', owned_by: 'stand-in' })) }));
      return;
    }
    if (req.method === 'GET' && url.startsWith('/tools/order-status')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(orderStatus(new URL(url, 'http://x').searchParams.get('order_id'))));
      return;
    }
    if (req.method === 'POST' && url === '/v1/embeddings') {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as StandInModel['embeddingRequests'][number];
        body.model ??= 'stand-in-embed';
        body.input ??= [];
        state.embeddingRequests.push(body);
        const [status, answer] =
          state.embeddingStatus !== null
            ? [state.embeddingStatus, { error: { message: `stand-in says ${state.embeddingStatus}`, type: 'server_error' } }]
            : options.anyModel || state.embeddingModels.includes(body.model)
              ? [200, embeddingsAnswer(body.model, body.input, body.dimensions)]
              : [404, { error: { message: `model "${body.model}" not found, try pulling it first`, type: 'not_found_error' } }];
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
      return;
    }
    if (req.method !== 'POST' || url !== '/v1/chat/completions') {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${url}` } }));
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const seen: SeenRequest = { body: JSON.parse(Buffer.concat(parts).toString('utf8')) as SeenRequest['body'], headers: req.headers };
      seen.body.model ??= STAND_IN_MODEL;
      seen.body.messages ??= [];
      state.requests.push(seen);
      const role = roleAnswer(seen.body);
      const next: Script = role ? { text: role.text, toolCalls: role.toolCalls, delayMs: state.roleDelayMs } : (queue.shift() ?? state.fallback);
      const answer = typeof next === 'function' ? next(seen) : next;
      const firstTokenMs = role ? 0 : (answer.firstTokenMs ?? state.firstTokenMs);
      const respond = () => {
        if (res.destroyed) return;
        if (answer.status !== undefined) {
          res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
          res.end(JSON.stringify(answer.body ?? { error: { message: `stand-in says ${answer.status}`, type: 'server_error' } }));
          return;
        }
        if (!options.anyModel && !state.models.includes(seen.body.model)) {
          res.writeHead(404, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `model "${seen.body.model}" not found, try pulling it first`, type: 'not_found_error' } }));
          return;
        }
        if (seen.body.stream) {
          res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
          const [opening, ...rest] = chunks(seen.body.model, answer);
          res.write(`data: ${JSON.stringify(opening)}\n\n`);
          const words = () => {
            if (res.destroyed) return;
            for (const chunk of rest) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
            res.end('data: [DONE]\n\n');
          };
          if (firstTokenMs > 0) setTimeout(words, firstTokenMs);
          else words();
          return;
        }
        const whole = () => {
          if (res.destroyed) return;
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(completion(seen.body.model, answer)));
        };
        if (firstTokenMs > 0) setTimeout(whole, firstTokenMs);
        else whole();
      };
      if (answer.delayMs) setTimeout(respond, answer.delayMs);
      else respond();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', () => r()));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

/*
 * The browser tests' script, the same for every conversation (no state, so parallel tests cannot disturb
 * each other), after the roles:
 *   - the calendar and the hand-over (calendarOrHandover below), when their functions are on offer
 *   - the telephone tools asked for in words, or their answers (phone-tool-answers.ts)
 *   - the last message is a knowledge search's answer ({query, passages})  -> a reply quoting the first passage
 *   - search_knowledge_base is on offer and the user just spoke             -> a call of it with the user's words
 *   - the system prompt holds passages (prompt mode)                       -> a reply quoting the first one
 *   - the last message is a tool's answer                                  -> "Your order A-17 is <status>."
 *   - the user mentions an order and a tool exists                         -> a call of the first tool with {order_id: "A-17"}
 *   - anything else                                                        -> "Hello from the stand-in model."
 * A prompt that says "The caller speaks German now: answer in German." (voice/languages.ts, an assistant
 * with secondary languages) gets the German of the last two answers.
 */
export function conversation(seen: SeenRequest): Scripted {
  const messages = seen.body.messages;
  const last = messages[messages.length - 1];
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const stamp = () => `call_${Date.now().toString(36)}`;
  const builtin = calendarOrHandover(seen);
  if (builtin) return builtin;
  const phone = phoneToolAnswer(seen);
  if (phone) return phone;
  if (last?.role === 'tool') {
    let answer: { passages?: { excerpt?: string }[]; status?: string } = {};
    try {
      answer = JSON.parse(textOf(last.content)) as typeof answer;
    } catch {
      // a text answer: the order's status is unknown
    }
    if (Array.isArray(answer.passages)) {
      const first = answer.passages[0]?.excerpt;
      return { text: first ? `From the knowledge base: ${firstSentence(first)}` : 'The knowledge base has nothing on that.' };
    }
    if (toldGerman(seen)) return { text: `Ihre Bestellung A-17 ist ${answer.status ?? 'unbekannt'}.` };
    return { text: `Your order A-17 is ${answer.status ?? 'unknown'}.` };
  }
  if (last?.role === 'user' && seen.body.tools?.some((t) => t.function.name === KNOWLEDGE_SEARCH)) {
    return { text: '', toolCalls: [{ id: stamp(), name: KNOWLEDGE_SEARCH, arguments: { query: textOf(lastUser?.content) } }] };
  }
  const system = textOf(messages.find((m) => m.role === 'system')?.content);
  const passage = /\n\[1\] [^\n]*\n([^\n]+)/.exec(system)?.[1];
  if (passage) return { text: `From the knowledge base: ${firstSentence(passage)}` };
  const tool = seen.body.tools?.[0]?.function.name;
  if (tool && /order/i.test(textOf(lastUser?.content))) return { text: '', toolCalls: [{ id: stamp(), name: tool, arguments: { order_id: 'A-17' } }] };
  if (toldGerman(seen)) return { text: GERMAN_HELLO };
  return { text: 'Hello from the stand-in model.' };
}

/** The stand-in's German answer, when told to answer in German. */
export const GERMAN_HELLO = 'Hallo vom Stand-in-Modell. Wie kann ich helfen?';

function toldGerman(seen: SeenRequest): boolean {
  return /The caller speaks German now: answer in German\./.test(textOf(seen.body.messages.find((m) => m.role === 'system')?.content));
}

const KNOWLEDGE_SEARCH = 'search_knowledge_base';

function parsedTool(content: unknown): Record<string, unknown> {
  try {
    const v = JSON.parse(textOf(content)) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/*
 * The built-in tools (src/server/builtin/), stateless as the rest of the script:
 *   - the last message is check_availability's answer ({free_starts})        -> "The first free time is <start>. ..."
 *   - the last message is book_appointment's answer ({booked, start})        -> "You are booked for <start>."
 *   - the user asks for a colleague / another assistant / to be transferred,
 *     and transfer_to_assistant is on offer                                 -> a call of it
 *   - the user gives an e-mail address after free times were found          -> book_appointment of the first free start
 *     (the name from "my name is ..." / "this is ...")
 *   - the user asks for an appointment and check_availability is on offer    -> a call of it
 */
export function calendarOrHandover(seen: SeenRequest): Scripted | null {
  const messages = seen.body.messages;
  const offered = new Set((seen.body.tools ?? []).map((t) => t.function.name));
  const last = messages[messages.length - 1];
  const id = () => `call_${Math.random().toString(36).slice(2, 10)}`;
  if (last?.role === 'tool') {
    const answer = parsedTool(last.content);
    if (Array.isArray(answer.free_starts)) {
      const first = answer.free_starts[0];
      return { text: typeof first === 'string' ? `The first free time is ${first}. Shall I book it? Then I need your name and e-mail address.` : 'There is no free time in those days.' };
    }
    if (answer.booked === true) return { text: `You are booked for ${String(answer.start)}. See you then!` };
    return null;
  }
  if (last?.role !== 'user') return null;
  const said = textOf(last.content);
  const transfer = [...offered].find((n) => n.startsWith('transfer_to_assistant'));
  if (transfer && /\b(transfer|colleague|hand (me )?over|another assistant|sales team)\b/i.test(said)) return { text: '', toolCalls: [{ id: id(), name: transfer, arguments: {} }] };
  const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(said)?.[0];
  if (email && offered.has('book_appointment')) {
    const found = [...messages].reverse().find((m) => m.role === 'tool' && Array.isArray(parsedTool(m.content).free_starts));
    const start = found ? (parsedTool(found.content).free_starts as unknown[])[0] : undefined;
    if (typeof start === 'string') {
      const name = /(?:[Mm]y name is|[Tt]his is|I am|I'm) ([A-Z][\w-]*(?: [A-Z][\w-]*)*)/.exec(said)?.[1] ?? 'Sam Stand-In';
      return { text: '', toolCalls: [{ id: id(), name: 'book_appointment', arguments: { start, name, email } }] };
    }
  }
  if (offered.has('check_availability') && /\b(appointment|book|free (time|slot)|termin)/i.test(said)) return { text: '', toolCalls: [{ id: id(), name: 'check_availability', arguments: {} }] };
  return null;
}

function firstSentence(text: string): string {
  return (/^[^.!?]*[.!?]?/.exec(text.trim())?.[0] ?? text).trim();
}
