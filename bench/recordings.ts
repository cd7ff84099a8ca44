/*
 * Benchmark of recording renders (not a test): the CPU a minute of spoken recording costs, with eSpeak NG
 * and with a TTS endpoint. Calls of about a minute (a turn every ~5 s, the two sides alternating) are queued
 * and rendered by the service's own worker (recordings/worker.ts) into an in-memory PGlite, as
 * `npm start` renders them: synthesis, resampling to 8 kHz, mixing, the WAV written to the database.
 *
 *   npm run bench:recordings                     # both engines, 5 calls each, embedded PGlite in memory
 *   npm run bench:recordings -- --calls 10 --engine espeak-ng
 *   DATABASE_URL=postgres://… npm run bench:recordings   # in a schema of its own, dropped after
 *
 * Per engine: the service process's CPU per minute of audio (process.cpuUsage), the eSpeak NG processes'
 * (their user+system time, /proc/self/stat cutime/cstime, as the service waits for each), the wall time per
 * minute and the real-time factor. The TTS endpoint is the stand-in of the tests (test/stand-ins/speech.ts) in a
 * child process of its own, so its synthesis is not counted as the service's: a real TTS server's cost is
 * its own (a GPU or another machine), what is measured is what the service adds (HTTP, WAV reading,
 * resampling, storing). Results also go to test-results/recordings-bench.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { issueToken } from '../src/server/auth/tokens';
import { openDatabase, type Db } from '../src/server/db/connect';
import { toDbTimestamp } from '../src/server/db/time';
import { queueRecording } from '../src/server/recordings/queue';
import { renderDueRecordings } from '../src/server/recordings/worker';
import { chooseSpeech } from '../src/server/speech/select';
import type { SpeechSource } from '../src/server/speech/speech';
import { insertAssistant, insertCall } from '../src/server/test/fixtures';
import { startStandInTts } from '../src/server/test/stand-ins/speech';
import { figuresOf, runBench, startBench } from './lib/report';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '5' },
    engine: { type: 'string', default: 'all' },
    'serve-tts': { type: 'boolean', default: false },
  },
});

const LINES = {
  bot: [
    'Good morning, this is Lena from Acme Dental. I am calling about your appointment next Tuesday.',
    'Of course. We have openings on Wednesday at ten and on Thursday at half past two.',
    'Thursday at half past two is booked for you. You will get a reminder the day before.',
    'Is there anything else I can help you with today?',
  ],
  human: [
    'Hello, yes. I was going to call you, actually. I need to move it.',
    'Thursday afternoon would be better for me.',
    'Great, thank you very much.',
    'No, that was all. Goodbye.',
  ],
} as const;

/** A call of about a minute: twelve turns, five seconds apart. */
function transcript(answered: number) {
  return Array.from({ length: 12 }, (_, i) => {
    const sender = i % 2 === 0 ? 'bot' : 'human';
    const lines = LINES[sender];
    return { sender, text: lines[Math.floor(i / 2) % lines.length] ?? '', timestamp: new Date(answered + i * 5_000).toISOString() };
  });
}

/** User and system CPU of this process's waited-for children (eSpeak NG), in ms. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

async function round(name: string, speech: SpeechSource, calls: number) {
  const url = process.env.DATABASE_URL;
  const schema = url ? `bench_recordings_${Date.now()}` : undefined;
  const handle = await openDatabase(url ? { databaseUrl: url, schema } : { dataDir: 'memory://' });
  const db: Db = handle.db;
  const { userId } = await issueToken(db, `bench-${name}@example.com`);
  const assistant = await insertAssistant(db, userId, { record: true });
  for (let i = 0; i < calls; i++) {
    const answered = Date.now() - 120_000;
    const id = await insertCall(db, userId, { assistant_id: assistant.id, duration: 60, answered_at: toDbTimestamp(new Date(answered)), transcript: JSON.stringify(transcript(answered)), recording_key: crypto.randomUUID() });
    await queueRecording(db, id);
  }
  const cpu0 = process.cpuUsage();
  const child0 = childrenCpuMs();
  const t0 = performance.now();
  let rendered = 0;
  while (rendered < calls) {
    const n = await renderDueRecordings(db, new Date(), { speech, budgetMs: 600_000 });
    if (n === 0) break;
    rendered += n;
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const childMs = childrenCpuMs() - child0;
  const rows = await db.selectFrom('call_recordings').select(['audio_ms', 'render_ms', 'status', 'last_error']).execute();
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(db);
  await handle.close();
  const failed = rows.filter((r) => r.status !== 'done');
  if (failed.length > 0) throw new Error(`${name}: ${failed.length} renders failed: ${failed[0]?.last_error ?? ''}`);
  const minutes = rows.reduce((s, r) => s + (r.audio_ms ?? 0), 0) / 60_000;
  const serviceMs = (cpu.user + cpu.system) / 1000;
  return {
    engine: name,
    database: handle.kind,
    calls: rendered,
    audio_minutes: Number(minutes.toFixed(2)),
    service_cpu_ms_per_minute: Math.round(serviceMs / minutes),
    espeak_cpu_ms_per_minute: Math.round(childMs / minutes),
    wall_ms_per_minute: Math.round(wallMs / minutes),
    realtime_factor: Number((minutes * 60_000 / wallMs).toFixed(1)),
  };
}

/** The stand-in TTS server in a child process of its own (its CPU is not the service's). */
function ttsChild(): Promise<{ child: ChildProcess; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--serve-tts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve({ child, baseUrl: String((m as { baseUrl: string }).baseUrl) }));
    child.once('error', reject);
  });
}

async function main() {
  if (args['serve-tts']) {
    const tts = await startStandInTts();
    process.send?.({ baseUrl: tts.baseUrl });
    return;
  }
  const bench = startBench('recordings');
  const calls = Number(args.calls);
  const results = [];
  if (args.engine === 'all' || args.engine === 'espeak-ng') {
    const speech = await chooseSpeech({ tts: null, espeakPath: process.env.ESPEAK_NG_PATH || 'espeak-ng', timeoutMs: 60_000 });
    if (!speech) bench.progress('eSpeak NG: not installed, skipped');
    else bench.progress(`rendering ${calls} calls with eSpeak NG`);
    if (speech) results.push(await round('espeak-ng', speech, calls));
  }
  if (args.engine === 'all' || args.engine === 'tts') {
    const { child, baseUrl } = await ttsChild();
    try {
      const speech = await chooseSpeech({ tts: { baseUrl, apiKey: undefined, model: 'tts-1', voiceAssistant: 'alloy', voiceCustomer: 'echo' }, espeakPath: '', timeoutMs: 60_000 });
      bench.progress(`rendering ${calls} calls with the TTS stand-in`);
      if (speech) results.push(await round('tts (stand-in, 24 kHz)', speech, calls));
    } finally {
      child.kill();
    }
  }
  bench.finish(
    results.flatMap((r) => figuresOf(r).map((f) => ({ ...f, name: `${r.engine}: ${f.name}` }))),
    { results },
  );
}

runBench(main);
