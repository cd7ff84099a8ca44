/*
 * Benchmark of webhook deliveries (not a test): 1,000 finished calls with the post-call webhook on, sent
 * by the service's own background work (engine/runner.ts, ENGINE_TICK_MS as `npm start` runs it) to a
 * receiver on 127.0.0.1 that verifies every signature with the standardwebhooks library.
 *
 *   npm run bench:webhooks                         # embedded PGlite in memory
 *   DATABASE_URL=postgres://… npm run bench:webhooks
 *   npm run bench:webhooks -- --calls 1000 --rate 100 --tick 250
 *
 * Two rounds:
 *   burst   a backlog: all calls end while nothing sends (as after a restart), then the background work
 *           starts: deliveries per second while it drains;
 *   steady  calls end at --rate per second while the background work runs: the delay from a call's end
 *           (the moment its transaction commits) to the receiver's receipt, p50/p95/max.
 * Each call ends as the engine ends one: the call row written, then enqueueCallWebhooks in the same
 * transaction.
 *
 * Figures of 23 Nov 2026, 1,000 calls, tick 250 ms, 2 cores shared with other jobs (load average ~3.5):
 *   PGlite      burst 389 deliveries/s; steady 100 calls/s: delay p50 201 ms, p95 272 ms, max 567 ms
 *   PostgreSQL  burst 512 deliveries/s; steady 100 calls/s: delay p50 155 ms, p95 244 ms, max 263 ms
 * (At load average 12, PGlite fell to ~100 deliveries/s and could not keep up with 80 calls/s: the
 * embedded database runs on the event loop of the process that also sends.) Every delivery verified, none
 * received twice.
 */
import { parseArgs } from 'node:util';
import { issueToken } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { toDbTimestamp } from '../src/server/db/time';
import { systemClock } from '../src/server/engine/clock';
import { startBackgroundWork } from '../src/server/engine/runner';
import { insertAssistant } from '../src/server/test/fixtures';
import { enqueueCallWebhooks } from '../src/server/webhooks/enqueue';
import { webhookSecretOf } from '../src/server/webhooks/secret';
import { startReceiver } from '../src/server/test/stand-ins/webhook-receiver';
import type { Db } from '../src/server/db/connect';
import { type Figure, percentile, runBench, startBench } from './lib/report';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '100' },
    tick: { type: 'string', default: process.env.ENGINE_TICK_MS || '250' },
  },
});
// PUBLIC_URL, WEBHOOK_TIMEOUT_MS, WEBHOOK_LEASE_MS as the service reads them.
const config = loadConfig();
const N = Number(args.calls);
const RATE = Number(args.rate);
const TICK = Number(args.tick);


