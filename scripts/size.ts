/*
 * `npm run size` (after `vite build`): the JavaScript the console's pages load, counted the way a browser
 * loads it. It starts the real local service on a free port, with a fresh data directory (the demo seed),
 * serving the built console (STATIC_DIR, else dist/), and opens it in Chromium:
 *
 * - the sign-in page, as a first visit without a session: every JS response until the network is quiet
 *   (nothing in flight for QUIET_MS), the chunks loaded after the first paint included. Budget: 110 KB
 *   gzip (aim 100, issue 35) and 10 JS requests.
 * - every console page (the routes of src/app/route-tree.gen.ts, an existing record for each `$id`),
 *   each a first visit with a session in a fresh browser context: the JS it loads beyond the shell (the
 *   JS every console page loads: framework, router, layout), charts and the command palette aside (they
 *   load on demand; chunks named *chart* or *palette*, vite.config.ts names them). Budget: 60 KB each.
 *
 * Sizes only, never times: the same build gives the same figures, so it runs inside `npm test`. Each body
 * is gzipped at level 9; 1 KB = 1000 bytes. Exits 1 over a budget, 2 when it cannot measure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions, type Page, type Request } from '@playwright/test';

const SIGN_IN_BUDGET_KB = 110;
const SIGN_IN_AIM_KB = 100;
const SIGN_IN_MAX_REQUESTS = 10;
const PAGE_BUDGET_KB = 60;
/** Quiet = no request in flight (the live event stream aside) for this long. */
const QUIET_MS = 700;
/** Loaded on demand (a chart, the palette's Ctrl+K): not part of a page's first visit. */
const ON_DEMAND = /(chart|palette)[^/]*\.js$/i;

const { values: args } = parseArgs({ options: { 'sign-in-only': { type: 'boolean', default: false } } });
const root = resolve(import.meta.dirname, '..');
const dist = process.env.STATIC_DIR ? resolve(process.env.STATIC_DIR) : join(root, 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: run \`vite build\` first.`);
  process.exit(2);
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? res(address.port) : rej(new Error('no port'))));
    });
  });
}

/** How `npm start` runs the service: compiled JS when the start script names one, else the sources via tsx. */
function serviceCommand(): [string, string[]] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const compiled = /^node\s+(\S+\.m?js)$/.exec(pkg.scripts?.start?.trim() ?? '')?.[1];
  if (compiled && existsSync(join(root, compiled))) return [process.execPath, [compiled]];
  return [join(root, 'node_modules/.bin/tsx'), ['src/server/cli/start.ts']];
}

/** The service on the demo data, resolved once it listens. */
function startService(port: number, dataDir: string, tokensFile: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TOKENS_FILE: tokensFile,
    STATIC_DIR: dist,
    SEED_DEMO: '1',
    // The same pages every run: no calls played out while measuring, no rate limit in the way.
    BACKGROUND_WORK: '0',
    RATE_LIMIT_PER_MINUTE: '1000000',
  };
  for (const k of ['DATABASE_URL', 'API_UPSTREAM', 'SKIP_STATIC', 'FORCE_BUILD']) delete env[k];
  const [cmd, args] = serviceCommand();
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Voice Console on')) res(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => rej(new Error(`The service exited (${code}):\n${out}`)));
    setTimeout(() => rej(new Error(`The service did not start within 60 s:\n${out}`)), 60_000).unref();
  });
}

function stopService(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    child.removeAllListeners('exit');
    child.on('exit', () => res());
    child.kill('SIGTERM');
  });
}

interface Visit {
  /** Path of each JS file (assets/…) → its gzip size. */
  js: Map<string, number>;
  requests: number;
}

