import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/*
 * A webhook receiver for tests (and the benchmark): a real HTTP server on 127.0.0.1 that verifies every
 * request's Standard Webhooks signature with the standardwebhooks library, as a customer's would.
 */

export interface Received {
  webhookId: string;
  headers: Record<string, string>;
  body: string;
  /** The parsed body when the signature verified; null when it did not. */
  payload: Record<string, unknown> | null;
  verified: boolean;
  verifyError: string | null;
  receivedAt: number;
  /** What the receiver answered (a status, or 'hang' when it never answered). */
  answered: number | 'hang';
}

/** What to answer the n-th request (0-based): a status, 'hang' (never answer), or a delay then a status. */
export type Behaviour = (n: number, req: Received) => number | 'hang' | { status: number; delayMs: number };

export interface TestReceiver {
  url: string;
  port: number;
  received: Received[];
  /** The secret signatures are checked against (set after the service made one). */
  secret: string | null;
  behaviour: Behaviour;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => 200): Promise<TestReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: TestReceiver = {
    url: '',
    port: 0,
    received: [],
    secret: null,
    behaviour,
    waitFor(count, timeoutMs = 15_000) {
      if (state.received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`receiver: ${state.received.length} of ${count} requests after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      let payload: Record<string, unknown> | null = null;
      let verifyError: string | null = null;
      try {
        if (!state.secret) throw new Error('no secret known to the receiver');
        payload = new Webhook(state.secret).verify(body, headers) as Record<string, unknown>;
      } catch (e) {
        verifyError = e instanceof Error ? e.message : String(e);
      }
      const entry: Received = {
        webhookId: headers['webhook-id'] ?? '',
        headers,
        body,
        payload,
        verified: payload !== null,
        verifyError,
        receivedAt: Date.now(),
        answered: 200,
      };
      const n = state.received.length;
      const answer = state.behaviour(n, entry);
      entry.answered = typeof answer === 'object' ? answer.status : answer;
      state.received.push(entry);
      for (const w of waiters.splice(0)) {
        if (state.received.length >= w.count) w.resolve();
        else waiters.push(w);
      }
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      const reply = (status: number) => {
        res.writeHead(status, { 'Content-Type': 'text/plain' });
        res.end(status >= 200 && status < 300 ? 'ok' : `nope ${status}`);
      };
      if (typeof answer === 'object') setTimeout(() => reply(answer.status), answer.delayMs);
      else reply(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}/hook`;
  return state;
}
