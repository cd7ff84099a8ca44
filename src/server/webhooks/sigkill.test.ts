import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../auth/tokens';
import { openDatabase } from '../db/connect';
import { TestClock } from '../engine/clock';
import { request } from '../test/harness';
import { webhookSecretOf } from './secret';
import { startReceiver, type TestReceiver } from '../test/stand-ins/webhook-receiver';
import { callAt, webhookAssistant } from './test-support';

/*
 * The outbox survives SIGKILL: deliveries are put in the database (embedded, or PostgreSQL), the real service (`npm start`'s
 * entry) starts sending them to a slow receiver, is killed with SIGKILL half-way, and is started again.
 * Every delivery ends delivered; one recorded delivered before the kill is never sent again; one that was
 * in flight at the kill may arrive twice (the receiver answered, the record did not happen), never more.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const N = 48;
const children: ChildProcess[] = [];
let receiver: TestReceiver | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'wh-sigkill-'));
// On the PostgreSQL project the service runs on a database of its own on that server; else on PGlite.
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const dbName = `wh_kill_${randomBytes(4).toString('hex')}`;
const serviceDbUrl = pgUrl ? withDatabase(pgUrl, dbName) : undefined;
const open = () => openDatabase(serviceDbUrl ? { databaseUrl: serviceDbUrl } : { dataDir });

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (pgUrl) await admin(`CREATE DATABASE ${dbName}`);
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.pid) killGroup(c, 'SIGKILL');
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  // npx → tsx → node: the whole process group, or the service itself would live on.
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolvePort(port));
    });
    s.on('error', reject);
  });
}

async function startService(port: number): Promise<ChildProcess> {
  // Node with tsx's loader, not npx: npx resolves and starts npm first (a second or more a start).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/start.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SKIP_STATIC: '1',
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      ALLOW_PRIVATE_WEBHOOKS: '1',
      ENGINE_TICK_MS: '50',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_LEASE_MS: '7000',
      DATABASE_URL: serviceDbUrl ?? '',
      TEST_DATABASE_URL: '',
    },
  });
  children.push(child);
  let out = '';
  await new Promise<void>((ok, fail) => {
    const t = setTimeout(() => fail(new Error(`service did not start:\n${out}`)), 60_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Voice Console on')) {
        clearTimeout(t);
        ok();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => fail(new Error(`service exited (${code}):\n${out}`)));
  });
  return child;
}

async function deliveredIds(): Promise<Set<string>> {
  const handle = await open();
  try {
    const rows = await handle.db.selectFrom('webhook_deliveries').select(['webhook_id', 'status', 'attempts']).execute();
    return new Set(rows.filter((r) => r.status === 'delivered').map((r) => r.webhook_id));
  } finally {
    await handle.close();
  }
}

describe('SIGKILL with deliveries pending', () => {
  it('delivers each after a restart, never again once recorded delivered', { timeout: 180_000 }, async () => {
    // The second half is not answered until the kill (the service gives up on each after WEBHOOK_TIMEOUT_MS
    // and retries 5 s later): however late a loaded machine gets to the kill, the first service cannot
    // have sent them all. After the kill every request is answered.
    let killed = false;
    receiver = await startReceiver((n) => (killed || n < N / 2 ? { status: 200, delayMs: 400 } : 'hang'));
    // The outbox is filled before the service starts (PGlite's data dir is one process's at a time).
    // On PostgreSQL the same order keeps the test alike.
    const handle = await open();
    const { userId, token } = await issueToken(handle.db, 'kill@example.com');
    receiver.secret = await webhookSecretOf(handle.db, userId);
    const assistant = await webhookAssistant(handle.db, userId, { is_webhook_active: true, webhook_url: receiver.url });
    const clock = new TestClock(Date.now() - 1000);
    for (let i = 0; i < N; i++) await callAt(handle.db, clock, userId, assistant);
    const all = await handle.db.selectFrom('webhook_deliveries').select('webhook_id').execute();
    expect(all).toHaveLength(N);
    await handle.close();

    const port = await freePort();
    const first = await startService(port);
    // Half-way: some recorded delivered, some in flight, some not yet claimed.
    await receiver.waitFor(N / 2, 60_000);
    killGroup(first, 'SIGKILL');
    await new Promise<void>((ok) => (first.exitCode !== null || first.signalCode !== null ? ok() : first.once('exit', () => ok())));
    killed = true;
    // The service sends many at once: all 48 may have arrived by now, but not all were answered.
    const answeredAtKill = receiver.received.filter((r) => r.answered !== 'hang').length;
    expect(answeredAtKill).toBeLessThan(N);

    const recordedBeforeKill = await deliveredIds();
    expect(recordedBeforeKill.size).toBeGreaterThan(0);
    expect(recordedBeforeKill.size).toBeLessThan(N);

    const second = await startService(port);
    const api = `http://127.0.0.1:${port}/api`;
    const deadline = Date.now() + 90_000;
    let delivered = 0;
    while (Date.now() < deadline) {
      const res = await request(api, 'GET', '/user/webhook-deliveries?status=delivered&per_page=1', undefined, { Authorization: `Bearer ${token}` });
      delivered = res.body?.total ?? 0;
      if (delivered === N) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(delivered).toBe(N);
    killGroup(second, 'SIGTERM');
    await new Promise<void>((ok) => (second.exitCode !== null ? ok() : second.once('exit', () => ok())));

    // Receipts the receiver accepted (answered 200); the unanswered ones before the kill were attempts the
    // service gave up on and retried, as it should.
    const counts = new Map<string, number>();
    for (const r of receiver.received) if (r.answered !== 'hang') counts.set(r.webhookId, (counts.get(r.webhookId) ?? 0) + 1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // Every delivery arrived …
    expect(all.filter((d) => !counts.has(d.webhook_id))).toEqual([]);
    // … one recorded delivered before the kill exactly once …
    expect([...recordedBeforeKill].filter((id) => counts.get(id) !== 1)).toEqual([]);
    // … and the others at most twice (answered at the kill before the service recorded it, then again).
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    expect(await deliveredIds()).toEqual(new Set(all.map((d) => d.webhook_id)));
  });
});