/** One first visit in a fresh context: every JS response until the network is quiet. */
async function visit(browser: Browser, url: string, ready: string, options: BrowserContextOptions = {}): Promise<Visit> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const js = new Map<string, number>();
  const bodies: Promise<void>[] = [];
  let requests = 0;
  const inflight = new Set<Request>();
  let lastChange = Date.now();
  const counts = (r: Request) => !r.url().includes('/user/events');
  page.on('request', (r) => {
    if (!counts(r)) return;
    inflight.add(r);
    lastChange = Date.now();
    if (r.resourceType() === 'script') requests++;
  });
  const ended = (r: Request) => {
    if (inflight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname.replace(/^\//, '');
    bodies.push(
      response.body().then((body) => {
        js.set(path, gzipSync(body, { level: 9 }).length);
      }),
    );
  });
  try {
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await quiet(page, () => inflight.size === 0 && Date.now() - lastChange >= QUIET_MS);
    await Promise.all(bodies);
  } finally {
    await context.close();
  }
  return { js, requests };
}

async function quiet(page: Page, isQuiet: () => boolean) {
  const deadline = Date.now() + 30_000;
  while (!isQuiet()) {
    if (Date.now() > deadline) throw new Error(`${page.url()}: the network did not go quiet within 30 s.`);
    await page.waitForTimeout(100);
  }
}

const sum = (sizes: Iterable<number>) => [...sizes].reduce((s, n) => s + n, 0);

/** The console's pages, from the generated route tree; `$param` routes need a record's id. */
function consolePaths(): string[] {
  const tree = readFileSync(join(root, 'src/app/route-tree.gen.ts'), 'utf8');
  const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)?.[1] ?? '';
  const paths = [...union.matchAll(/'([^']*)'/g)].map((m) => m[1]!.replace(/(.)\/$/, '$1'));
  return [...new Set(paths)].filter((p) => p !== '/' && p !== '/sign-in').sort();
}

/** An existing record for each kind of `$id` page (the demo data has some of each). */
/** `make`: the demo seed has none of these, so one is created (POST with this body) before the page is visited. */
const RECORDS: Record<string, { list: string; pick: (body: unknown) => unknown; make?: { path: string; body: unknown } }> = {
  assistants: { list: '/user/assistants/get', pick: (b) => (b as { data: { id: unknown }[] }).data[0]?.id },
  calls: { list: '/user/calls?limit=1', pick: (b) => (b as { data: { id: unknown }[] }).data[0]?.id },
  campaigns: { list: '/user/campaigns', pick: (b) => (b as { id: unknown }[])[0]?.id },
  leads: { list: '/user/leads', pick: (b) => (b as { id: unknown }[])[0]?.id },
  tools: { list: '/user/tools', pick: (b) => (b as { id: unknown }[])[0]?.id },
  knowledge: {
    list: '/user/knowledgebases',
    pick: (b) => (b as { data: { id: unknown }[] }).data[0]?.id,
    make: { path: '/user/knowledgebases', body: { name: 'Size check' } },
  },
  'numbers/sip-trunks': {
    list: '/user/phone-numbers/sip-trunks',
    pick: (b) => (b as { data: { id: unknown }[] }).data[0]?.id,
    make: {
      path: '/user/phone-numbers/sip-trunks',
      body: { sip_trunk_type: 'extension', phone_number: '1000', sip_username: 'size-check', sip_password: 'size-check', sip_address: 'sip.carrier.example', sip_calling_format: '+e164', inbound_authorization_type: 'auth', country_code: 'DE' },
    },
  },
};

