import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { healthSchema } from '../../contract/ops';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { DRAINING_MESSAGE } from '../live-calls/sockets';
import { TWILIO_MEDIA_PATH } from '../telephony/twilio/provider';
import { ASK, askAndHear as ask, dialAndGreet as dial, freePort, GREETING, phoneServiceEnv, setUpInboundLine, startPhoneStandIns, type PhoneStandIns } from '../test/phone-line';
import { startServiceProcess, urlWithSchema, type ServiceProcess } from '../test/service-process';
import type { StandInCall } from '../test/stand-ins/twilio';
import { until } from '../test/until';
import { LIVE_RECORDING_ENGINE } from '../voice/call-record';

/*
 * deploy/haproxy.cfg as it is, in front of two service processes (`npm start`'s entry point) on one PostgreSQL
 * schema, with phone calls through the Twilio stand-in (its webhooks and media streams go to HAProxy's address,
 * PUBLIC_URL): the calls land on both processes. One process is killed (SIGKILL) during live calls: its calls'
 * streams drop, and within the hold's lease (30 s) they end with what was said kept in their transcripts and
 * their real recordings as kept at their last heartbeat (voice/call-record.ts's checkpoints); the
 * other process's calls go on answering; new calls go to the survivor. Then a third process joins and the
 * survivor gets a SIGTERM: it drains (health 503, new sockets refused, its live calls answered to their end)
 * and exits once they hang up, while new calls go to the newcomer.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const root = resolve(import.meta.dirname, '../../..');
// Debian's package puts it in /usr/sbin, which is not on every user's PATH.
const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';

const services: ServiceProcess[] = [];
let lb: ChildProcess | undefined;
let handle: DatabaseHandle | undefined;
let schema: string | undefined;
let line: PhoneStandIns | undefined;

afterAll(async () => {
  for (const s of services) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  lb?.kill('SIGKILL');
  await line?.close();
  if (handle && schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
  await handle?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const origin = (s: ServiceProcess) => s.api.replace(/\/api$/, '');
const servicesOutput = () => services.map((s) => s.output.slice(-20).join('')).join('\n---\n');

async function health(s: ServiceProcess): Promise<{ code: number; live: number; status: string }> {
  const res = await fetch(`${origin(s)}/healthz`);
  const body = healthSchema.parse(await res.json());
  return { code: res.status, live: body.live_calls, status: body.status };
}

const dialAndGreet = (i: number) => dial(line!, i, servicesOutput);
const askAndHear = async (call: StandInCall) => {
  const heard = await ask(line!, call);
  if (!heard) {
    const row = await handle?.db.selectFrom('calls').select(['transcript', 'status']).where('provider_call_id', '=', call.sid).executeTakeFirst();
    const loud = call.received.filter((f) => f.level > 0.01).map((f) => f.atMs);
    console.error(`No answer on ${call.sid} (closed ${call.closeCode}, now ${call.now()} ms, said ${JSON.stringify(call.said.map((x) => [x.onsetMs, x.voicedEndMs]))}, last loud ${loud.at(-1)}, clears ${JSON.stringify(call.clears)}, status ${row?.status}, transcript ${JSON.stringify(row?.transcript)})\n${servicesOutput()}`);
  }
  return heard;
};
const isClosed = (call: StandInCall) => call.closeCode !== null;

describe('two service processes behind HAProxy (deploy/haproxy.cfg)', () => {
  it.skipIf(!pgUrl)(pgUrl ? 'lose one to SIGKILL during live calls, drain the other on SIGTERM' : 'skipped: needs TEST_DATABASE_URL', async () => {
    const url = pgUrl ?? '';
    schema = `tlb_${randomBytes(5).toString('hex')}`;
    handle = await openDatabase({ databaseUrl: url, schema });
    const db = handle.db;
    line = await startPhoneStandIns();
    const lbPort = await freePort();
    const lbUrl = `http://127.0.0.1:${lbPort}`;
    const env = phoneServiceEnv(line, urlWithSchema(url, schema), lbUrl);
    const start = async (more: Record<string, string> = {}) => {
      const s = await startServiceProcess({ ...env, ...more });
      services.push(s);
      await until('the service to be ready', async () => (await health(s)).code === 200, 30_000);
      return s;
    };
    const [a, b] = await Promise.all([start(), start()]);
    const hostPort = (s: ServiceProcess) => new URL(s.api).host;
    const lbOutput: string[] = [];
    // A retry (CI) starts its own: the first attempt's HAProxy is ended here, not left running past afterAll.
    lb?.kill('SIGKILL');
    lb = spawn(HAPROXY, ['-db', '-f', resolve(root, 'deploy/haproxy.cfg')], {
      env: { ...process.env, LB_BIND: `127.0.0.1:${lbPort}`, SERVICE_1: hostPort(a), SERVICE_2: hostPort(b) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    lb.stdout?.on('data', (c: Buffer) => lbOutput.push(c.toString()));
    lb.stderr?.on('data', (c: Buffer) => lbOutput.push(c.toString()));
    await until('HAProxy to answer', () => fetch(`${lbUrl}/healthz`).then((r) => r.status === 200, () => false), 20_000).catch((e: unknown) => {
      throw new Error(`${String(e)}\n${lbOutput.join('')}`);
    });
    // The metrics are not served through the shared address.
    expect((await fetch(`${lbUrl}/metrics`)).status).toBe(404);

    // The API through the load balancer: the number imported, the assistant on it.
    const { assistantId } = await setUpInboundLine(db, `${lbUrl}/api`, line);

    // Six calls, spread over both processes (leastconn).
    const calls: StandInCall[] = [];
    for (let i = 0; i < 6; i++) calls.push(await dialAndGreet(i));
    for (const call of calls) expect(await askAndHear(call)).toBe(true);
    const [ha, hb] = await Promise.all([health(a), health(b)]);
    expect(ha.live + hb.live).toBe(6);
    expect(ha.live).toBeGreaterThan(0);
    expect(hb.live).toBeGreaterThan(0);

    // SIGKILL: A's streams drop, B's go on.
    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    await until("the killed process's streams to close", () => calls.filter(isClosed).length === ha.live, 10_000);
    const lost = calls.filter(isClosed);
    const kept = calls.filter((c) => !isClosed(c));
    expect(kept).toHaveLength(hb.live);
    for (const call of kept) expect(await askAndHear(call)).toBe(true);

    // New calls go to the survivor once HAProxy has seen A fail its checks (2 × 1 s).
    await sleep(3_000);
    const later = [await dialAndGreet(10), await dialAndGreet(11)];
    expect((await health(b)).live).toBe(kept.length + 2);

    // The killed process's calls end within the lease (30 s) with what was said; none stays live.
    const sidsLost = lost.map((c) => c.sid);
    const ended = await until(
      "the killed process's calls to end",
      async () => {
        const rows = await db.selectFrom('calls').selectAll().where('provider_call_id', 'in', sidsLost).execute();
        return rows.length === sidsLost.length && rows.every((r) => r.status !== 'in-progress' && r.status !== 'ended' && r.talk_lease === null) ? rows : null;
      },
      75_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(75_000);
    for (const row of ended) {
      const texts = (row.transcript as { sender: string; text: string }[]).map((e) => `${e.sender}: ${e.text}`);
      expect(texts).toContain(`bot: ${GREETING}`);
      expect(texts).toContain(`human: ${ASK}`);
    }

    // Their real audio as their records kept it at a heartbeat before the kill (engine 'live'), never rendered over.
    const lostIds = ended.map((r) => r.id);
    const recordings = await until(
      "the killed process's calls' recordings",
      async () => {
        const rows = await db.selectFrom('call_recordings').select(['call_id', 'status', 'engine', 'audio_ms']).where('call_id', 'in', lostIds).execute();
        return rows.length === lostIds.length && rows.every((r) => r.status === 'done') ? rows : null;
      },
      60_000,
      250,
    );
    for (const r of recordings) {
      expect(r.engine).toBe(LIVE_RECORDING_ENGINE);
      expect(r.audio_ms).toBeGreaterThan(5_000);
    }

    // A process takes the killed one's place (its address, as a supervisor restarts it); then B drains on SIGTERM.
    const c = await start({ PORT: new URL(a.api).port });
    await sleep(3_000);
    const onB = [...kept, ...later];
    expect((await health(b)).live).toBe(onB.length);
    const bExit = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
    b.child.kill('SIGTERM');
    await until('B to say it drains', async () => (await health(b)).status === 'draining', 10_000);
    expect((await fetch(`${origin(b)}/healthz`)).status).toBe(503);
    // A socket straight to B is refused with the reason.
    const refused = await new Promise<{ status: number; body: string }>((done) => {
      const ws = new WebSocket(`ws://${hostPort(b)}${TWILIO_MEDIA_PATH}`);
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      });
      ws.on('open', () => done({ status: 101, body: '' }));
    });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({ message: DRAINING_MESSAGE });
    // New calls land on C; B's live calls are still answered.
    await sleep(2_500);
    const onC = await dialAndGreet(30);
    expect((await health(c)).live).toBe(1);
    for (const call of onB) expect(await askAndHear(call)).toBe(true);
    expect(b.child.exitCode).toBeNull();
    // They hang up: B exits, its calls ended as the callers ended them.
    for (const call of onB) await call.hangUp();
    expect(await Promise.race([bExit, sleep(30_000).then(() => 'still running')])).toBe(0);
    const drained = await db.selectFrom('calls').select(['status', 'talk_state']).where('provider_call_id', 'in', onB.map((x) => x.sid)).execute();
    expect(drained).toHaveLength(onB.length);
    for (const row of drained) expect(row.status).not.toBe('in-progress');

    // Every call ends once hung up: none stays live.
    await onC.hangUp();
    await until(
      'every call to end',
      async () => {
        const open = await db.selectFrom('calls').select('id').where('assistant_id', '=', assistantId).where((eb) => eb.or([eb('status', 'in', ['in-progress', 'ended']), eb('talk_lease', 'is not', null)])).execute();
        return open.length === 0;
      },
      75_000,
    );
  }, 420_000);
});
