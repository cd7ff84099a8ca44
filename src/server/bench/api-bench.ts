import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { issueToken } from '../auth/tokens';
import { openDatabase, type Db, type DatabaseHandle } from '../db/connect';
import { generateCalls } from '../seed/calls';
import { DEMO_EMAIL, seedDemo } from '../seed/demo';
import { startServer } from '../serve';

/*
 * `npm run bench:api`: GET /user/calls with three filters on 100,000 calls, under 32 connections, beside
 * the bare SQL of the same count and page queries, so the HTTP/JSON share shows. A fresh embedded
 * database in a temp dir (or a schema of its own on DATABASE_URL), the demo seed plus the large seed,
 * the real server on a free port. Figures go to the console and to test-results/api.json.
 *
 * Options: --calls 100000 --requests 2000 --concurrency 32 --warmup 200 --sql-runs 50 [--data-dir DIR]
 */

const { values: opts } = parseArgs({
  options: {
    calls: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '200' },
    'sql-runs': { type: 'string', default: '50' },
    /** Keep the seeded database here and reuse it on the next run (the seed is skipped when it is there). */
    'data-dir': { type: 'string' },
  },
});
const CALLS = Number(opts.calls);
const REQUESTS = Number(opts.requests);
const CONCURRENCY = Number(opts.concurrency);
const WARMUP = Number(opts.warmup);
const SQL_RUNS = Number(opts['sql-runs']);
const PER_PAGE = 15;

interface Scenario {
  name: string;
  /** The query string as the console would send it. */
  query: Record<string, string>;
}

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return {
    p50: q(50),
    p95: q(95),
    p99: q(99),
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    max: sorted.at(-1) ?? NaN,
  };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const day = (now: Date, daysBack: number) => new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);

// ---- load: a worker thread with its own event loop, so the client does not queue behind the server ----

const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { urls, token, requests, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
function get(url) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers: { Authorization: 'Bearer ' + token, Accept: 'application/json' } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => { bytes += c.length; });
      res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
(async () => {
  const latencies = [];
  const statuses = {};
  let issued = 0;
  let bytes = 0;
  const t0 = performance.now();
  async function loop() {
    while (issued < requests) {
      const url = urls[issued % urls.length];
      issued++;
      try {
        const r = await get(url);
        latencies.push(r.ms);
        statuses[r.status] = (statuses[r.status] || 0) + 1;
        bytes += r.bytes;
      } catch (e) {
        const key = 'error ' + (e.code || e.message);
        statuses[key] = (statuses[key] || 0) + 1;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop));
  const wallMs = performance.now() - t0;
  agent.destroy();
  parentPort.postMessage({ latencies, statuses, wallMs, bytes });
})().catch((e) => { throw e; });
`;

interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  wallMs: number;
  bytes: number;
}

function load(urls: string[], token: string, requests: number, concurrency: number): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { urls, token, requests, concurrency } });
    worker.once('message', (m: LoadResult) => done(m));
    worker.once('error', fail);
  });
}

// ---- the bare SQL: the endpoint's count and page queries, straight through Kysely ----

function filtered(db: Db, userId: number, q: Record<string, string>) {
  let query = db.selectFrom('calls').where('user_id', '=', userId);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.assistant_id) query = query.where('assistant_id', '=', Number(q.assistant_id));
  if (q.campaign_id) query = query.where('campaign_id', '=', Number(q.campaign_id));
  if (q.date_from) query = query.where('created_at', '>=', `${q.date_from} 00:00:00`);
  if (q.date_to) {
    const next = new Date(`${q.date_to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    query = query.where('created_at', '<', `${next.toISOString().slice(0, 10)} 00:00:00`);
  }
  return query;
}

async function bareSql(db: Db, userId: number, q: Record<string, string>): Promise<{ total: number; rows: number; ms: number }> {
  const t0 = performance.now();
  const page = Number(q.page ?? '1');
  const { total } = await filtered(db, userId, q)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, userId, q)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PER_PAGE)
    .offset((page - 1) * PER_PAGE)
    .execute();
  return { total: Number(total), rows: rows.length, ms: performance.now() - t0 };
}

// ---- the run ----

