/*
 * Benchmark of GET /api/user/calls at one connection (not a test): every filter the console offers, alone
 * and combined, and the pages a person reaches (first, next, deep, middle, last), each N requests in a
 * row; p50/p95 of the HTTP request against issue 15's 50 ms.
 *
 *   npm run bench:call-queries                                   # PGlite, .tmp/bench-call-log (100k calls)
 *   DATABASE_URL=postgres://…/calls1m npm run bench:call-queries -- --calls 1000000   # PostgreSQL, seeded once
 *   npm run bench:call-queries -- --url http://127.0.0.1:8080 --token vc_…   # a service already running
 *   … -- --only status,last --n 20
 * Figures also go to test-results/call-queries.json.
 */
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareData, root, startService, stopService, type BenchData } from './lib/call-data';
import { percentile, runBench, startBench } from './lib/report';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8196' },
    calls: { type: 'string', default: '100000' },
    n: { type: 'string', default: '50' },
    url: { type: 'string' },
    token: { type: 'string' },
    dir: { type: 'string' },
    only: { type: 'string' },
  },
});

const GOAL_MS = 50;
const WARMUP = 3;
const databaseUrl = process.env.DATABASE_URL || undefined;
const data: BenchData = {
  workDir: resolve(root, args.dir ?? (databaseUrl ? '.tmp/bench-call-log-pg' : '.tmp/bench-call-log')),
  port: Number(args.port),
  databaseUrl,
};

const run = startBench('call-queries');
const log = run.progress;

interface Envelope {
  total: number;
  last_page: number;
  data: { assistant_id: number | null; campaign_id: number | null; client_phone_number: string; status: string; type: string }[];
}


function day(now: Date, daysAgo: number): string {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() - daysAgo);
  return d.toISOString().slice(0, 10);
}

/** The value seen most often in the rows. */
function commonest<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

