import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, buildUrl } from './client';
import { ApiError } from './errors';
import type { Session } from './session';
import { jsonResponse } from '@/test/render';

const session: Session = { token: 'vc_good_token', host: 'https://api.example.com/api/', remember: false, startedAt: '2030-01-01T00:00:00Z' };
const list = z.array(z.unknown());

function setup(responses: (Response | Error | (() => Response | Promise<Response>))[], extra: Parameters<typeof createApiClient>[0] = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const sleeps: number[] = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getSession: () => session,
    onUnauthorized,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { client, calls, sleeps, onUnauthorized, fetchMock };
}

describe('the API client', () => {
  it('sends the bearer token and JSON to the session host, and never puts the token in the URL', async () => {
    const { client, calls } = setup([jsonResponse({ message: 'ok', data: { id: 1 } }, { status: 201 })]);
    await client.post('/user/tools', z.looseObject({ message: z.string() }), { body: { name: 'lookup' }, query: { a: 1, b: undefined, c: '' } });
    expect(calls[0]!.url).toBe('https://api.example.com/api/user/tools?a=1');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer vc_good_token');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Accept).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"name":"lookup"}');
    expect(calls[0]!.url).not.toContain('vc_good_token');
  });

  it('builds URLs from a relative base too', () => {
    expect(buildUrl('/api', '/user/calls', { status: 'failed', page: 2, ids: [1, 2] })).toBe('/api/user/calls?status=failed&page=2&ids=1&ids=2');
  });

  it('repeats a GET after a 5xx and a network error, with growing waits', async () => {
    const { client, calls, sleeps } = setup([
      jsonResponse({ message: 'Server Error' }, { status: 500 }),
      new TypeError('Failed to fetch'),
      jsonResponse([1, 2]),
    ]);
    await expect(client.get('/user/assistants/models', list)).resolves.toEqual([1, 2]);
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]! * 1.1);
  });

  it('gives up on a GET after the retries and says why', async () => {
    const { client, calls } = setup(Array.from({ length: 4 }, () => jsonResponse({ message: 'Server Error' }, { status: 503 })));
    await expect(client.get('/x', list)).rejects.toMatchObject({ kind: 'http', status: 503 });
    expect(calls).toHaveLength(4);
  });

  it('never repeats a change by itself', async () => {
    const { client, calls } = setup([jsonResponse({ message: 'Server Error' }, { status: 500 })]);
    await expect(client.post('/user/lead', list, { body: {} })).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);
    const net = setup([new TypeError('Failed to fetch')]);
    await expect(net.client.delete('/user/leads/1', list)).rejects.toMatchObject({ kind: 'network' });
    expect(net.calls).toHaveLength(1);
  });

  it('does not repeat a 4xx GET', async () => {
    const { client, calls } = setup([jsonResponse({ message: 'Not found' }, { status: 404 })]);
    await expect(client.get('/user/tools/9', list)).rejects.toMatchObject({ kind: 'not-found' });
    expect(calls).toHaveLength(1);
  });

  it('a GET after a 429 waits retry_after, then tries again', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const { client, calls, sleeps } = setup([jsonResponse({ message: 'Too Many Attempts.', retry_after: 3 }, { status: 429, headers: { 'Retry-After': '3' } }), jsonResponse([])]);
      await expect(client.get('/user/calls', list)).resolves.toEqual([]);
      expect(calls).toHaveLength(2);
      expect(sleeps).toEqual([3000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a change that meets a 429 says how long to wait, and the next request waits it out', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const { client, sleeps } = setup([jsonResponse({ message: 'Too Many Attempts.' }, { status: 429, headers: { 'Retry-After': '7' } }), jsonResponse([])]);
      const err = await client.post('/user/lead', list, { body: {} }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ kind: 'rate-limited', retryAfter: 7 });
      expect(client.pausedFor()).toBe(7000);
      await client.get('/user/leads', list);
      expect(sleeps).toEqual([7000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 401 ends the session of the token it refused', async () => {
    const { client, onUnauthorized } = setup([jsonResponse({ message: 'Unauthenticated.' }, { status: 401 })]);
    await expect(client.get('/user/tools', list)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledWith('vc_good_token');
  });

  it('the sign-in check (explicit auth) ends nothing on a 401', async () => {
    const { client, onUnauthorized, calls } = setup([jsonResponse({ message: 'Unauthenticated.' }, { status: 401 })]);
    await expect(client.get('/user/assistants/languages', list, { auth: { token: 'vc_try', host: null } })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(calls[0]!.url).toBe('/api/user/assistants/languages');
  });

  it('passes the caller’s abort through as an abort, not an ApiError', async () => {
    const controller = new AbortController();
    const { client } = setup([
      () =>
        new Promise<Response>((_resolve, reject) => {
          controller.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
        }),
    ]);
    const err = await client.get('/user/calls', list, { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');
  });

  it('times out a request that hangs', async () => {
    const hanging = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ fetch: hanging as unknown as typeof fetch, getSession: () => session, timeoutMs: 20 });
    await expect(client.get('/user/calls', list)).rejects.toMatchObject({ kind: 'timeout', status: 0 });
    expect(hanging).toHaveBeenCalledTimes(1);
  });

  it('an answer of the wrong shape is an error that says where', async () => {
    const { client } = setup([jsonResponse({ not: 'a list' })]);
    const err = await client.get('/user/assistants/voices', list).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unexpected-response', path: '/user/assistants/voices' });
  });
});
