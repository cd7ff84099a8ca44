import { createParser } from 'eventsource-parser';
import {
  conversationErrorSchema,
  conversationReplySchema,
  functionCallSchema,
  streamFunctionCallSchema,
  streamTextSchema,
  type ConversationReply,
  type FunctionCall,
} from '@contract/conversation';
import type { JsonObject } from '@contract/common';
import { buildUrl } from '@/api/client';
import { ApiError, errorFromAnswer, errorFromFailure } from '@/api/errors';
import { apiBaseUrlOf, expireSession, getSession } from '@/api/session';
import { m } from '@/i18n';

/*
 * The streamed reply: POST /conversations/{uuid}/messages with `Accept: text/event-stream` (the local
 * service's extension; the hosted service answers JSON). Read with fetch (the API client reads whole
 * answers, and EventSource can neither POST nor send the bearer token), fed to eventsource-parser as the
 * bytes arrive.
 *
 * The events, in order (src/contract/conversation.ts):
 *   text            {delta}                                   a piece of the reply's text
 *   function_call   {id, name, arguments}                     the model asks for a tool
 *   function_result {id, name, arguments, result, error, duration_ms}   the tool has answered
 *   done            {status, message, function_calls, ai_disabled?}      the JSON answer's body, last
 *   error           {status: false, error}                    the turn failed after the stream began
 * `delta` is read like `text`, and a `function_call` that already carries its result like a
 * `function_result`. Failures found before the reply starts come as a plain JSON answer with their status.
 *
 * What the host answers decides the rest:
 *   an event stream                     read to its `done` (or `error`)
 *   the JSON reply (the host ignored Accept)   that is the reply; the message is not sent again
 *   404, 405, 406, 415, 501, a redirect or a page that is not JSON: no stream here ('unsupported'), the
 *     message was not taken, and the caller sends it the plain way. Remembered per host for the tab.
 *   any other failure                   an ApiError, as the API client would throw it
 */

export interface StreamedCall {
  id: string;
  name: string;
  arguments: JsonObject;
}

export interface ReplyHandlers {
  onText?: (delta: string) => void;
  onFunctionCall?: (call: StreamedCall) => void;
  onFunctionResult?: (call: FunctionCall & { id: string }) => void;
}

export type StreamOutcome = { kind: 'reply'; reply: ConversationReply } | { kind: 'unsupported' };

export interface StreamOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** No byte for this long ends the wait (the model or a tool hangs). */
  idleTimeoutMs?: number;
}

const UNSUPPORTED_STATUSES = new Set([404, 405, 406, 415, 501]);
const DEFAULT_IDLE_MS = 120_000;

/** API base URLs that answered a stream request with "no stream here": asked the plain way from then on. */
const noStream = new Set<string>();

/** For tests: forget which hosts could not stream. */
export function resetStreamSupport() {
  noStream.clear();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The turn failed after the stream began: the service's own words, as an ApiError (no HTTP status of its own). */
function streamError(path: string, body: unknown): ApiError {
  const message = conversationErrorSchema.parse(isObject(body) ? body : {}).error.trim();
  return new ApiError({ kind: 'http', status: 0, method: 'POST', path, body, message: message || m.conversations_stream_failed() });
}

export async function streamReply(path: string, body: { message: string }, handlers: ReplyHandlers, options: StreamOptions = {}): Promise<StreamOutcome> {
  const session = getSession();
  const base = apiBaseUrlOf(session?.host);
  if (noStream.has(base)) return { kind: 'unsupported' };
  const token = session?.token ?? null;
  const url = buildUrl(base, path);
  const ctx = { method: 'POST', path, secret: token };
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_MS;

  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('Timed out', 'TimeoutError'));
    }, idleMs);
  };
  const failed = (e: unknown): never => {
    if (options.signal?.aborted) throw options.signal.reason ?? e;
    throw errorFromFailure(e, { ...ctx, timedOut, timeoutMs: idleMs });
  };

  try {
    touch();
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'omit', cache: 'no-store', signal: controller.signal });
    } catch (e) {
      return failed(e);
    }
    const contentType = res.headers.get('content-type')?.toLowerCase() ?? '';
    const streaming = res.ok && contentType.includes('text/event-stream') && res.body !== null;

    if (!streaming) {
      let text = '';
      try {
        text = await res.text();
      } catch (e) {
        failed(e);
      }
      const answer = { status: res.status, headers: res.headers, text, url: res.url, redirected: res.redirected, type: res.type };
      if (UNSUPPORTED_STATUSES.has(res.status) || (res.status >= 300 && res.status < 400)) {
        noStream.add(base);
        return { kind: 'unsupported' };
      }
      if (!res.ok) {
        const error = errorFromAnswer(answer, ctx);
        if (error.kind === 'unauthorized' && token) expireSession(token);
        throw error;
      }
      const json = parseJson(text);
      // The host answered the turn in JSON, ignoring Accept: that is the reply.
      if (isObject(json)) return { kind: 'reply', reply: conversationReplySchema.parse(json) };
      // A page of another kind (a catch-all's HTML): this host does not stream.
      noStream.add(base);
      return { kind: 'unsupported' };
    }

    // Set by the parser's callback (an object, so the checks after the loop see the writes).
    const end: { reply: ConversationReply | null; failure: ApiError | null } = { reply: null, failure: null };
    let calls = 0;
    const parser = createParser({
      onEvent: (event) => {
        const data = parseJson(event.data);
        const payload = isObject(data) ? data : {};
        switch (event.event) {
          case 'text':
          case 'delta': {
            const { delta } = streamTextSchema.parse(payload);
            const piece = delta || (typeof payload.text === 'string' ? payload.text : '');
            if (piece) handlers.onText?.(piece);
            break;
          }
          case 'function_call': {
            calls += 1;
            const call = streamFunctionCallSchema.parse(payload);
            const id = call.id || `call-${calls}`;
            if ('result' in payload || 'error' in payload || 'duration_ms' in payload) {
              handlers.onFunctionResult?.({ ...functionCallSchema.parse(payload), id });
            } else {
              handlers.onFunctionCall?.({ id, name: call.name, arguments: call.arguments });
            }
            break;
          }
          case 'function_result': {
            const call = functionCallSchema.parse(payload);
            const id = typeof payload.id === 'string' && payload.id ? payload.id : `call-${calls}`;
            handlers.onFunctionResult?.({ ...call, id });
            break;
          }
          case 'done':
            end.reply = conversationReplySchema.parse(payload);
            break;
          case 'error':
            end.failure = streamError(path, data);
            break;
          default:
            // An event this console does not know: skipped.
            break;
        }
      },
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (e) {
          return failed(e);
        }
        if (chunk.done) break;
        touch();
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        if (end.reply || end.failure) break;
      }
      parser.feed(decoder.decode());
    } finally {
      void reader.cancel().catch(() => undefined);
    }
    if (end.failure) throw end.failure;
    if (end.reply) return { kind: 'reply', reply: end.reply };
    // The stream ended before its last event: the reply's fate is unknown.
    throw new ApiError({ kind: 'network', status: 0, method: 'POST', path, message: m.conversations_stream_cut() });
  } finally {
    clearTimeout(idle);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
