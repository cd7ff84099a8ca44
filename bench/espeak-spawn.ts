/*
 * `npm run bench:espeak-spawn -- [MB]`: how long eSpeak NG's process spawns block the event
 * loop of a process as big as the service. The process first takes ~500 MB (onnxruntime with the Silero model,
 * PGlite, and a Buffer touched page by page), then synthesizes 20 sentences two ways while
 * monitorEventLoopDelay samples every 5 ms: "direct" spawns espeak-ng from this process (what espeak.ts did),
 * "broker" goes through espeak-broker.mjs (what it does now). Prints max and p99 delay for each, as every bench
 * reports (bench/lib/report.ts: progress lines, a table of figures, the load, test-results/espeak-spawn.json).
 */
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { espeakSource, probeEspeak, stopEspeakBroker } from '../src/server/speech/espeak';
import { sileroVad } from '../src/server/voice/vad';
import { type Figure, runBench, startBench } from './lib/report';

const SENTENCES = Array.from({ length: 20 }, (_, i) => `This is sentence number ${i + 1}, spoken while other calls wait for their audio.`);

function direct(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', ['-v', 'en-us+f3', '-b', '1', '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
    child.stdin.end(text);
  });
}

const bench = startBench('espeak-spawn');
/** Each way's worst figures over its rounds (ms). */
const worst = new Map<string, { sentences: number; max: number; p99: number; mean: number }>();

async function measure(label: string, speak: (text: string) => Promise<unknown>) {
  // Sequential, one sentence after another, as one call speaks: each spawn's block shows on its own.
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const sentences = label === 'start' ? SENTENCES.slice(0, 1) : SENTENCES;
  const t0 = performance.now();
  for (const s of sentences) await speak(s);
  const ms = performance.now() - t0;
  h.disable();
  const f = (ns: number) => (ns / 1e6).toFixed(1);
  bench.progress(`${label.padEnd(7)} ${String(sentences.length).padStart(2)} sentences in ${ms.toFixed(0)} ms  event-loop delay max ${f(h.max)} ms  p99 ${f(h.percentile(99))} ms  mean ${f(h.mean)} ms`);
  const was = worst.get(label);
  const ms1 = (ns: number) => Math.round(ns / 1e5) / 10;
  worst.set(label, { sentences: sentences.length, max: Math.max(was?.max ?? 0, ms1(h.max)), p99: Math.max(was?.p99 ?? 0, ms1(h.percentile(99))), mean: Math.max(was?.mean ?? 0, ms1(h.mean)) });
}

async function main() {
  const mb = Number(process.argv[2] ?? 300);
  bench.progress(`loading the Silero model, PGlite and ${mb} MB of ballast`);
  await sileroVad();
  const db = new PGlite();
  await db.query('select 1');
  const ballast = Buffer.alloc(mb * 1024 * 1024);
  for (let i = 0; i < ballast.length; i += 4096) ballast[i] = 1;
  const rss = () => `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`;
  bench.progress(`rss ${rss()}`);

  const install = await probeEspeak('espeak-ng');
  if (!install) throw new Error('espeak-ng is not installed');
  const source = espeakSource(install, 10_000);
  const viaBroker = (text: string) => source.synthesize({ text, language: 'en', voice: 'assistant' });
  await direct('warm up');
  await viaBroker('warm up');
  for (let round = 0; round < 2; round++) {
    await measure('direct', direct);
    await measure('broker', viaBroker);
  }
  // The broker's own start, lazily on the first synthesis: one fork of the big process, once.
  for (let i = 0; i < 3; i++) {
    stopEspeakBroker();
    await measure('start', async () => {
      stopEspeakBroker();
      await viaBroker('First sentence.');
    });
  }
  stopEspeakBroker();
  await db.close();
  const figures: Figure[] = [...worst].flatMap(([label, w]) => [
    { name: `${label}: event-loop delay max (worst round)`, value: w.max, unit: 'ms' },
    { name: `${label}: event-loop delay p99 (worst round)`, value: w.p99, unit: 'ms' },
  ]);
  bench.finish(figures, { ballast_mb: mb, sentences: SENTENCES.length, ways: Object.fromEntries(worst) });
}

runBench(main);
