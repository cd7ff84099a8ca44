import { createParser } from 'eventsource-parser';
import { serviceEventSchema, type ServiceEventMessage } from '@contract/live';

/*
 * The client of GET /user/events (Server-Sent Events). Read with fetch, not EventSource: EventSource
 * cannot send the bearer token. The body is fed to eventsource-parser as it arrives, so a message split
 * over chunks (or several in one) reads the same.
 *
 * States: 'connecting' until the stream answers, 'live' while it is open, 'down' while waiting to try
 * again (backoff), 'unsupported' when the host has no stream at all (404/405, or an answer that is not
 * an event stream: the hosted service): then it stops for good and the pages poll.
 */

export type StreamState = 'connecting' | 'live' | 'down' | 'unsupported' | 'stopped';

export interface EventStreamOptions {
  url: string;
  token: string;
  onEvent: (event: ServiceEventMessage) => void;
  onState: (state: StreamState) => void;
  /** The host refused the token (401): the session is over; the stream stops. */
  onUnauthorized?: (token: string) => void;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** First wait after a failure; doubled per failure in a row up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** No byte for this long (the service sends a comment every 15 s) counts as a dropped stream. */
  idleTimeoutMs?: number;
}

export interface EventStream {
  close(): void;
}

const DEFAULTS = { minBackoffMs: 1_000, maxBackoffMs: 30_000, idleTimeoutMs: 45_000 };

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The wait before try number `failures` (1-based): exponential with ±25 % jitter so tabs do not reconnect in step. */
export function backoffDelay(failures: number, min: number, max: number, random: () => number = Math.random): number {
  const base = Math.min(max, min * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Reads one `data:` payload; anything that is not a JSON object with a type is skipped. */
export function readEventData(type: string | undefined, data: string): ServiceEventMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  // `event:` names the type; the JSON may carry it too. The line wins only when the JSON lacks it.
  const withType = 'type' in json ? json : { ...json, type };
  const parsed = serviceEventSchema.safeParse(withType);
  if (!parsed.success || parsed.data.type === '') return null;
  return parsed.data;
}

type Outcome = 'ended' | 'failed' | 'unsupported' | 'unauthorized' | 'closed';

export function openEventStream(options: EventStreamOptions): EventStream {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const minBackoff = options.minBackoffMs ?? DEFAULTS.minBackoffMs;
  const maxBackoff = options.maxBackoffMs ?? DEFAULTS.maxBackoffMs;
  const idleTimeout = options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs;
  const closer = new AbortController();
  let state: StreamState | null = null;

  function setState(next: StreamState) {
    if (state === next) return;
    state = next;
    options.onState(next);
  }

  /** One connection, from the request to the end of its body. */
  async function connectOnce(onOpen: () => void, retryHint: (ms: number) => void): Promise<Outcome> {
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    closer.signal.addEventListener('abort', abortAttempt, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => attempt.abort(), idleTimeout);
    };
    try {
      touch();
      let res: Response;
      try {
        res = await doFetch(options.url, {
          method: 'GET',
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${options.token}` },
          credentials: 'omit',
          cache: 'no-store',
          signal: attempt.signal,
        });
      } catch {
        return closer.signal.aborted ? 'closed' : 'failed';
      }
      if (res.status === 401 || res.status === 419) return 'unauthorized';
      if (res.status === 404 || res.status === 405 || res.status === 501) return 'unsupported';
      if (!res.ok || !res.body) {
        void res.body?.cancel().catch(() => undefined);
        return 'failed';
      }
      // A 200 that is not a stream (an HTML page from a catch-all, JSON): this host has none.
      const type = res.headers.get('content-type') ?? '';
      if (!type.toLowerCase().includes('text/event-stream')) {
        void res.body.cancel().catch(() => undefined);
        return 'unsupported';
      }
      onOpen();
      const parser = createParser({
        onEvent: (message) => {
          const event = readEventData(message.event, message.data);
          if (event) options.onEvent(event);
        },
        onRetry: retryHint,
      });
      const reader = res.body.getReader();
      // stream: true keeps a multi-byte character split between chunks for the next one.
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return 'ended';
          touch();
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        return closer.signal.aborted ? 'closed' : 'failed';
      } finally {
        reader.cancel().catch(() => undefined);
      }
    } finally {
      clearTimeout(idle);
      closer.signal.removeEventListener('abort', abortAttempt);
    }
  }

  async function run() {
    let failures = 0;
    // Set from callbacks during a connection (an object, so the reads below are not narrowed away).
    const seen = { retryMs: null as number | null, opened: false };
    while (!closer.signal.aborted) {
      setState(failures === 0 ? 'connecting' : 'down');
      seen.opened = false;
      const outcome = await connectOnce(
        () => {
          seen.opened = true;
          failures = 0;
          setState('live');
        },
        (ms) => {
          seen.retryMs = ms;
        },
      );
      if (closer.signal.aborted || outcome === 'closed') break;
      if (outcome === 'unsupported') {
        setState('unsupported');
        return;
      }
      if (outcome === 'unauthorized') {
        options.onUnauthorized?.(options.token);
        break;
      }
      // An open stream that ended: try again after the service's `retry:` (at least the minimum);
      // a connection that never opened: back off further each time.
      failures += 1;
      setState('down');
      const delay = seen.opened
        ? Math.max(seen.retryMs ?? minBackoff, backoffDelay(1, minBackoff, maxBackoff, random))
        : backoffDelay(failures, Math.max(minBackoff, seen.retryMs ?? 0), maxBackoff, random);
      await sleep(delay, closer.signal);
    }
    setState('stopped');
  }

  void run();
  return {
    close() {
      closer.abort();
    },
  };
}
