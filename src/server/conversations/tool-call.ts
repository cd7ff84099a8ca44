import type { JsonRecord, ToolRow } from '../db/schema';
import { outgoingRequest, storableText } from '../outgoing/request';

/*
 * A mid-call tool called for real, through the one door for users' URLs (outgoing/: the address guard after
 * DNS, the time-out, the size cap): the tool's method, its headers, its timeout (1-30 s); GET (and HEAD)
 * send the arguments as the query string, the other methods as a JSON body. What it answered (JSON, or its
 * text cut at RESULT_MAX_CHARS) goes back to the model; a failure (time-out, non-2xx, refused connection or
 * address) goes back as an error, and both are recorded on the reply.
 */

/** What is read of a tool's answer at most. */
export const TOOL_READ_BYTES = 64 * 1024;
/** What goes back to the model (and is kept) of a tool's answer: JSON longer than this goes as cut text. */
export const RESULT_MAX_CHARS = 8_000;

export interface ToolOutcome {
  result: unknown;
  error: string | null;
  duration_ms: number;
  status_code: number | null;
}

/** A value fit for jsonb: strings and keys without NUL or lone surrogates. */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (typeof value !== 'object' || value === null || depth > 32) return typeof value === 'object' && value !== null ? null : value;
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1));
  const out: JsonRecord = {};
  for (const [k, v] of Object.entries(value)) out[storableText(k)] = storableJson(v, depth + 1);
  return out;
}

function cut(text: string): string {
  return text.length > RESULT_MAX_CHARS ? `${text.slice(0, RESULT_MAX_CHARS)}… (cut at ${RESULT_MAX_CHARS} characters)` : text;
}

function asQueryValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** The answer as the model gets it: parsed JSON when it is JSON and not too long, else its text. */
function readAnswer(body: Buffer, contentType: string, truncated: boolean): unknown {
  const text = storableText(body.toString('utf8'));
  if (!truncated && (/json/i.test(contentType) || /^\s*[[{]/.test(text))) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (JSON.stringify(parsed).length <= RESULT_MAX_CHARS) return storableJson(parsed);
    } catch {
      // not JSON after all: its text
    }
  }
  return cut(text.trim());
}

export interface ToolCallOptions {
  allowPrivate: boolean;
  signal?: AbortSignal;
}

export async function callTool(tool: Pick<ToolRow, 'endpoint' | 'method' | 'timeout' | 'headers'>, args: JsonRecord, options: ToolCallOptions): Promise<ToolOutcome> {
  const method = tool.method.toUpperCase();
  const timeoutMs = Math.min(30, Math.max(1, tool.timeout || 10)) * 1000;
  const inQuery = method === 'GET' || method === 'HEAD';
  let url = tool.endpoint;
  if (inQuery) {
    try {
      const u = new URL(tool.endpoint);
      for (const [k, v] of Object.entries(args)) u.searchParams.set(k, asQueryValue(v));
      url = u.toString();
    } catch {
      // the door answers an unusable URL
    }
  }
  const headers: Record<string, string> = { Accept: 'application/json, text/plain;q=0.9, */*;q=0.8', 'User-Agent': 'voice-console-tools/1' };
  if (!inQuery) headers['Content-Type'] = 'application/json';
  for (const h of tool.headers) headers[h.name] = h.value;
  const answer = await outgoingRequest({
    method,
    url,
    headers,
    ...(inQuery ? {} : { body: JSON.stringify(args) }),
    timeoutMs,
    maxBytes: TOOL_READ_BYTES,
    allowPrivate: options.allowPrivate,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (answer.kind === 'error') return { result: null, error: answer.error, duration_ms: answer.durationMs, status_code: null };
  const result = readAnswer(answer.body, answer.contentType, answer.truncated);
  if (answer.status < 200 || answer.status >= 300) {
    const said = typeof result === 'string' ? result : JSON.stringify(result);
    return { result: null, error: `HTTP ${answer.status}${said ? `: ${said.slice(0, 500)}` : ''}`, duration_ms: answer.durationMs, status_code: answer.status };
  }
  return { result, error: null, duration_ms: answer.durationMs, status_code: answer.status };
}
