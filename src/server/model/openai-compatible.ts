import type { ModelMessage, ToolResultPart } from 'ai';
import type { LlmConfig } from '../config';
import {
  ModelCallError,
  UnknownModelError,
  type ChatMessage,
  type ChatModel,
  type ChatReply,
  type ChatRequest,
  type ChatStreamHandlers,
  type ChatToolCall,
  type ChatUsage,
} from './chat-model';
import { retryDelayMs, sleep } from './retry';

/*
 * The ChatModel over any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's llama-server,
 * vLLM, LM Studio, a hosted provider), with the AI SDK (`ai` 6 and `@ai-sdk/openai-compatible` 2): it
 * speaks the protocol, assembles streamed tool calls and reads usage, so none of that is ours to keep.
 * One step per call (tools have no `execute`: the conversation rules run them through the address guard
 * and record them). Retries are ours rather than the SDK's (whose first wait is a fixed 2 s): a 429, a 5xx
 * or a refused connection is tried again up to LLM_MAX_RETRIES times, waiting LLM_RETRY_DELAY_MS doubled
 * each time (or the endpoint's Retry-After, up to 10 s); a time-out (LLM_TIMEOUT_MS, per attempt) is not.
 * The SDK is imported on first use, so a service without a model never loads it (npm run bench:start).
 */

type Sdk = { ai: typeof import('ai'); provider: typeof import('@ai-sdk/openai-compatible') };
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= Promise.all([import('ai'), import('@ai-sdk/openai-compatible')]).then(([ai, provider]) => ({ ai, provider })));

const MODELS_TTL_MS = 60_000;
const MODELS_TIMEOUT_MS = 5_000;

function toolOutput(result: unknown, isError: boolean): ToolResultPart['output'] {
  const text = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  if (isError) return { type: 'error-text', value: text };
  if (typeof result === 'string') return { type: 'text', value: result };
  return { type: 'json', value: (result ?? null) as never };
}

/** Our messages in the SDK's form; consecutive tool results go into one tool message. */
export function toModelMessages(messages: ChatMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    else if (m.role === 'assistant') {
      const calls = m.toolCalls ?? [];
      if (calls.length === 0) {
        out.push({ role: 'assistant', content: m.content });
        continue;
      }
      out.push({
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
          ...calls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.arguments })),
        ],
      });
    } else {
      const part: ToolResultPart = { type: 'tool-result', toolCallId: m.toolCallId, toolName: m.name, output: toolOutput(m.result, m.isError) };
      const last = out[out.length - 1];
      if (last?.role === 'tool') last.content.push(part);
      else out.push({ role: 'tool', content: [part] });
    }
  }
  return out;
}

function readCall(call: { toolCallId: string; toolName: string; input: unknown; invalid?: boolean; error?: unknown }): ChatToolCall {
  const input = call.input;
  const args = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const out: ChatToolCall = { id: call.toolCallId, name: call.toolName, arguments: args };
  if (call.invalid) out.invalid = call.error instanceof Error ? call.error.message : 'the call could not be read';
  return out;
}

const usageOf = (u: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): ChatUsage => ({
  inputTokens: u?.inputTokens ?? null,
  outputTokens: u?.outputTokens ?? null,
});

/** What the endpoint said, without the SDK's wrapping: its `error.message` when it sent one. */
function endpointMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return body.slice(0, 300);
}

interface Attempt<T> {
  run(signal: AbortSignal): Promise<T>;
  /** Whether a failed attempt may be tried again (a stream that has already handed out text may not). */
  retryable(): boolean;
}

