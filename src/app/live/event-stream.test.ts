import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceEventMessage } from '@contract/live';
import { backoffDelay, openEventStream, readEventData, type StreamState } from './event-stream';

const encoder = new TextEncoder();

/** A streaming answer whose body arrives in exactly these byte chunks; open unless `end`. */
function sseResponse(chunks: Uint8Array[], { end = true, status = 200, type = 'text/event-stream' } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      if (end) controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': type } });
}

/** Splits bytes at the given cut points. */
function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const points = [...new Set(at.map((p) => Math.min(bytes.length, Math.max(0, p))))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    if (p > from) out.push(bytes.slice(from, p));
    from = p;
  }
  return out;
}

function collect() {
  const events: ServiceEventMessage[] = [];
  const states: StreamState[] = [];
  return { events, states, onEvent: (e: ServiceEventMessage) => events.push(e), onState: (s: StreamState) => states.push(s) };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const TEXT = [
  'retry: 3000\n',
  ': connected\n\n',
  'event: call\ndata: {"type":"call","user_id":1,"id":41,"status":"ringing","campaign_id":null}\n\n',
  'event: lead\ndata: {"user_id":1,"id":"7","status":"completed","campaign_id":3}\n\n',
  // Not JSON, an array, no type at all: skipped, the stream goes on.
  'event: call\ndata: not json\n\n',
  'data: [1,2]\n\n',
  'data: {"id":5}\n\n',
  'event: delivery\r\ndata: {"type":"delivery","id":9,"call_id":41,"status":"failed","note":"Grüße ✓"}\r\n\r\n',
].join('');

describe('readEventData', () => {
  it('takes the type from the event line when the JSON lacks it, and reads ids given as strings', () => {
    expect(readEventData('lead', '{"id":"7","campaign_id":"3"}')).toMatchObject({ type: 'lead', id: 7, campaign_id: 3 });
  });
  it('skips what is not an object with a type', () => {
    expect(readEventData('call', 'nope')).toBeNull();
    expect(readEventData(undefined, '{"id":1}')).toBeNull();
    expect(readEventData('call', 'null')).toBeNull();
  });
});

describe('openEventStream', () => {
  it('reads the same events however the body is cut into chunks (mid-line, mid-character)', async () => {
    const bytes = encoder.encode(TEXT);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: bytes.length }), { maxLength: 12 }), async (points) => {
        const c = collect();
        let calls = 0;
        const stream = openEventStream({
          url: '/api/user/events',
          token: 't',
          ...c,
          fetch: async () => {
            calls += 1;
            return calls === 1 ? sseResponse(cut(bytes, points)) : new Promise<Response>(() => {});
          },
          sleep: async () => {},
        });
        await until(() => c.events.length === 3, 'three events');
        stream.close();
        expect(c.events.map((e) => [e.type, e.id, e.status])).toEqual([
          ['call', 41, 'ringing'],
          ['lead', 7, 'completed'],
          ['delivery', 9, 'failed'],
        ]);
        expect(c.events[2]).toMatchObject({ call_id: 41 });
        expect(c.states[0]).toBe('connecting');
        expect(c.states).toContain('live');
      }),
      { numRuns: 60, seed: 1101 },
    );
  });

  it('sends the bearer token and asks for an event stream', async () => {
    const fetch = vi.fn(async () => new Promise<Response>(() => {}));
    const stream = openEventStream({ url: 'https://host/api/user/events', token: 'secret-token', ...collect(), fetch });
    await until(() => fetch.mock.calls.length === 1, 'the request');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://host/api/user/events');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer secret-token', Accept: 'text/event-stream' });
    stream.close();
  });

  it('404 or 405: the host has no stream, it stops for good', async () => {
    for (const status of [404, 405]) {
      const c = collect();
      const fetch = vi.fn(async () => new Response('{"message":"Not found"}', { status, headers: { 'content-type': 'application/json' } }));
      const sleep = vi.fn(async () => {});
      openEventStream({ url: '/x', token: 't', ...c, fetch, sleep });
      await until(() => c.states.includes('unsupported'), 'unsupported');
      await new Promise((r) => setTimeout(r, 30));
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(sleep).not.toHaveBeenCalled();
      expect(c.states).toEqual(['connecting', 'unsupported']);
    }
  });

  it('a 200 that is not an event stream (a catch-all HTML page) also means no stream', async () => {
    const c = collect();
    const fetch = vi.fn(async () => new Response('<!doctype html><title>Console</title>', { status: 200, headers: { 'content-type': 'text/html' } }));
    openEventStream({ url: '/x', token: 't', ...c, fetch, sleep: async () => {} });
    await until(() => c.states.includes('unsupported'), 'unsupported');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('network errors and 5xx: tries again with growing waits, then goes live and the wait starts over', async () => {
    const c = collect();
    const delays: number[] = [];
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls += 1;
      if (calls <= 2) throw new TypeError('Failed to fetch');
      if (calls <= 4) return new Response('bad gateway', { status: 502 });
      if (calls === 5) return sseResponse([encoder.encode('data: {"type":"account"}\n\n')]); // opens, then ends
      if (calls === 6) throw new TypeError('Failed to fetch');
      return new Promise<Response>(() => {});
    });
    const stream = openEventStream({
      url: '/x',
      token: 't',
      ...c,
      fetch,
      random: () => 0.5, // no jitter
      minBackoffMs: 1000,
      maxBackoffMs: 5000,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    await until(() => calls === 7, 'seven tries');
    stream.close();
    // Four failures before it opened: 1, 2, 4, 5 (capped) s; after the open stream ended: the minimum;
    // the failure after that counts from one again.
    expect(delays).toEqual([1000, 2000, 4000, 5000, 1000, 2000]);
    expect(c.events).toEqual([expect.objectContaining({ type: 'account' })]);
    expect(c.states.slice(0, 3)).toEqual(['connecting', 'down', 'live']);
    expect(c.states.at(-1)).toBe('down');
  });

  it("waits the service's retry: after an open stream ends", async () => {
    const delays: number[] = [];
    let calls = 0;
    const stream = openEventStream({
      url: '/x',
      token: 't',
      ...collect(),
      fetch: async () => {
        calls += 1;
        return calls === 1 ? sseResponse([encoder.encode('retry: 3000\n\n')]) : new Promise<Response>(() => {});
      },
      random: () => 0.5,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    await until(() => calls === 2, 'the second try');
    stream.close();
    expect(delays).toEqual([3000]);
  });

  it('a stream silent past the idle timeout is dropped and reopened', async () => {
    const c = collect();
    let calls = 0;
    const stream = openEventStream({
      url: '/x',
      token: 't',
      ...c,
      idleTimeoutMs: 40,
      fetch: async (_url, init) => {
        calls += 1;
        const signal = init?.signal;
        // Opens, then says nothing; the abort of the idle timer errors the body.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(': hello\n\n'));
            signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      },
      sleep: async () => {},
    });
    await until(() => calls >= 2, 'a reconnect');
    stream.close();
    expect(c.states).toContain('down');
  });

  it('401: ends the session, no retries', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi.fn(async () => new Response('{"message":"Unauthenticated."}', { status: 401 }));
    const c = collect();
    openEventStream({ url: '/x', token: 'old', ...c, fetch, onUnauthorized, sleep: async () => {} });
    await until(() => c.states.includes('stopped'), 'stopped');
    expect(onUnauthorized).toHaveBeenCalledWith('old');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('close() aborts the open request and stops', async () => {
    let aborted = false;
    const c = collect();
    const stream = openEventStream({
      url: '/x',
      token: 't',
      ...c,
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    });
    stream.close();
    await until(() => c.states.includes('stopped'), 'stopped');
    expect(aborted).toBe(true);
  });
});

describe('backoffDelay', () => {
  it('doubles from the minimum, never past the maximum, within ±25 % jitter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
        const d = backoffDelay(n, 1000, 30_000, () => r);
        const base = Math.min(30_000, 1000 * 2 ** (n - 1));
        expect(d).toBeGreaterThanOrEqual(Math.floor(base * 0.75));
        expect(d).toBeLessThanOrEqual(Math.ceil(base * 1.25));
      }),
      { numRuns: 100 },
    );
  });
});
