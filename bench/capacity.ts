import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connect';
import { urlWithSchema } from '../src/server/test/service-process';
import { setUpInboundLine } from '../src/server/test/phone-line';
import { turnTimings } from '../src/server/voice/turn-detector';
import { measureVoiceCpu } from '../src/server/voice/cpu';
import { ask } from './lib/model-child';
import { resolve } from 'node:path';
import { percentile, ROOT, startBench, type Figure } from './lib/report';
import { freePort, startLauncher } from './lib/service';
import type { CallResult } from './lib/voice-load';

/*
 * `npm run bench:capacity` (not a test): how many phone calls one core holds. One service process as `npm start`
 * runs it, pinned to one core (`taskset -c 0`), on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a schema of
 * its own), takes Twilio calls from the stand-ins of bench:voice (bench/lib/voice-load.ts: transcription 150 ms,
 * the model's first token 200 ms, callers saying eSpeak NG phrases and barging in), which run pinned to the other
 * core (`taskset -c 1`). Steps of 10, 20, 40, 60, 80, … calls at once, each for --seconds, until voice to voice
 * p95 passes 800 ms or what the service adds (voice to voice − the endpointing pause − the stand-ins' delays −
 * the turn's measured TTS time) passes 100 ms at p95. PostgreSQL is not pinned (it is on the machine, as a
 * deployment's would be on its own).
 *
 *   npm run bench:capacity
 *   npm run bench:capacity -- --steps 10,20,40,60,80,100 --seconds 45 --stt-ms 150 --first-token-ms 200
 *   npm run bench:capacity -- --tts stand-in      (speech from a stand-in on the load core, not eSpeak NG on the service's)
 *   npm run bench:capacity -- --curve-to-ms 1500   (steps on past the bound while voice to voice p95 < 1500 ms: the curve)
 *   npm run bench:capacity -- --profile     (the service under --cpu-prof: test-results/capacity-prof/*.cpuprofile,
 *                                             written when it stops; open it in Chrome's DevTools or speedscope)
 *
 * Figures: calls per core at the bound (the last step within both aims), memory per call (the service's RSS at
 * the step's peak minus its idle RSS, over the calls), CPU per call-minute (the service's user + system time over
 * the step's call-minutes) with voice/cpu.ts's breakdown by part (detector, speech resampling, ambient, recording,
 * measured in this process), and the curve: each step's voice-to-voice p50/p95, added p95, RSS and CPU, as
 * figures (`v2v p95 @ 20 calls`) that `npm run bench:record -- capacity` keeps and plots.
 */