async function openFresh(): Promise<{ handle: DatabaseHandle; where: string; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const handle = await openDatabase({ databaseUrl: url, schema });
    return {
      handle,
      where: `PostgreSQL ${handle.location} (schema ${schema})`,
      cleanup: async () => {
        await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
        await handle.close();
      },
    };
  }
  const keep = opts['data-dir'];
  if (keep) {
    const handle = await openDatabase({ dataDir: resolve(keep) });
    return { handle, where: `PGlite in ${resolve(keep)} (kept)`, cleanup: () => handle.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'vc-bench-'));
  const handle = await openDatabase({ dataDir: dir });
  return {
    handle,
    where: `PGlite in ${dir}`,
    cleanup: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const t0 = performance.now();
  const { handle, where, cleanup } = await openFresh();
  const { db } = handle;
  console.log(`Database: ${where}`);
  try {
    let t = performance.now();
    let demoSeedMs = 0;
    let largeSeedMs = 0;
    const seeded = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
    if (!seeded) {
      await seedDemo(db);
      demoSeedMs = performance.now() - t;
      console.log(`Demo seed: ${(demoSeedMs / 1000).toFixed(1)} s`);
    }
    const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const { token } = await issueToken(db, DEMO_EMAIL, 'bench');

    if (!seeded) {
      t = performance.now();
      let shown = 0;
      await generateCalls(db, demo.id, CALLS, {
        seed: 99,
        onProgress(done, total) {
          if (done - shown >= total / 10 || done === total) {
            shown = done;
            process.stdout.write(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} calls, ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
          }
        },
      });
      largeSeedMs = performance.now() - t;
      console.log(`Large seed: ${CALLS.toLocaleString('en-US')} calls in ${(largeSeedMs / 1000).toFixed(1)} s`);
    } else {
      console.log('Reusing the seeded database.');
    }
    // Statistics and the visibility map, as autovacuum would leave them on a server after a bulk load:
    // without the map a count cannot use an index-only scan (measured: 314 ms -> 92 ms for the first scenario).
    await sql`VACUUM ANALYZE calls`.execute(db);
    const { n: userCalls } = await db
      .selectFrom('calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', demo.id)
      .executeTakeFirstOrThrow();
    console.log(`The demo user has ${Number(userCalls).toLocaleString('en-US')} calls.`);

    // The filters' ids: the busiest inbound assistant, the running campaign.
    const assistant = await db
      .selectFrom('calls')
      .select(['assistant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', demo.id)
      .where('type', '=', 'inbound')
      .groupBy('assistant_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('user_id', '=', demo.id)
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const scenarios: Scenario[] = [
      { name: 'status+type+date_from', query: { status: 'completed', type: 'outbound', date_from: day(now, 30) } },
      { name: 'assistant+status+date_from', query: { assistant_id: String(assistant.assistant_id), status: 'completed', date_from: day(now, 14) } },
      { name: 'campaign+type+date_to, page 5', query: { campaign_id: String(campaign.id), type: 'outbound', date_to: day(now, 7), page: '5' } },
    ];

    const server = await startServer({ db, port: 0, host: '127.0.0.1', rateLimitPerMinute: 1_000_000_000 });
    const base = `http://127.0.0.1:${server.port}/api/user/calls`;
    const results: Record<string, unknown>[] = [];
    try {
      const probe = await fetch(`${base}?per_page=1`, { headers: { Authorization: `Bearer ${token}` } });
      if (probe.status !== 200) {
        throw new Error(`GET /api/user/calls answered ${probe.status}: the calls endpoint is not ready, nothing to measure.`);
      }
      for (const s of scenarios) {
        const url = `${base}?${new URLSearchParams(s.query).toString()}`;
        const first = (await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
          total: number;
          data: unknown[];
        };
        const direct = await bareSql(db, demo.id, s.query);
        if (first.total !== direct.total || first.data.length !== direct.rows) {
          throw new Error(`${s.name}: the endpoint says ${first.total} calls / ${first.data.length} rows, the SQL ${direct.total} / ${direct.rows}`);
        }
        await load([url], token, WARMUP, CONCURRENCY);
        const run = await load([url], token, REQUESTS, CONCURRENCY);
        const http = stats(run.latencies);
        // The bare SQL alone, one at a time, after a few warm-ups.
        for (let i = 0; i < 5; i++) await bareSql(db, demo.id, s.query);
        const sqlTimes: number[] = [];
        for (let i = 0; i < SQL_RUNS; i++) sqlTimes.push((await bareSql(db, demo.id, s.query)).ms);
        const bare = stats(sqlTimes);
        // One request alone, for the per-request cost without queueing.
        const single = await load([url], token, 50, 1);
        results.push({
          scenario: s.name,
          query: s.query,
          matching_calls: direct.total,
          requests: REQUESTS,
          concurrency: CONCURRENCY,
          statuses: run.statuses,
          http_ms: http,
          requests_per_second: (REQUESTS / run.wallMs) * 1000,
          response_bytes_mean: run.bytes / REQUESTS,
          http_single_connection_p50_ms: stats(single.latencies).p50,
          sql_count_plus_page_ms: { p50: bare.p50, p95: bare.p95, runs: SQL_RUNS },
        });
      }
    } finally {
      await server.close();
    }

    const rows = results.map((r) => {
      const h = r.http_ms as Stats;
      const b = r.sql_count_plus_page_ms as { p50: number };
      return {
        scenario: String(r.scenario),
        matching: Number(r.matching_calls).toLocaleString('en-US'),
        p50: ms(h.p50),
        p95: ms(h.p95),
        p99: ms(h.p99),
        rps: (r.requests_per_second as number).toFixed(0),
        single: ms(r.http_single_connection_p50_ms as number),
        sql: ms(b.p50),
      };
    });
    console.log(`\nGET /api/user/calls, ${REQUESTS} requests per scenario at ${CONCURRENCY} connections (after ${WARMUP} warm-up), ${handle.kind}:`);
    console.table(rows);
    console.log('p50/p95/p99: latency under load; single: p50 with one connection; sql: count + page query p50 straight through Kysely.');

    const out = resolve(import.meta.dirname, '../../../test-results/api.json');
    mkdirSync(resolve(out, '..'), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: handle.kind,
          node: process.version,
          calls_seeded: seeded ? null : CALLS,
          demo_user_calls: Number(userCalls),
          demo_seed_ms: seeded ? null : Math.round(demoSeedMs),
          large_seed_ms: seeded ? null : Math.round(largeSeedMs),
          per_page: PER_PAGE,
          results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Written to ${out} (total ${((performance.now() - t0) / 1000).toFixed(0)} s).`);
  } finally {
    await cleanup();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