async function withIds(paths: string[], base: string, token: string): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    // The record's kind is the path before its id: `tools`, or `numbers/sip-trunks`.
    const param = /^\/(.+)\/\$\w+$/.exec(p);
    if (!param) {
      out.push(p);
      continue;
    }
    const source = RECORDS[param[1]!];
    if (!source) throw new Error(`scripts/size.ts does not know where to find a record for ${p}: add it to RECORDS.`);
    const auth = { Authorization: `Bearer ${token}` };
    if (source.make) {
      const made = await fetch(`${base}/api${source.make.path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(source.make.body) });
      if (!made.ok) throw new Error(`POST ${source.make.path}: HTTP ${made.status}`);
    }
    const res = await fetch(`${base}/api${source.list}`, { headers: auth });
    const id = source.pick(await res.json());
    if (id === undefined) throw new Error(`No record for ${p} in the demo data.`);
    out.push(`/${param[1]}/${String(id)}`);
  }
  return out;
}

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'vc-size-'));
  const tokensFile = join(work, 'tokens.json');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let service: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    service = await startService(port, join(work, 'data'), tokensFile);
    const token = (JSON.parse(readFileSync(tokensFile, 'utf8')) as { token: string }[])[0]?.token;
    if (!token) throw new Error('The demo seed wrote no token.');
    const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    let failed = false;

    // The sign-in page.
    const signIn = await visit(browser, `${base}/sign-in`, 'input[name="token"]');
    const signInTotal = sum(signIn.js.values());
    const width = Math.max(40, ...[...signIn.js.keys()].map((f) => f.length));
    console.log('The sign-in page loads (gzip):');
    for (const [f, n] of [...signIn.js].sort((a, b) => b[1] - a[1])) console.log(`  ${f.padEnd(width)}  ${kb(n).padStart(9)}`);
    console.log(
      `  ${`${signIn.js.size} files, ${signIn.requests} JS requests`.padEnd(width)}  ${kb(signInTotal).padStart(9)}   (budget ${SIGN_IN_BUDGET_KB} KB and ${SIGN_IN_MAX_REQUESTS} requests, aim ${SIGN_IN_AIM_KB} KB)`,
    );
    if (signInTotal > SIGN_IN_BUDGET_KB * 1000) {
      console.error(`Over budget: the sign-in page loads ${kb(signInTotal)} of JS, the budget is ${SIGN_IN_BUDGET_KB} KB.`);
      failed = true;
    } else if (signInTotal > SIGN_IN_AIM_KB * 1000) console.log(`Within the budget, above the ${SIGN_IN_AIM_KB} KB aim.`);
    if (signIn.requests > SIGN_IN_MAX_REQUESTS) {
      console.error(`Too many requests: the sign-in page makes ${signIn.requests} JS requests, at most ${SIGN_IN_MAX_REQUESTS}.`);
      failed = true;
    }

    if (args['sign-in-only']) return failed ? 1 : 0;

    // Every console page, signed in.
    const session = JSON.stringify({ token, host: null, remember: true, startedAt: new Date(0).toISOString() });
    const storageState = { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'vc.session', value: session }] }] };
    const pages = await withIds(consolePaths(), base, token);
    // Three at a time (each in its own context): sizes do not depend on timing, the run gets shorter.
    const visits: [string, Visit][] = [];
    for (let i = 0; i < pages.length; i += 3) {
      const batch = pages.slice(i, i + 3);
      const done = await Promise.all(batch.map((p) => visit(browser!, `${base}${p}`, '#main-content', { storageState })));
      batch.forEach((p, j) => visits.push([p, done[j]!]));
    }
    const shell = new Set([...visits[0]![1].js.keys()].filter((f) => visits.every(([, v]) => v.js.has(f))));
    const shellSize = sum([...shell].map((f) => visits[0]![1].js.get(f) ?? 0));
    console.log(`\nThe console's shell (what every page loads): ${shell.size} files, ${kb(shellSize)}.`);
    console.log(`A first visit to each page, JS beyond the shell (charts and the palette aside; budget ${PAGE_BUDGET_KB} KB):`);
    const pathWidth = Math.max(...pages.map((p) => p.length));
    for (const [p, v] of visits) {
      const beyond = [...v.js].filter(([f]) => !shell.has(f) && !ON_DEMAND.test(f));
      const onDemand = [...v.js].filter(([f]) => !shell.has(f) && ON_DEMAND.test(f));
      const size = sum(beyond.map(([, n]) => n));
      const aside = onDemand.length ? `   (+ ${kb(sum(onDemand.map(([, n]) => n)))} charts/palette)` : '';
      console.log(`  ${p.padEnd(pathWidth)}  ${kb(size).padStart(9)}  ${String(beyond.length).padStart(2)} files${aside}`);
      if (size > PAGE_BUDGET_KB * 1000) {
        console.error(`    over budget: ${beyond.sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f} ${kb(n)}`).join(', ')}`);
        failed = true;
      }
    }
    return failed ? 1 : 0;
  } finally {
    await browser?.close();
    if (service) await stopService(service);
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
