import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runBench, startBench } from './lib/report';
import { START_SCRIPT, freePort, serviceProcess, spawnService, startLauncher, treeMemory, waitForApi, type Service, type TreeMemory } from './lib/service';

/*
 * `npm run bench:memory [-- --seconds 20] [--calls 100000]`: the service's resident memory, all of its processes
 * together (the node process's RSS plus the private pages of the processes it started: the eSpeak NG broker;
 * lib/service.ts treeMemory says why not the plain sum of RSS), sampled every 100 ms, compiled as `npm start`
 * runs it, in two settings (issue 15, goal 4; issue 42: the broker counts):
 *  1. the demo data, after start and a round of the console's pages' requests: budget 200 MB (issue 35);
 *  2. the demo data plus 100,000 calls, under 32 connections asking for filtered call-log pages: budget 300 MB.
 * The data folders stay in .tmp/ for the next run (seeding 100,000 calls takes a minute or two).
 * PGLITE_SHARED_BUFFERS, when set, is handed to the service (try 16MB, 64MB…).
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    calls: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '32' },
  },
});
const seconds = Number(values.seconds);
const calls = Number(values.calls);
const connections = Number(values.connections);
const DEMO_BUDGET_MB = 200;
const LOAD_BUDGET_MB = 300;
const root = resolve(import.meta.dirname, '..');
/** `npm start`'s own command line (its node flags included), without npm in front: RSS is the service's. */
const startScript = START_SCRIPT;
const launcher = startLauncher();
const env = (dataDir: string, tokensFile: string) => ({
  DATA_DIR: dataDir,
  TOKENS_FILE: tokensFile,
  SEED_DEMO: '1',
  DATABASE_URL: '',
  API_UPSTREAM: '',
  SKIP_STATIC: '',
  FORCE_BUILD: '',
  RATE_LIMIT_PER_MINUTE: '100000000',
});

/** A data folder with the demo (and `extraCalls` more calls), made once; its demo token. */
async function prepared(name: string, extraCalls: number): Promise<{ dataDir: string; token: string }> {
  const dataDir = resolve(root, '.tmp', name);
  const tokensFile = `${dataDir}.tokens.json`;
  if (!existsSync(tokensFile) || !existsSync(resolve(dataDir, 'PG_VERSION'))) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Preparing ${dataDir} (demo seed${extraCalls ? ` + ${extraCalls.toLocaleString('en-US')} calls` : ''})…`);
    const service = spawnService(launcher, { ...env(dataDir, tokensFile), BACKGROUND_WORK: '0' }, await freePort());
    // The API answers once the database is seeded and the tokens file written.
    await waitForApi(service, performance.now());
    await service.stop();
    if (extraCalls) {
      execFileSync(process.execPath, [resolve(root, 'scripts/run-server.mjs'), 'seed', '--calls', String(extraCalls), '--seed', '1'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: 'inherit',
      });
    }
  }
  const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as { email: string; token: string }[];
  return { dataDir, token: tokens.find((t) => t.email === 'demo@example.com')?.token ?? tokens[0]!.token };
}

function get(agent: Agent, url: string, token: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { agent, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Samples the service's memory (all its processes) every 100 ms while `work` runs: the peak and the last second's median. */
async function sampled(pid: number, work: () => Promise<unknown>): Promise<{ peak: number; steady: number; last: TreeMemory }> {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(treeMemory(pid).footprintMb), 100);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const last = treeMemory(pid);
  samples.push(last.footprintMb);
  const tail = samples.slice(-10).sort((a, b) => a - b);
  return { peak: Math.max(...samples), steady: tail[Math.floor(tail.length / 2)]!, last };
}

/** "service 176 MB RSS + node espeak-broker.mjs 9 MB private (RSS sum 219 MB)". */
function parts(m: TreeMemory): string {
  const [main, ...others] = m.processes;
  const rest = others.map((p) => ` + ${p.name} ${Math.round(p.privateMb)} MB private`).join('');
  return `service ${Math.round(main?.rssMb ?? 0)} MB RSS${rest}; RSS summed ${Math.round(m.rssSumMb)} MB`;
}

function dayAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** What the console asks for as one walks through its pages. */
const BROWSING = [
  '/api/local/info',
  '/api/user/me',
  '/api/user/overview',
  '/api/user/assistants',
  '/api/user/calls',
  '/api/user/calls?page=2',
  '/api/user/calls?status=completed',
  '/api/user/campaigns',
  '/api/user/leads',
  '/api/user/tools',
  '/api/user/phone-numbers/all',
  '/api/user/webhook-deliveries',
  '/api/openapi.json',
];

/** Filtered call-log pages, as a crowd of consoles would ask for them. */
function callLogUrls(base: string): string[] {
  const filters = ['', 'status=completed', 'type=outbound', `date_from=${dayAgo(30)}`, `status=completed&type=outbound&date_from=${dayAgo(14)}`];
  const urls: string[] = [];
  for (const f of filters) for (const page of [1, 2, 5, 20]) urls.push(`${base}/api/user/calls?${f}${f ? '&' : ''}page=${page}`);
  return urls;
}

async function load(service: Service, token: string, urls: string[], concurrency: number, ms: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const statuses: Record<string, number> = {};
  let issued = 0;
  const until = performance.now() + ms;
  async function loop() {
    while (performance.now() < until) {
      const url = urls[issued++ % urls.length]!;
      const status = await get(agent, url, token).catch((e: NodeJS.ErrnoException) => `error ${e.code ?? e.message}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop));
  agent.destroy();
  void service;
  return { requests: issued, statuses };
}

