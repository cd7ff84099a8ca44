import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStandInModel } from '../../src/server/test/stand-ins/model';

/*
 * The other side of `npm run bench:chat` (chat-bench.ts), in a process of its own so its CPU is not the
 * service's: the stand-in model (every answer after --model-ms), a tool endpoint (after --tool-ms), and
 * the clients, each conversation sending its messages one after another, all conversations at once.
 * Each message's time is split with the reply's Server-Timing (model;dur, tools;dur): the rest is the
 * service's own. Talks to the parent over IPC.
 */

interface Setup {
  modelMs: number;
  toolMs: number;
}
interface Run {
  api: string;
  token: string;
  conversations: string[];
  messages: number;
  /** Conversation k of n sends its first message k/n of this later: independent users, not one lock-step herd. */
  spreadMs: number;
}
export interface Sample {
  totalMs: number;
  /** The handler's own wall time (Server-Timing total). */
  serverMs: number;
  modelMs: number;
  toolMs: number;
  status: number;
}

function send(m: unknown): void {
  process.send!(m);
}

async function setUp({ modelMs, toolMs }: Setup) {
  // Each message: the model asks for the tool, then answers in words.
  const stand = await startStandInModel({
    fallback: (req) => {
      const last = req.body.messages[req.body.messages.length - 1];
      return last?.role === 'tool'
        ? { text: 'Your appointment is booked for Tuesday at ten.', delayMs: modelMs }
        : { toolCalls: [{ name: 'book', arguments: { day: 'Tuesday', time: '10:00' } }], delayMs: modelMs };
    },
  });
  const tool = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.end('{"booked":true,"id":"b-1"}'), toolMs));
  });
  await new Promise<void>((r) => tool.listen(0, '127.0.0.1', () => r()));
  return { modelUrl: stand.baseUrl, toolUrl: `http://127.0.0.1:${(tool.address() as AddressInfo).port}/book` };
}

async function run({ api, token, conversations, messages, spreadMs }: Run): Promise<Sample[]> {
  const samples: Sample[] = [];
  await Promise.all(
    conversations.map(async (id, k) => {
      if (spreadMs > 0) await new Promise((r) => setTimeout(r, (k * spreadMs) / conversations.length));
      for (let i = 0; i < messages; i++) {
        const t0 = performance.now();
        const res = await fetch(`${api}/conversations/${id}/messages`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ message: `Book me for Tuesday, please (${i}).` }),
        });
        await res.text();
        const totalMs = performance.now() - t0;
        const timing = res.headers.get('server-timing') ?? '';
        const dur = (name: string) => Number(new RegExp(`${name};dur=([0-9.]+)`).exec(timing)?.[1] ?? NaN);
        samples.push({ totalMs, serverMs: dur('total'), modelMs: dur('model'), toolMs: dur('tools'), status: res.status });
      }
    }),
  );
  return samples;
}

process.on('message', (m: { setup?: Setup; run?: Run }) => {
  if (m.setup) void setUp(m.setup).then((urls) => send({ urls }));
  if (m.run) void run(m.run).then((samples) => send({ samples }));
});
send({ ready: true });