async function main() {
  let service: ChildProcess | null = null;
  let base = args.url?.replace(/\/+$/, '');
  let token = args.token;
  if (!base) {
    token = await prepareData(data, Number(args.calls), log);
    log(`Starting the local service on port ${data.port}…`);
    service = await startService(data, { RATE_LIMIT_PER_MINUTE: '1000000', SEED_DEMO: '0', SKIP_STATIC: '1' });
    base = `http://127.0.0.1:${data.port}`;
  }
  if (!token) throw new Error('--token is needed with --url.');
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const get = async (query: Record<string, string>): Promise<{ ms: number; body: Envelope }> => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/user/calls?${new URLSearchParams(query).toString()}`, { headers });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET /user/calls?${new URLSearchParams(query).toString()} answered ${res.status}: ${text.slice(0, 300)}`);
    return { ms, body: JSON.parse(text) as Envelope };
  };

  try {
    // The filters' values from the log itself: the commonest assistant, campaign and caller of recent calls.
    const recent = (await get({ per_page: '100' })).body;
    const outbound = (await get({ per_page: '100', type: 'outbound' })).body;
    const assistant = commonest(recent.data.map((c) => c.assistant_id).filter((v): v is number => v !== null));
    const campaign = commonest(outbound.data.map((c) => c.campaign_id).filter((v): v is number => v !== null));
    const phone = commonest(recent.data.map((c) => c.client_phone_number));
    const lastPage = recent.total === 0 ? 1 : Math.ceil(recent.total / 15);
    const now = new Date();
    log(`Calls in the log: ${recent.total.toLocaleString('en-US')}; assistant ${assistant}, campaign ${campaign}, phone ${phone}`);

    const scenarios: [string, Record<string, string>][] = [
      ['first page', {}],
      ['next page (2)', { page: '2' }],
      ['deep page (1000)', { page: '1000' }],
      ['middle page', { page: String(Math.ceil(lastPage / 2)) }],
      ['last page', { page: String(lastPage) }],
      ['status', { status: 'completed' }],
      ['status (rare)', { status: 'busy' }],
      ['type', { type: 'inbound' }],
      ['status+type', { status: 'failed', type: 'outbound' }],
      ['date range (7 days)', { date_from: day(now, 7), date_to: day(now, 1) }],
      ['date_from (30 days)', { date_from: day(now, 30) }],
      ['status+type+date_from', { status: 'completed', type: 'outbound', date_from: day(now, 30) }],
      ['status, middle page', { status: 'completed', page: '0' }],
      ['status, last page', { status: 'completed', page: '-1' }],
    ];
    if (assistant !== undefined) {
      scenarios.push(['assistant', { assistant_id: String(assistant) }]);
      scenarios.push(['assistant+status+date_from', { assistant_id: String(assistant), status: 'completed', date_from: day(now, 14) }]);
      scenarios.push(['assistant+status (rare)+type', { assistant_id: String(assistant), status: 'no-answer', type: 'inbound' }]);
    }
    if (campaign !== undefined) {
      scenarios.push(['campaign', { campaign_id: String(campaign) }]);
      scenarios.push(['campaign+type+date_to, page 5', { campaign_id: String(campaign), type: 'outbound', date_to: day(now, 7), page: '5' }]);
      scenarios.push(['campaign+status+date range', { campaign_id: String(campaign), status: 'completed', date_from: day(now, 20), date_to: day(now, 5) }]);
    }
    if (phone !== undefined) {
      scenarios.push(['phone number', { phone_number: phone }]);
      scenarios.push(['phone number+status', { phone_number: phone, status: 'completed' }]);
    }
    scenarios.push(['every filter but phone', {
      ...(assistant !== undefined && { assistant_id: String(assistant) }),
      ...(campaign !== undefined && { campaign_id: String(campaign) }),
      status: 'completed',
      type: 'outbound',
      date_from: day(now, 30),
      date_to: day(now, 2),
    }]);
    const only = args.only?.split(',').map((s) => s.trim().toLowerCase());
    const chosen = only ? scenarios.filter(([name]) => only.some((o) => name.toLowerCase().includes(o))) : scenarios;

    const n = Math.max(1, Number(args.n));
    const results: { scenario: string; query: Record<string, string>; total: number; p50: number; p95: number; max: number; pass: boolean }[] = [];
    log(`\nGET /api/user/calls, one connection, ${n} requests per scenario (after ${WARMUP}), ${databaseUrl ? 'PostgreSQL' : args.url ? args.url : 'PGlite'}; goal p95 <= ${GOAL_MS} ms`);
    for (const [name, raw] of chosen) {
      const query = { ...raw };
      // 0: the middle page of that filter, -1: its last page (known only once its total is).
      if (query.page === '0' || query.page === '-1') {
        const { total } = (await get({ ...query, page: '1' })).body;
        const last = Math.max(1, Math.ceil(total / 15));
        query.page = String(query.page === '0' ? Math.ceil(last / 2) : last);
      }
      let total = 0;
      for (let i = 0; i < WARMUP; i++) total = (await get(query)).body.total;
      const ms: number[] = [];
      for (let i = 0; i < n; i++) ms.push((await get(query)).ms);
      const p95 = percentile(ms, 95);
      const r = { scenario: name, query, total, p50: percentile(ms, 50), p95, max: Math.max(...ms), pass: p95 <= GOAL_MS };
      results.push(r);
      log(
        `${r.pass ? 'PASS' : 'FAIL'} ${name.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(0).padStart(5)} ms  total ${total.toLocaleString('en-US').padStart(9)}  ${new URLSearchParams(query).toString()}`,
      );
    }
    run.finish(
      results.map((r) => ({ name: `${r.scenario}: p95`, value: Number(r.p95.toFixed(1)), unit: 'ms', aim: `<= ${GOAL_MS} ms`, pass: r.pass })),
      { database: databaseUrl ? 'postgres' : args.url ? args.url : 'pglite', requests_per_scenario: n, results },
    );
  } finally {
    if (service) await stopService(service);
  }
}

runBench(main);