async function measure(name: string, extraCalls: number, run: (s: Service, token: string) => Promise<unknown>) {
  const { dataDir, token } = await prepared(name, extraCalls);
  const service = spawnService(launcher, env(dataDir, ''), await freePort());
  try {
    await waitForApi(service, performance.now());
    const pid = serviceProcess(service);
    const start = treeMemory(pid);
    let detail: unknown;
    const { peak, steady, last } = await sampled(pid, async () => {
      detail = await run(service, token);
    });
    return { atStart: start.footprintMb, peak, steady, detail, startParts: parts(start), lastParts: parts(last) };
  } finally {
    await service.stop();
  }
}

async function main() {
  const run = startBench('memory');
  run.progress(`\`${startScript}\`; PGLITE_SHARED_BUFFERS=${process.env.PGLITE_SHARED_BUFFERS ?? '(default)'}`);

  const demo = await measure('bench-memory-demo', 0, async (service, token) => {
    const agent = new Agent({ keepAlive: true });
    let n = 0;
    // Three rounds through the pages, then a moment for the heap to settle.
    for (let round = 0; round < 3; round++) for (const path of BROWSING) if ((await get(agent, service.url + path, token)) === 200) n++;
    agent.destroy();
    await new Promise((r) => setTimeout(r, 2000));
    return `${n}/${BROWSING.length * 3} pages answered 200`;
  });
  const demoPass = Math.max(demo.peak, demo.steady) <= DEMO_BUDGET_MB;
  run.progress(
    `demo data, all processes: ${Math.round(demo.atStart)} MB after start (${demo.startParts}), peak ${Math.round(demo.peak)} MB while browsing, ${Math.round(demo.steady)} MB after (${demo.lastParts}; ${String(demo.detail)}); budget ${DEMO_BUDGET_MB} MB ${demoPass ? 'PASS' : 'FAIL'}`,
  );

  const big = await measure(`bench-memory-${calls}`, calls, (service, token) =>
    load(service, token, callLogUrls(service.url), connections, seconds * 1000),
  );
  const bigPass = big.peak <= LOAD_BUDGET_MB;
  const d = big.detail as { requests: number; statuses: Record<string, number> };
  run.progress(
    `${calls.toLocaleString('en-US')} calls, ${connections} connections for ${seconds} s, all processes: ${Math.round(big.atStart)} MB after start, peak ${Math.round(big.peak)} MB, steady ${Math.round(big.steady)} MB (${big.lastParts}; ${d.requests} requests, ${Math.round(d.requests / seconds)}/s, ${JSON.stringify(d.statuses)}); budget ${LOAD_BUDGET_MB} MB ${bigPass ? 'PASS' : 'FAIL'}`,
  );
  run.finish(
    [
      { name: 'demo data: memory after start (all processes)', value: Math.round(demo.atStart), unit: 'MB' },
      { name: 'demo data: memory peak while browsing (all processes)', value: Math.round(Math.max(demo.peak, demo.steady)), unit: 'MB', aim: `<= ${DEMO_BUDGET_MB} MB`, pass: demoPass },
      { name: `${calls.toLocaleString('en-US')} calls: memory after start`, value: Math.round(big.atStart), unit: 'MB' },
      { name: `${calls.toLocaleString('en-US')} calls: memory peak under load`, value: Math.round(big.peak), unit: 'MB', aim: `<= ${LOAD_BUDGET_MB} MB`, pass: bigPass },
      { name: `${calls.toLocaleString('en-US')} calls: memory steady`, value: Math.round(big.steady), unit: 'MB' },
      { name: `requests per second (${connections} connections)`, value: Math.round(d.requests / seconds) },
    ],
    { demo, load: { calls, connections, seconds, requests: d.requests, statuses: d.statuses } },
  );
}

runBench(main);
