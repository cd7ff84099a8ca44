/*
 * The language model behind a small interface: the conversation rules ask `model.reply(...)` (or `stream`)
 * for one step of the assistant (text, or the tools it wants called) and never see the provider's protocol.
 * One adapter speaks OpenAI-compatible chat completions (openai-compatible.ts); tests run it against a
 * stand-in server of our own (test/stand-ins/model.ts), so the protocol code is tested too.
 */

export type JsonSchemaObject = { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };

/** A function the model may call: a mid-call tool or a built-in one. */
export interface ChatTool {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

export interface ChatToolCall {
  /** The model's id of the call (made up when the endpoint gives none). */
  id: string;
  name: string;
  /** The arguments the model chose (an object; {} when it sent none). */
  arguments: Record<string, unknown>;
  /** Set when the model's call could not be read (arguments that are not JSON, an unknown tool). */
  invalid?: string;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ChatToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; result: unknown; isError: boolean };

export interface ChatRequest {
  /** The model to ask (LLM_MODEL, else the assistant's own). */
  model: string;
  system: string;
  messages: ChatMessage[];
  tools: ChatTool[];
  temperature?: number;
  /** The caller's own abort (a client gone); the adapter adds its time-out. */
  signal?: AbortSignal;
}

export interface ChatUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}

export interface ChatReply {
  text: string;
  toolCalls: ChatToolCall[];
  usage: ChatUsage;
  /** Wall time of the successful attempt, first byte to last (retries and their waits not included). */
  latencyMs: number;
  /** Attempts made (1 without retries). */
  attempts: number;
}

/** One answer as a JSON object following `schema` (OpenAI-compatible `response_format: json_schema`). */
export interface ObjectRequest {
  model: string;
  system: string;
  messages: ChatMessage[];
  /** The JSON Schema the answer follows (an object). */
  schema: JsonSchemaObject;
  /** The schema's name, as the endpoint is told it. */
  schemaName: string;
  temperature?: number;
  signal?: AbortSignal;
}

export interface ObjectReply {
  /** The answer parsed as JSON (null when the model sent nothing readable as a JSON object). */
  value: Record<string, unknown> | null;
  /** The answer's text as sent. */
  text: string;
  usage: ChatUsage;
  latencyMs: number;
  attempts: number;
}

export interface ChatStreamHandlers {
  /** Each piece of the reply's text as it arrives. */
  onText(delta: string): void;
}

export interface ModelInfo {
  /** LLM_BASE_URL */
  baseUrl: string;
  /** LLM_MODEL, when every assistant uses one model. */
  model: string | undefined;
}

export interface ChatModel {
  readonly info: ModelInfo;
  reply(request: ChatRequest): Promise<ChatReply>;
  /** The same step, its text handed out as it arrives. */
  stream(request: ChatRequest, handlers: ChatStreamHandlers): Promise<ChatReply>;
  /** Structured output: one answer as a JSON object following the request's schema. */
  object(request: ObjectRequest): Promise<ObjectReply>;
  /** The endpoint's own models (its `/models`), cached for a minute; [] when it cannot say. */
  listModels(): Promise<string[]>;
}

/**
 * A model's JSON answer read leniently: some local models wrap it in a ```json fence or add words around
 * it; the first `{…}` that parses as an object is the answer. Anything else is null (never made up).
 */
export function readJsonObject(text: string): Record<string, unknown> | null {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first !== -1 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      const parsed = JSON.parse(candidate) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // the next candidate
    }
  }
  return null;
}

/** The endpoint answered no (after the retries), or never answered. */
export class ModelCallError extends Error {
  override name = 'ModelCallError';
  constructor(
    message: string,
    readonly statusCode: number | undefined,
  ) {
    super(message);
  }
}

/** The model asked for is not one the endpoint has: says which, where it came from, and what there is. */
export class UnknownModelError extends ModelCallError {
  override name = 'UnknownModelError';
}

/** How the service asks for an assistant's model: LLM_MODEL wins; else the assistant's own model name. */
export function chooseModel(info: ModelInfo, assistantModel: string | null): { model: string; source: 'LLM_MODEL' | 'assistant' } | null {
  if (info.model) return { model: info.model, source: 'LLM_MODEL' };
  if (assistantModel) return { model: assistantModel, source: 'assistant' };
  return null;
}
