import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { getSession, startSession } from '@/api/session';
import { resetStreamSupport, streamReply, type ReplyHandlers } from './reply-stream';

const PATH = '/conversations/3f0c9a52-1d7e-4b8a-9c41-7e2d5b6a8f10/messages';

/** A stream cut into chunks exactly where given (events split across reads must read the same). */
function chunked(parts: string[], type = 'text/event-stream') {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': type } });
}

function recorder() {
  const seen: string[] = [];
  const handlers: ReplyHandlers = {
    onText: (d) => seen.push(`text:${d}`),
    onFunctionCall: (c) => seen.push(`call:${c.id}:${c.name}`),
    onFunctionResult: (c) => seen.push(`result:${c.id}:${c.name}:${JSON.stringify(c.result)}:${c.duration_ms}`),
  };
  return { seen, handlers };
}

beforeEach(() => {
  resetStreamSupport();
  startSession({ token: 'vc_test_token', host: null, remember: false });
});
afterEach(() => sessionStorage.clear());

describe('streamReply', () => {
  it('reads events split anywhere, and the `delta` and complete `function_call` forms too', async () => {
    const { seen, handlers } = recorder();
    const fetch = vi.fn(async () =>
      chunked([
        'event: delta\ndata: {"delta":"Hel',
        'lo"}\n\nevent: function_call\ndata: {"name":"lookup","arguments":{"q":"x"},"result":{"ok":true},"duration_ms":"40"}\n',
        '\nevent: done\ndata: {"status":true,"message":"Hello","function_calls":[]}\n\n',
      ]),
    );
    const out = await streamReply(PATH, { message: 'Hi' }, handlers, { fetch });
    expect(out).toEqual({ kind: 'reply', reply: expect.objectContaining({ message: 'Hello' }) });
    expect(seen).toEqual(['text:Hello', 'result:call-1:lookup:{"ok":true}:40']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(new RegExp(`${PATH}$`));
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer vc_test_token');
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
  });

  it('says a stream that ends without `done` was cut off', async () => {
    const fetch = vi.fn(async () => chunked(['event: text\ndata: {"delta":"Hel"}\n\n']));
    await expect(streamReply(PATH, { message: 'Hi' }, {}, { fetch })).rejects.toMatchObject({ kind: 'network' });
  });

  it('turns an `error` event into an ApiError with the service’s words', async () => {
    const fetch = vi.fn(async () => chunked(['event: error\ndata: {"status":false,"error":"Tool loop cap reached"}\n\n']));
    const error = await streamReply(PATH, { message: 'Hi' }, {}, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Tool loop cap reached');
  });

  it('answers "unsupported" for 404/405/406/415/501 and an HTML page, and remembers the host', async () => {
    for (const [status, body, type] of [
      [404, '{"message":"Not found"}', 'application/json'],
      [405, '', 'text/plain'],
      [406, '', 'text/plain'],
      [415, '', 'text/plain'],
      [501, '', 'text/plain'],
      [200, '<!doctype html><title>Console</title>', 'text/html'],
    ] as const) {
      resetStreamSupport();
      const fetch = vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));
      expect(await streamReply(PATH, { message: 'Hi' }, {}, { fetch }), String(status)).toEqual({ kind: 'unsupported' });
      const again = vi.fn(async () => chunked([]));
      expect(await streamReply(PATH, { message: 'Hi' }, {}, { fetch: again })).toEqual({ kind: 'unsupported' });
      expect(again).not.toHaveBeenCalled();
    }
  });

  it('throws other failures as the API client would, and a 401 ends the session', async () => {
    const fetch503 = vi.fn(async () => new Response('{"status":false,"error":"Set LLM_BASE_URL"}', { status: 503, headers: { 'content-type': 'application/json' } }));
    await expect(streamReply(PATH, { message: 'Hi' }, {}, { fetch: fetch503 })).rejects.toMatchObject({ status: 503, message: 'Set LLM_BASE_URL' });
    const fetch401 = vi.fn(async () => new Response('{"message":"Unauthenticated."}', { status: 401, headers: { 'content-type': 'application/json' } }));
    await expect(streamReply(PATH, { message: 'Hi' }, {}, { fetch: fetch401 })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(getSession()).toBeNull();
  });

  it('stops waiting when nothing arrives for the idle time', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, init?: RequestInit) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    await expect(streamReply(PATH, { message: 'Hi' }, {}, { fetch, idleTimeoutMs: 30 })).rejects.toMatchObject({ kind: 'timeout' });
  });
});