export function createChatModel(config: LlmConfig): ChatModel {
  let provider: ReturnType<Sdk['provider']['createOpenAICompatible']> | undefined;
  const modelFor = async (name: string) => {
    const { ai, provider: p } = await loadSdk();
    provider ??= p.createOpenAICompatible({ name: 'llm', baseURL: config.baseUrl, ...(config.apiKey ? { apiKey: config.apiKey } : {}), includeUsage: true });
    return { ai, model: provider.chatModel(name) };
  };

  let cached: { at: number; names: string[] } | undefined;
  async function listModels(fresh = false): Promise<string[]> {
    if (!fresh && cached && Date.now() - cached.at < MODELS_TTL_MS) return cached.names;
    try {
      const res = await fetch(`${config.baseUrl}/models`, {
        headers: { Accept: 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
        signal: AbortSignal.timeout(MODELS_TIMEOUT_MS),
      });
      if (!res.ok) return [];
      const body = (await res.json()) as { data?: { id?: unknown }[]; models?: { name?: unknown; model?: unknown }[] };
      const names = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string' && id !== '');
      cached = { at: Date.now(), names };
      return names;
    } catch {
      return [];
    }
  }

  /** The SDK's error as ours: the endpoint's words, and an unknown model said plainly. */
  async function failure(e: unknown, model: string, timedOut: boolean): Promise<Error> {
    const { ai } = await loadSdk();
    if (timedOut) return new ModelCallError(`The model did not answer within ${config.timeoutMs} ms (LLM_TIMEOUT_MS).`, undefined);
    if (ai.APICallError.isInstance(e)) {
      const said = endpointMessage(e.responseBody) ?? e.message;
      if (e.statusCode === undefined) return new ModelCallError(`The model endpoint ${config.baseUrl} could not be reached: ${said}`, undefined);
      if (e.statusCode === 404 || (e.statusCode === 400 && /model/i.test(said))) {
        const names = await listModels(true);
        if (names.length > 0 && !names.includes(model)) {
          return new UnknownModelError(`The model endpoint ${config.baseUrl} has no model "${model}" (it has: ${names.slice(0, 20).join(', ')}).`, e.statusCode);
        }
      }
      return new ModelCallError(`The model endpoint answered ${e.statusCode}: ${said}`, e.statusCode);
    }
    if (e instanceof ModelCallError) return e;
    return new ModelCallError(`The model call failed: ${e instanceof Error ? e.message : String(e)}`, undefined);
  }

  async function withRetries<T extends Omit<ChatReply, 'attempts'>>(request: ChatRequest, attempt: Attempt<T>): Promise<ChatReply> {
    const { ai } = await loadSdk();
    for (let n = 1; ; n++) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        const reply = await attempt.run(signal);
        return { ...reply, attempts: n };
      } catch (e) {
        if (request.signal?.aborted) throw new ModelCallError('The request was cancelled.', undefined);
        const timedOut = timeout.aborted;
        const status = ai.APICallError.isInstance(e) ? e.statusCode : undefined;
        const transient = ai.APICallError.isInstance(e) && (status === undefined ? e.isRetryable : status === 429 || status >= 500);
        if (timedOut || !transient || n > config.maxRetries || !attempt.retryable()) throw await failure(e, request.model, timedOut);
        const headers = ai.APICallError.isInstance(e) ? e.responseHeaders : undefined;
        await sleep(retryDelayMs(n, config.retryDelayMs, headers), request.signal);
      }
    }
  }

  async function prepare(request: ChatRequest) {
    const { ai, model } = await modelFor(request.model);
    const tools = Object.fromEntries(
      request.tools.map((t) => [t.name, ai.tool({ description: t.description, inputSchema: ai.jsonSchema<Record<string, unknown>>(t.parameters as Parameters<Sdk['ai']['jsonSchema']>[0]) })]),
    );
    return {
      ai,
      options: {
        model,
        system: request.system,
        messages: toModelMessages(request.messages),
        ...(request.tools.length > 0 ? { tools } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        maxRetries: 0,
      },
    };
  }

  return {
    info: { baseUrl: config.baseUrl, model: config.model },
    listModels: () => listModels(),

    async reply(request) {
      const { ai, options } = await prepare(request);
      return withRetries(request, {
        retryable: () => true,
        async run(abortSignal) {
          const t0 = performance.now();
          const result = await ai.generateText({ ...options, abortSignal });
          return { text: result.text, toolCalls: result.toolCalls.map(readCall), usage: usageOf(result.usage), latencyMs: Math.round(performance.now() - t0) };
        },
      });
    },

    async stream(request, handlers: ChatStreamHandlers) {
      const { ai, options } = await prepare(request);
      let handedOut = false;
      return withRetries(request, {
        retryable: () => !handedOut,
        async run(abortSignal) {
          const t0 = performance.now();
          const result = ai.streamText({ ...options, abortSignal, onError: () => undefined });
          let text = '';
          const toolCalls: ChatToolCall[] = [];
          let usage: ChatUsage = { inputTokens: null, outputTokens: null };
          for await (const part of result.fullStream) {
            if (part.type === 'text-delta') {
              text += part.text;
              handedOut = true;
              handlers.onText(part.text);
            } else if (part.type === 'tool-call') toolCalls.push(readCall(part));
            else if (part.type === 'finish') usage = usageOf(part.totalUsage);
            else if (part.type === 'error') throw part.error;
            else if (part.type === 'abort') throw new Error('aborted');
          }
          return { text, toolCalls, usage, latencyMs: Math.round(performance.now() - t0) };
        },
      });
    },
  };
}
