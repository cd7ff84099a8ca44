import type { LlmConfig } from '../config';
import {
  ModelCallError,
  UnknownModelError,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type ChatStreamHandlers,
  type ChatToolCall,
  type ChatUsage,
  type ObjectReply,
  readJsonObject,
} from './chat-model';
import { retryDelayMs, sleep } from './retry';

/*
 * The ChatModel over any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's llama-server,
 * vLLM, LM Studio, a hosted provider), with the AI SDK: `@ai-sdk/openai-compatible` 2 speaks the protocol
 * (the request, the answer, streamed text and tool calls assembled from their chunks, usage, the
 * endpoint's errors as APICallError), called at its language-model layer (doGenerate / doStream). The
 * `ai` 6 package's generateText/streamText are not in the way: they validate the whole prompt with zod
 * on every call (measured: the largest CPU cost of a turn, growing with the history; npm run bench:chat)
 * and would run tools themselves, which the conversation rules do (through the address guard, recorded).
 * One step per call. Retries are ours (the SDK's first wait is a fixed 2 s): a 429, a 5xx or a refused
 * connection is tried again up to LLM_MAX_RETRIES times, waiting LLM_RETRY_DELAY_MS doubled each time (or
 * the endpoint's Retry-After, up to 10 s); a time-out (LLM_TIMEOUT_MS, per attempt) is not.
 * The SDK is imported on first use, so a service without a model never loads it (npm run bench:start).
 */

type Sdk = { provider: typeof import('@ai-sdk/openai-compatible'); APICallError: typeof import('ai').APICallError };
let sdk: Promise<Sdk> | undefined;
const loadSdk = () =>
  (sdk ??= Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]).then(([provider, ai]) => ({ provider, APICallError: ai.APICallError })));

type LanguageModel = ReturnType<ReturnType<Sdk['provider']['createOpenAICompatible']>['chatModel']>;
type CallOptions = Parameters<LanguageModel['doGenerate']>[0];
type Prompt = CallOptions['prompt'];
type ToolResultOutput = Extract<Extract<Prompt[number], { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output'];
type ProviderUsage = Awaited<ReturnType<LanguageModel['doGenerate']>>['usage'];

const MODELS_TTL_MS = 60_000;
const MODELS_TIMEOUT_MS = 5_000;

function toolOutput(result: unknown, isError: boolean): ToolResultOutput {
  const text = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  if (isError) return { type: 'error-text', value: text };
  if (typeof result === 'string') return { type: 'text', value: result };
  return { type: 'json', value: (result ?? null) as never };
}

/** The system prompt and our messages as the provider's prompt; consecutive tool results go into one tool message. */
export function toPrompt(system: string, messages: ChatMessage[]): Prompt {
  const out: Prompt = system ? [{ role: 'system', content: system }] : [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: [{ type: 'text', text: m.content }] });
    else if (m.role === 'assistant') {
      out.push({
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
          ...(m.toolCalls ?? []).map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.arguments })),
        ],
      });
    } else {
      const part = { type: 'tool-result' as const, toolCallId: m.toolCallId, toolName: m.name, output: toolOutput(m.result, m.isError) };
      const last = out[out.length - 1];
      if (last?.role === 'tool') last.content.push(part);
      else out.push({ role: 'tool', content: [part] });
    }
  }
  return out;
}

/** A call as the provider gives it: its arguments are JSON text, which the model may have got wrong. */
function readCall(call: { toolCallId: string; toolName: string; input: string }): ChatToolCall {
  const out: ChatToolCall = { id: call.toolCallId, name: call.toolName, arguments: {} };
  if (call.input.trim() === '') return out;
  try {
    const parsed = JSON.parse(call.input) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) out.arguments = parsed as Record<string, unknown>;
    else out.invalid = 'the arguments are not a JSON object';
  } catch {
    out.invalid = `the arguments are not JSON: ${call.input.slice(0, 200)}`;
  }
  return out;
}

const usageOf = (u: ProviderUsage | undefined): ChatUsage => ({
  inputTokens: u?.inputTokens.total ?? null,
  outputTokens: u?.outputTokens.total ?? null,
});

