import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connect';
import { publish } from '../src/server/events/bus';
import { installEventBridge } from '../src/server/events/pg-bridge';
import { openEventStream } from '../src/server/test/event-stream';
import { startTestService } from '../src/server/test/harness';
import { callEvent } from '../src/server/events/build';
import { type Figure, percentile, runBench, startBench } from './lib/report';

/*
 * Benchmark (not a test): how long an event takes from publish to a client of GET /user/events, in this
 * process (PGlite or PostgreSQL) and, with TEST_DATABASE_URL, from another database handle through
 * NOTIFY/LISTEN. `npm run bench:events [-- events]`
 */
const N = Number(process.argv[2] ?? 2000);


async function main() {
  const run = startBench('events');
  const figures: Figure[] = [];
  const svc = await startTestService();
  const user = await svc.user();
  const stream = await openEventStream(`${svc.api}/user/events`, user.token);
  const sources: [string, Parameters<typeof publish>[0]][] = [['same process', svc.handle.db]];
  const url = process.env.TEST_DATABASE_URL;
  let other: Awaited<ReturnType<typeof openDatabase>> | undefined;
  if (url) {
    const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(svc.handle.db)).rows[0]!.s;
    other = await openDatabase({ databaseUrl: url, schema });
    await installEventBridge(other.db);
    sources.push(['other handle (NOTIFY)', other.db]);
  }
  for (const [label, db] of sources) {
    run.progress(`${N} events from the ${label}`);
    const sent = new Map<number, number>();
    const base = stream.messages.length;
    const t0 = performance.now();
    // Paced a little, as real changes come: 1 event every 0.5 ms.
    for (let i = 0; i < N; i++) {
      sent.set(i, performance.now());
      publish(db, callEvent({ id: i, user_id: user.id, status: 'ringing', assistant_id: null, campaign_id: null }));
      if (i % 20 === 19) await new Promise((r) => setTimeout(r, 10));
    }
    await stream.next((m) => (JSON.parse(m.data) as { id: number }).id === N - 1 && stream.messages.indexOf(m) >= base, 20_000);
    const arrivals = stream.messages.slice(base).map((m, i) => stream.receivedAt[base + i]! - sent.get((JSON.parse(m.data) as { id: number }).id)!);
    const total = performance.now() - t0;
    const where = `${svc.handle.kind} ${label}`;
    figures.push(
      { name: `${where}: ${N} events`, value: Math.round(total), unit: 'ms' },
      { name: `${where}: delay p50`, value: percentile(arrivals, 50), unit: 'ms' },
      { name: `${where}: delay p95`, value: percentile(arrivals, 95), unit: 'ms' },
      { name: `${where}: delay max`, value: Math.max(...arrivals), unit: 'ms' },
    );
  }
  stream.close();
  await other?.close();
  await svc.close();
  run.finish(figures, { events: N });
}

runBench(main);
