import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

/*
 * The one output convention of every benchmark (`npm run bench:NAME`):
 *   - progress lines while it seeds and works: `[bench:NAME 12 s] seeding 100,000 calls`
 *   - at the end a table of its figures, each with its aim and PASS/FAIL where an aim exists
 *   - the machine's load average during the run (1-minute figure at the start, its highest, at the end),
 *     so a slow figure on a busy machine reads as such
 *   - test-results/NAME.json: the same figures and load, the date, commit and Node, plus the bench's details.
 * A FAIL sets the exit code to 1. Nothing here measures: the benches measure, this only reports.
 */

export interface Figure {
  /** What was measured, e.g. "first page, median". */
  name: string;
  value: number | string;
  unit?: string;
  /** The aim in words, e.g. "<= 1500 ms"; absent: a figure for the record. */
  aim?: string;
  /** Whether the aim was met; null or absent: not judged here. */
  pass?: boolean | null;
}

export interface LoadAverage {
  start: number;
  max: number;
  end: number;
}

export interface BenchRun {
  name: string;
  /** A progress line, with the seconds since the start. */
  progress(line: string): void;
  /** The load average so far (1-minute figures). */
  load(): LoadAverage;
  /** Print the figures table and the load, write test-results/NAME.json; true when no figure failed. */
  finish(figures: Figure[], details?: Record<string, unknown>): boolean;
}

export const ROOT = resolve(import.meta.dirname, '../..');

const oneMinute = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function formatValue(f: Figure): string {
  const v = typeof f.value === 'number' ? (Number.isInteger(f.value) ? f.value.toLocaleString('en-US') : f.value.toFixed(2)) : f.value;
  return f.unit ? `${v} ${f.unit}` : v;
}

/** The figures as a fixed-width text table: figure, value, aim, result. */
export function figuresTable(figures: Figure[]): string {
  const rows = [['figure', 'value', 'aim', 'result'], ...figures.map((f) => [f.name, formatValue(f), f.aim ?? '', f.pass === true ? 'PASS' : f.pass === false ? 'FAIL' : ''])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Start a benchmark's run: samples the load average every 5 s until finish(). */
export function startBench(name: string): BenchRun {
  const t0 = performance.now();
  const load: LoadAverage = { start: oneMinute(), max: oneMinute(), end: oneMinute() };
  const sample = () => {
    load.end = oneMinute();
    load.max = Math.max(load.max, load.end);
  };
  const timer = setInterval(sample, 5_000);
  timer.unref();
  const seconds = () => Math.round((performance.now() - t0) / 1000);
  return {
    name,
    progress: (line) => console.log(`[bench:${name} ${seconds()} s] ${line}`),
    load: () => {
      sample();
      return { ...load };
    },
    finish(figures, details = {}) {
      clearInterval(timer);
      sample();
      const failed = figures.filter((f) => f.pass === false).length;
      const judged = figures.filter((f) => f.pass === true || f.pass === false).length;
      console.log(`\nbench:${name}: ${judged === 0 ? 'figures for the record' : failed === 0 ? `PASS (${judged} aims met)` : `FAIL (${failed} of ${judged} aims missed)`}`);
      console.log(figuresTable(figures));
      console.log(`load average (1 min): ${load.start} at the start, ${load.max} at most, ${load.end} at the end; ${seconds()} s`);
      const out = resolve(ROOT, 'test-results', `${name}.json`);
      mkdirSync(resolve(out, '..'), { recursive: true });
      const report = { bench: name, date: new Date().toISOString(), commit: commit(), node: process.version, seconds: seconds(), load_average: load, pass: failed === 0, figures, ...details };
      writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`Written to ${out}.`);
      if (failed > 0) process.exitCode = 1;
      return failed === 0;
    },
  };
}

/** A bench's result record as figures for the record: its numbers, named by their keys (no aims). */
export function figuresOf(record: Record<string, unknown>): Figure[] {
  return Object.entries(record)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .map(([key, value]) => ({ name: key.replaceAll('_', ' '), value }));
}

/** The nearest-rank percentile `p` (0-100) of `values` (any order); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Run a bench's main: an error is printed and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