const { values: opts } = parseArgs({
  options: {
    steps: { type: 'string', default: '10,20,40,60,80,100,120' },
    seconds: { type: 'string', default: '45' },
    'stt-ms': { type: 'string', default: '150' },
    'first-token-ms': { type: 'string', default: '200' },
    'endpoint-sensitivity': { type: 'string', default: '5' },
    'stagger-ms': { type: 'string', default: '150' },
    'service-core': { type: 'string', default: '0' },
    'load-core': { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    // `stand-in`: speech from a TTS stand-in on the load core (TTS_BASE_URL) instead of eSpeak NG in the service's
    // own broker on its core: the service's own capacity, apart from its fallback voice's.
    tts: { type: 'string', default: 'espeak' },
    // Past the bound too, for the curve, while voice to voice p95 stays under this (ms; 0: stop at the bound).
    'curve-to-ms': { type: 'string', default: '0' },
  },
});
const STEPS = opts.steps.split(',').map(Number).filter((n) => n > 0);
const SECONDS = Number(opts.seconds);
const STT_MS = Number(opts['stt-ms']);
const FIRST_TOKEN_MS = Number(opts['first-token-ms']);
const ENDPOINT = Number(opts['endpoint-sensitivity']);
const AIMS = { v2vP95Ms: 800, addedP95Ms: 100, callsPerCore: 50, mbPerCall: 5 };
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const bench = startBench('capacity');
const log = (line: string) => bench.progress(line);
const round = (v: number) => Math.round(v);

/** The process's resident memory (kB → MB) and CPU time (ms), from /proc. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Entry {
  sender: string;
  timestamp: string;
  latency_ms?: number;
  tts_ms?: number;
}

interface Step {
  calls: number;
  turns: number;
  unanswered: number;
  v2vP50: number;
  v2vP95: number;
  addedP95: number;
  rssPeakMb: number;
  mbPerCall: number;
  cpuMsPerCallMinute: number;
  within: boolean;
}

/** `taskset -c CORE command…` where taskset exists (Linux); else the command alone, said in the output. */
function pinned(core: string, command: string[]): string[] {
  return process.platform === 'linux' ? ['taskset', '-c', core, ...command] : command;
}

async function main() {
  if (!DATABASE_URL) throw new Error('bench:capacity needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres');
  if (cpus().length < 2) log('Only one core: the callers and the service share it, so the figures are low.');
  const schema = `bcap_${randomBytes(4).toString('hex')}`;
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, schema });
  const [load0, ...loadRest] = pinned(opts['load-core'], [process.execPath, '--import', 'tsx', fileURLToPath(new URL('./lib/voice-load.ts', import.meta.url))]);
  const child: ChildProcess = spawn(load0!, loadRest, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let service: ChildProcess | null = null;
  try {
    await ask(child, null, 'ready');
    const standInTts = opts.tts === 'stand-in';
    const urls = await ask<{ stt: string; model: string; twilio: string; tts: string | null }>(
      child,
      { setup: { sttMs: STT_MS, firstTokenMs: FIRST_TOKEN_MS, ...(standInTts ? { ttsMs: 20 } : {}) } },
      'urls',
    );
    const number = await ask<{ phone: string; sid: string; token: string }>(child, { number: true }, 'number');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const launcher = startLauncher();
    // The profile covers the whole run; the steps near the bound dominate it (they hold the most calls longest).
    if (opts.profile) launcher.splice(1, 0, '--cpu-prof', '--cpu-prof-dir', resolve(ROOT, 'test-results/capacity-prof'));
    const [cmd0, ...cmdRest] = pinned(opts['service-core'], launcher);
    service = spawn(cmd0!, cmdRest, {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SKIP_STATIC: '1',
        SEED_DEMO: '0',
        DATABASE_URL: urlWithSchema(DATABASE_URL, schema),
        DATABASE_POOL_SIZE: '10',
        LLM_BASE_URL: urls.model,
        STT_BASE_URL: urls.stt,
        ...(urls.tts ? { TTS_BASE_URL: urls.tts } : {}),
        TWILIO_API_BASE_URL: urls.twilio,
        SECRET_KEY: 'capacity-bench-secret-key-0123456789',
        PUBLIC_URL: origin,
        ALLOW_PRIVATE_URLS: '1',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = service.pid!;
    await new Promise<void>((ready, fail) => {
      let out = '';
      service!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('API at ')) ready();
      });
      service!.once('exit', (code) => fail(new Error(`the service exited (${code}):\n${out}`)));
    });
    // The Twilio stand-in's number, imported through the API; the assistant as bench:voice's.
    const line = { phone: number.phone, account: { sid: number.sid, token: number.token } };
    const { assistantId } = await setUpInboundLine(handle.db, `${origin}/api`, line);
    await handle.db
      .updateTable('assistants')
      .set({ system_prompt: 'You are the support line of Acme.', endpoint_sensitivity: String(ENDPOINT), allow_interruptions: true, max_silence_duration: 30 })
      .where('id', '=', assistantId)
      .execute();
    const timings = turnTimings({ endpointSensitivity: ENDPOINT, endpointType: 'vad', interruptSensitivity: 2.5 });
    // One warm-up call loads the detector (onnxruntime, Silero) before the idle memory is read.
    await ask<CallResult[]>(child, { run: { phone: number.phone, calls: 1, seconds: 12, staggerMs: 0 } }, 'results');
    await new Promise((r) => setTimeout(r, 2_000));
    const idleMb = rssMb(pid);
    log(`service pid ${pid} on core ${opts['service-core']}, callers and stand-ins on core ${opts['load-core']}; speech: ${standInTts ? 'the TTS stand-in (load core)' : 'eSpeak NG (service core)'}; idle RSS ${idleMb.toFixed(0)} MB; steps ${STEPS.join(', ')} × ${SECONDS} s; load ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);

    const steps: Step[] = [];
    for (const calls of STEPS) {
      let peak = rssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 500);
      const cpu0 = cpuMs(pid);
      const results = await ask<CallResult[]>(child, { run: { phone: number.phone, calls, seconds: SECONDS, staggerMs: Number(opts['stagger-ms']) } }, 'results');
      const cpu = cpuMs(pid) - cpu0;
      clearInterval(sampler);
      // The records written (hand-back) before the next step; their entries give each turn's TTS time.
      const sids = results.map((r) => r.sid);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const open = await handle.db.selectFrom('calls').select('id').where('provider_call_id', 'in', sids).where('talk_lease', 'is not', null).execute();
        if (open.length === 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const rows = await handle.db.selectFrom('calls').select(['provider_call_id', 'transcript']).where('provider_call_id', 'in', sids).execute();
      const v2v: number[] = [];
      const added: number[] = [];
      let turns = 0;
      let unanswered = 0;
      for (const r of results) {
        const entries = ((rows.find((row) => row.provider_call_id === r.sid)?.transcript ?? []) as Entry[]).filter((e) => e.sender === 'bot' && e.latency_ms !== undefined);
        for (const t of r.turns) {
          turns += 1;
          if (t.firstSoundMs === null) {
            unanswered += 1;
            continue;
          }
          const ms = t.firstSoundMs - t.voicedEndMs;
          v2v.push(ms);
          const at = r.startedAt + t.firstSoundMs;
          const entry = entries.find((e) => Math.abs(Date.parse(e.timestamp) - at) < 300);
          if (entry) added.push(ms - timings.pauseMs - STT_MS - FIRST_TOKEN_MS - (entry.tts_ms ?? 0));
        }
      }
      const callMinutes = results.reduce((s, r) => s + r.durationMs, 0) / 60_000;
      // An unanswered turn counts as a miss: the bound is passed if more than 5% of turns go unanswered.
      const v2vP95 = unanswered / Math.max(1, turns) > 0.05 ? Infinity : percentile(v2v, 95);
      const step: Step = {
        calls,
        turns,
        unanswered,
        v2vP50: round(percentile(v2v, 50)),
        v2vP95: round(v2vP95),
        addedP95: round(percentile(added, 95)),
        rssPeakMb: round(peak),
        mbPerCall: Math.round(((peak - idleMb) / calls) * 10) / 10,
        cpuMsPerCallMinute: round(cpu / callMinutes),
        within: false,
      };
      step.within = step.v2vP95 <= AIMS.v2vP95Ms && step.addedP95 <= AIMS.addedP95Ms;
      steps.push(step);
      log(
        `${calls} calls: ${turns} turns (${unanswered} unanswered), voice to voice p50 ${step.v2vP50} / p95 ${step.v2vP95} ms, added p95 ${step.addedP95} ms, ` +
          `RSS peak ${step.rssPeakMb} MB (${step.mbPerCall} MB a call), CPU ${step.cpuMsPerCallMinute} ms per call-minute, load ${(loadavg()[0] ?? 0).toFixed(2)}${step.within ? '' : ': past the bound'}`,
      );
      if (!step.within && !(step.v2vP95 < Number(opts['curve-to-ms']))) break;
    }

    // The last step before the first past the bound (a later step back within it, on the curve, is noise).
    const firstPast = steps.findIndex((s) => !s.within);
    const bound = (firstPast === -1 ? steps.at(-1) : steps[firstPast - 1]) ?? null;
    const breakdown = await measureVoiceCpu(20);
    const figures: Figure[] = [
      { name: 'calls per core at the bound', value: bound?.calls ?? 0, unit: 'calls', aim: `>= ${AIMS.callsPerCore}`, pass: (bound?.calls ?? 0) >= AIMS.callsPerCore },
      { name: 'memory per call', value: bound?.mbPerCall ?? NaN, unit: 'MB', aim: `<= ${AIMS.mbPerCall} MB`, pass: bound ? bound.mbPerCall <= AIMS.mbPerCall : null },
      { name: 'CPU per call-minute (service)', value: bound?.cpuMsPerCallMinute ?? steps[0]?.cpuMsPerCallMinute ?? NaN, unit: 'ms' },
      { name: 'CPU per call-minute: detector', value: breakdown.detectorMs, unit: 'ms' },
      { name: 'CPU per call-minute: speech resampling', value: breakdown.speechResampleMs, unit: 'ms' },
      { name: 'CPU per call-minute: ambient', value: breakdown.ambientMs, unit: 'ms' },
      { name: 'CPU per call-minute: recording', value: breakdown.recordingMs, unit: 'ms' },
      { name: 'idle RSS', value: round(idleMb), unit: 'MB' },
      ...steps.flatMap((s): Figure[] => [
        { name: `v2v p95 @ ${s.calls} calls`, value: s.v2vP95, unit: 'ms' },
        { name: `added p95 @ ${s.calls} calls`, value: s.addedP95, unit: 'ms' },
        { name: `RSS @ ${s.calls} calls`, value: s.rssPeakMb, unit: 'MB' },
      ]),
    ];
    bench.finish(figures, {
      steps,
      idle_rss_mb: round(idleMb),
      seconds: SECONDS,
      stand_ins: { stt_ms: STT_MS, first_token_ms: FIRST_TOKEN_MS, speech: standInTts ? 'TTS stand-in, 20 ms' : 'eSpeak NG in the service' },
      endpointing_pause_ms: timings.pauseMs,
      cpu_breakdown_per_call_minute: breakdown,
      cores: cpus().length,
    });
  } finally {
    child.send({ stop: true });
    const exited = service && service.exitCode === null ? new Promise((r) => service!.once('exit', r)) : null;
    service?.kill('SIGINT');
    // A profile is written as the service exits.
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handle.db);
    await handle.close();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