async function endCall(db: Db, userId: number, assistantId: number, i: number): Promise<{ webhookIds: string[]; endedAt: number }> {
  const now = systemClock.now();
  const ts = toDbTimestamp(now);
  return db.transaction().execute(async (trx) => {
    const call = await trx
      .insertInto('calls')
      .values({
        user_id: userId,
        assistant_id: assistantId,
        assistant_name: 'Bench',
        type: 'outbound',
        status: 'completed',
        duration: 30 + (i % 90),
        assistant_phone_number: '+4930555000',
        client_phone_number: `+1202555${String(1000 + (i % 9000)).padStart(4, '0')}`,
        transcript: JSON.stringify([
          { sender: 'assistant', text: 'Hello, this is the bench.', timestamp: '0' },
          { sender: 'user', text: 'Hi!', timestamp: '1' },
        ]),
        variables: JSON.stringify({ name: `Lead ${i}` }),
        evaluation: '{}',
        finished_at: ts,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueCallWebhooks(trx, call, 'ended', now, config.publicUrl);
    const rows = await trx.selectFrom('webhook_deliveries').select('webhook_id').where('call_id', '=', call.id).execute();
    return { webhookIds: rows.map((r) => r.webhook_id), endedAt: now.getTime() };
  });
}

async function main() {
  const bench = startBench('webhooks');
  const figures: Figure[] = [];
  const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' });
  const db = handle.db;
  const { userId } = await issueToken(db, `bench-${Date.now()}@example.com`);
  const receiver = await startReceiver(() => 200);
  receiver.secret = await webhookSecretOf(db, userId);
  const { id: assistantId } = await insertAssistant(db, userId);
  await db.updateTable('assistants').set({ is_webhook_active: true, webhook_url: receiver.url }).where('id', '=', assistantId).execute();
  const start = () =>
    startBackgroundWork(db, {
      clock: systemClock,
      tickMs: TICK,
      allowPrivateWebhooks: true,
      publicUrl: config.publicUrl,
      webhookTimeoutMs: config.webhookTimeoutMs,
      webhookLeaseMs: config.webhookLeaseMs,
    });
  bench.progress(`Webhook deliveries: ${N} calls, ${handle.kind}, tick ${TICK} ms, receiver ${receiver.url}`);

  const report = (name: string, ended: Map<string, number>, from: number, note: string) => {
    const got = receiver.received.filter((r) => ended.has(r.webhookId));
    const tEnd = Math.max(...got.map((r) => r.receivedAt));
    const delays = got.map((r) => r.receivedAt - ended.get(r.webhookId)!).sort((a, b) => a - b);
    const bad = got.filter((r) => !r.verified).length;
    const dupes = got.length - new Set(got.map((r) => r.webhookId)).size;
    const seconds = (tEnd - from) / 1000;
    figures.push(
      { name: `${name}: deliveries a second`, value: Math.round(got.length / seconds) },
      { name: `${name}: delay from call end, p50`, value: percentile(delays, 50), unit: 'ms' },
      { name: `${name}: delay from call end, p95`, value: percentile(delays, 95), unit: 'ms' },
      { name: `${name}: unverified`, value: bad, aim: '0', pass: bad === 0 },
      { name: `${name}: duplicates`, value: dupes, aim: '0', pass: dupes === 0 },
    );
    bench.progress(
      `${name.padEnd(7)} ${got.length} deliveries in ${((tEnd - from) / 1000).toFixed(2)} s ${note}: ${(got.length / ((tEnd - from) / 1000)).toFixed(0)} deliveries/s; ` +
        `delay from call end p50 ${percentile(delays, 50)} ms, p95 ${percentile(delays, 95)} ms, max ${delays.at(-1)} ms; unverified ${bad}, duplicates ${dupes}`,
    );
  };

  // Burst: the calls end while no process sends (a backlog, as after a restart), then sending starts.
  {
    bench.progress(`burst: ending ${N} calls while nothing sends`);
    const ended = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const { webhookIds, endedAt } = await endCall(db, userId, assistantId, i);
      for (const id of webhookIds) ended.set(id, endedAt);
    }
    const before = receiver.received.length;
    const t0 = Date.now();
    const work = start();
    await receiver.waitFor(before + N, 600_000);
    await work.stop();
    report('burst', ended, t0, '(backlog drained from the start of sending; delay includes the wait in the backlog)');
  }

  // Steady: calls end at --rate a second while the background work runs.
  {
    const work = start();
    const ended = new Map<string, number>();
    const before = receiver.received.length;
    const t0 = Date.now();
    for (let i = 0; i < N; i++) {
      const wait = t0 + (i * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { webhookIds, endedAt } = await endCall(db, userId, assistantId, i);
      for (const id of webhookIds) ended.set(id, endedAt);
    }
    const endedIn = (Date.now() - t0) / 1000;
    await receiver.waitFor(before + N, 600_000);
    await work.stop();
    report('steady', ended, t0, `(calls ended over ${endedIn.toFixed(2)} s, asked ${RATE}/s, got ${(N / endedIn).toFixed(0)}/s)`);
  }

  await receiver.close();
  await handle.close();
  bench.finish(figures, { calls: N, database: handle.kind, tick_ms: TICK, rate: RATE });
}

runBench(main);