/** What the endpoint said, without the SDK's wrapping: its `error.message` when it sent one (chat and embeddings). */
export function endpointMessage(body: string | undefined): string | undefined {
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
  const models = new Map<string, LanguageModel>();
  const modelFor = async (name: string) => {
    const { provider: p } = await loadSdk();
    provider ??= p.createOpenAICompatible({ name: 'llm', baseURL: config.baseUrl, ...(config.apiKey ? { apiKey: config.apiKey } : {}), includeUsage: true,
      // Structured output as `response_format: {type: 'json_schema'}` (Ollama, llama.cpp, vLLM and the hosted
      // providers honour it); without it the SDK would send only `json_object` and drop the schema.
      supportsStructuredOutputs: true,
    });
    let model = models.get(name);
    if (!model) {
      model = provider.chatModel(name);
      if (models.size < 100) models.set(name, model);
    }
    return model;
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
    const ai = await loadSdk();
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

  async function withRetries<T extends { latencyMs: number }>(request: Pick<ChatRequest, 'model' | 'signal'>, attempt: Attempt<T>): Promise<T & { attempts: number }> {
    const ai = await loadSdk();
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

  /** One answer in one piece (not streamed), tried again as withRetries allows: what `read` takes from its content, with its usage and time. */
  function generated<T extends object>(
    request: Pick<ChatRequest, 'model' | 'signal'>,
    model: LanguageModel,
    options: Omit<CallOptions, 'abortSignal'>,
    read: (content: Awaited<ReturnType<LanguageModel['doGenerate']>>['content']) => T,
  ) {
    return withRetries(request, {
      retryable: () => true,
      async run(abortSignal) {
        const t0 = performance.now();
        const result = await model.doGenerate({ ...options, abortSignal });
        return { ...read(result.content), usage: usageOf(result.usage), latencyMs: Math.round(performance.now() - t0) };
      },
    });
  }

  async function prepare(request: ChatRequest): Promise<{ model: LanguageModel; options: Omit<CallOptions, 'abortSignal'> }> {
    return {
      model: await modelFor(request.model),
      options: {
        prompt: toPrompt(request.system, request.messages),
        ...(request.tools.length > 0 ? { tools: request.tools.map((t) => ({ type: 'function' as const, name: t.name, description: t.description, inputSchema: t.parameters as never })) } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      },
    };
  }

  return {
    info: { baseUrl: config.baseUrl, model: config.model },
    listModels: () => listModels(),

    async reply(request) {
      const { model, options } = await prepare(request);
      return generated(request, model, options, (content) => {
        let text = '';
        const toolCalls: ChatToolCall[] = [];
        for (const part of content) {
          if (part.type === 'text') text += part.text;
          else if (part.type === 'tool-call') toolCalls.push(readCall(part));
        }
        return { text, toolCalls };
      });
    },

    async object(request): Promise<ObjectReply> {
      const model = await modelFor(request.model);
      const options = {
        prompt: toPrompt(request.system, request.messages),
        responseFormat: { type: 'json' as const, schema: request.schema as never, name: request.schemaName },
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      };
      return generated(request, model, options, (content) => {
        let text = '';
        for (const part of content) if (part.type === 'text') text += part.text;
        return { value: readJsonObject(text), text };
      });
    },

    async stream(request, handlers: ChatStreamHandlers) {
      const { model, options } = await prepare(request);
      let handedOut = false;
      return withRetries(request, {
        retryable: () => !handedOut,
        async run(abortSignal) {
          const t0 = performance.now();
          const { stream } = await model.doStream({ ...options, abortSignal, includeRawChunks: false });
          let text = '';
          const toolCalls: ChatToolCall[] = [];
          let usage: ChatUsage = { inputTokens: null, outputTokens: null };
          const reader = stream.getReader();
          try {
            for (;;) {
              const { done, value: part } = await reader.read();
              if (done) break;
              if (part.type === 'text-delta') {
                text += part.delta;
                handedOut = true;
                handlers.onText(part.delta);
              } else if (part.type === 'tool-call') toolCalls.push(readCall(part));
              else if (part.type === 'finish') usage = usageOf(part.usage);
              else if (part.type === 'error') throw part.error;
            }
          } finally {
            reader.releaseLock();
          }
          return { text, toolCalls, usage, latencyMs: Math.round(performance.now() - t0) };
        },
      });
    },
  };
}
