import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { busOf, type ServiceEvent } from '../events/bus';
import type { AppEnv, Deps } from '../http/context';
import { HttpError } from '../http/errors';

/*
 * GET /user/events (our extension): the caller's changes as Server-Sent Events, so the console refetches
 * what changed instead of polling. The token is checked and one request counted when the stream opens,
 * never again while it lasts. Each message is `event: <type>` with `data: <json>`; comments keep proxies
 * and dead-connection detection busy; `retry: 3000` tells a client how soon to come back after a drop.
 */

export interface EventStreamOptions {
  /** Milliseconds between keep-alive comments. */
  heartbeatMs?: number;
  /** Open streams per user in this process; a console holds one per tab. */
  maxStreamsPerUser?: number;
  /** Messages waiting for a client that does not read, before its stream is dropped (it reconnects and refetches). */
  maxBacklog?: number;
}

export const EVENT_STREAM_RETRY_MS = 3000;
/** A place frees as soon as a tab closes: worth asking again soon. */
const STREAM_SLOT_RETRY_S = 5;
export const TOO_MANY_STREAMS = 'Too many open event streams: close another tab of the console first.';

/** The message's data: the event without its user (the stream is the user's own). */
function wire(event: ServiceEvent): Record<string, unknown> {
  const { user_id: _user, ...rest } = event;
  return rest;
}

export function eventRoutes(deps: Deps, options: EventStreamOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxStreams = options.maxStreamsPerUser ?? 20;
  const maxBacklog = options.maxBacklog ?? 5000;
  const openStreams = new Map<number, number>();
  const r = new Hono<AppEnv>();

  r.get('/events', (c) => {
    const user = c.get('user');
    const open = openStreams.get(user.id) ?? 0;
    if (open >= maxStreams) throw new HttpError(429, TOO_MANY_STREAMS, undefined, { 'Retry-After': String(STREAM_SLOT_RETRY_S) });
    openStreams.set(user.id, open + 1);
    const bus = busOf(deps.db);
    // nginx and its kind would otherwise hold the messages back to fill a buffer.
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      let ended = false;
      let end!: () => void;
      const finished = new Promise<void>((resolve) => {
        end = () => {
          ended = true;
          resolve();
        };
      });
      // Writes are chained so messages go out whole and in order; the chain's length is the backlog.
      let backlog = 0;
      let chain: Promise<unknown> = Promise.resolve();
      const send = (text: string) => {
        if (ended) return;
        if (backlog >= maxBacklog) {
          end();
          return;
        }
        backlog += 1;
        chain = chain.then(() => stream.write(text)).finally(() => (backlog -= 1));
      };

      const unsubscribe = bus.subscribe(user.id, (event) => {
        send(`event: ${event.type}\ndata: ${JSON.stringify(wire(event))}\n\n`);
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), heartbeatMs);
      stream.onAbort(end);
      c.req.raw.signal.addEventListener('abort', end, { once: true });
      send(`retry: ${EVENT_STREAM_RETRY_MS}\n: connected\n\n`);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        c.req.raw.signal.removeEventListener('abort', end);
        const left = (openStreams.get(user.id) ?? 1) - 1;
        if (left > 0) openStreams.set(user.id, left);
        else openStreams.delete(user.id);
        // Ends the response even when the client stopped reading (close would wait for it).
        stream.abort();
      }
    });
  });
  return r;
}
