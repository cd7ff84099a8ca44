import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { curveSvg, historySvg, type HistoryFigure, type HistoryRun } from './lib/history-plot';
import { ROOT } from './lib/report';

/*
 * `npm run bench:record -- NAME [NAME …]`: keeps a bench's latest run (test-results/NAME.json) in the history
 * (docs/benchmarks/history.jsonl, a run a line) and draws its plot (docs/benchmarks/NAME.svg) for docs/benchmarks.md.
 * Run it after a run worth keeping: an idle machine's, or one before/after a change. `--plot-only` redraws from the history.
 */

const HISTORY = resolve(ROOT, 'docs/benchmarks/history.jsonl');
/** The aims a curve's series are drawn against (bench:capacity's bound). */
const CURVE_AIMS: Record<string, Record<string, string>> = { capacity: { 'v2v p95': '<= 800 ms', 'added p95': '<= 100 ms' } };

interface BenchJson {
  bench: string;
  date: string;
  commit: string | null;
  load_average?: { max?: number; during_max?: number };
  figures: HistoryFigure[];
}

function readHistory(): HistoryRun[] {
  if (!existsSync(HISTORY)) return [];
  return readFileSync(HISTORY, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as HistoryRun);
}

function runOf(json: BenchJson): HistoryRun {
  const load = json.load_average?.max ?? json.load_average?.during_max ?? null;
  return { bench: json.bench, date: json.date, commit: json.commit, load, figures: json.figures.map(({ name, value, unit, aim, pass }) => ({ name, value, unit, aim, pass })) };
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'plot-only': { type: 'boolean', default: false } } });
if (positionals.length === 0) {
  console.error('Usage: npm run bench:record -- NAME [NAME …]   (test-results/NAME.json into docs/benchmarks/)  [--plot-only]');
  process.exit(2);
}
const history = readHistory();
for (const name of positionals) {
  if (!values['plot-only']) {
    const file = resolve(ROOT, 'test-results', `${name}.json`);
    if (!existsSync(file)) {
      console.error(`No ${file}: run npm run bench:${name} first.`);
      process.exit(1);
    }
    const run = runOf(JSON.parse(readFileSync(file, 'utf8')) as BenchJson);
    if (history.some((r) => r.bench === run.bench && r.date === run.date)) console.log(`bench:${name} of ${run.date} is already in the history.`);
    else {
      history.push(run);
      console.log(`bench:${name} of ${run.date} (${run.commit ?? 'no commit'}, load ${run.load ?? '?'}) added to the history.`);
    }
  }
  const runs = history.filter((r) => r.bench === name).sort((a, b) => a.date.localeCompare(b.date));
  const svg = historySvg(name, runs);
  if (svg) {
    writeFileSync(resolve(ROOT, 'docs/benchmarks', `${name}.svg`), svg);
    console.log(`Drawn: docs/benchmarks/${name}.svg (${runs.length} runs).`);
  } else console.log(`bench:${name} has no figure with a numeric aim: nothing to draw.`);
  // A bench that steps its load (bench:capacity) has a curve too: its latest run's, beside the history.
  const latest = runs.at(-1);
  const curve = latest ? curveSvg(name, latest, CURVE_AIMS[name]) : null;
  if (curve) {
    writeFileSync(resolve(ROOT, 'docs/benchmarks', `${name}-curve.svg`), curve);
    console.log(`Drawn: docs/benchmarks/${name}-curve.svg (the run of ${latest!.date}).`);
  }
}
writeFileSync(HISTORY, history.map((r) => JSON.stringify(r)).join('\n') + '\n');
