import { createParser, type EventSourceMessage } from 'eventsource-parser';

/*
 * A client of GET /user/events for tests: the stream read with fetch and eventsource-parser, as the
 * console reads it, with a way to wait for the message a test expects.
 */

export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every message so far, in order. */
  messages: EventSourceMessage[];
  /** performance.now() when each message arrived (benchmarks). */
  receivedAt: number[];
  comments: string[];
  retry: number | undefined;
  /** The first message (already here or still to come) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (m: EventSourceMessage) => boolean, timeoutMs?: number): Promise<EventSourceMessage>;
  /** The data of the messages so far, parsed. */
  data(): Record<string, unknown>[];
  /** Drops the connection, as a closed tab does. */
  close(): void;
  /** Settles when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
}

export async function openEventStream(url: string, token: string): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: abort.signal });
  const messages: EventSourceMessage[] = [];
  const receivedAt: number[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  let wake: (() => void)[] = [];
  const notify = () => {
    const waiting = wake;
    wake = [];
    for (const w of waiting) w();
  };
  const parser = createParser({
    onEvent: (m) => {
      messages.push(m);
      receivedAt.push(performance.now());
    },
    onComment: (c) => comments.push(c),
    onRetry: (ms) => (retry = ms),
  });
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        notify();
      }
    } catch {
      // Aborted by close(), or the server went away: either way the stream is over.
    } finally {
      done = true;
      notify();
    }
  })();

  const stream: OpenStream = {
    status: res.status,
    headers: res.headers,
    messages,
    receivedAt,
    comments,
    get retry() {
      return retry;
    },
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      let seen = 0;
      for (;;) {
        for (; seen < messages.length; seen++) if (match(messages[seen]!)) return messages[seen]!;
        if (done) throw new Error(`The stream ended without the message; got ${JSON.stringify(messages)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No such message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    data: () => messages.map((m) => JSON.parse(m.data) as Record<string, unknown>),
    close: () => abort.abort(),
    ended,
  };
  return stream;
}

/** Waits until `check` holds, polling (for what the server does after a client leaves). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
