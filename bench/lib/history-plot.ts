/*
 * The history of a benchmark's aimed figures as one SVG of small multiples: a panel a figure, its runs left to right,
 * the aim as a dashed line, each run a dot (filled when the aim was met, hollow when missed), its load under the date.
 * Written for docs/benchmarks.md, where a trend matters more than the last number. Plain SVG text: the docs render it
 * as an image on any Markdown viewer, and the file diffs as text.
 */

export interface HistoryFigure {
  name: string;
  value: number | string;
  unit?: string;
  aim?: string;
  pass?: boolean | null;
}

export interface HistoryRun {
  bench: string;
  date: string;
  commit: string | null;
  /** The 1-minute load average at its highest during the run. */
  load: number | null;
  /** Where the record came from when it was not a bench's own JSON (e.g. an issue's measured table). */
  source?: string;
  figures: HistoryFigure[];
}

/** The number in an aim such as "<= 60 ms", "< 30 ms on PostgreSQL", ">= 70%", ">= 0.85"; null when there is none. */
export function aimValue(aim: string | undefined): { value: number; below: boolean } | null {
  const m = /^\s*([<>]=?)\s*([\d.]+)/.exec(aim ?? '');
  if (!m) return null;
  return { value: Number(m[2]), below: m[1]!.startsWith('<') };
}

const PANEL_W = 420;
const PANEL_H = 150;
const PAD = { left: 48, right: 30, top: 26, bottom: 38 };
const COLUMNS = 2;

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const round = (n: number) => Math.round(n * 10) / 10;

function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

/** One panel: a figure's values over the runs that have it. */
interface Point {
  run: HistoryRun;
  figure: HistoryFigure;
  value: number;
  /** The two lines under the dot: the run's date and load, unless given (a curve's step). */
  labels?: [string, string];
}

function panel(name: string, points: Point[], x0: number, y0: number): string {
  const aim = aimValue(points.at(-1)?.figure.aim);
  const unit = points.at(-1)?.figure.unit ?? '';
  const top = niceMax(Math.max(...points.map((p) => p.value), aim?.value ?? 0) * 1.1);
  const w = PANEL_W - PAD.left - PAD.right;
  const h = PANEL_H - PAD.top - PAD.bottom;
  const x = (i: number) => x0 + PAD.left + (points.length === 1 ? w / 2 : (i * w) / (points.length - 1));
  const y = (v: number) => y0 + PAD.top + h - (v / top) * h;
  const out: string[] = [];
  out.push(`<text x="${x0 + 6}" y="${y0 + 16}" class="t">${escape(name)}${unit ? ` (${escape(unit)})` : ''}</text>`);
  out.push(`<line x1="${x0 + PAD.left}" y1="${y(0)}" x2="${x0 + PAD.left + w}" y2="${y(0)}" class="axis"/>`);
  for (const v of [0, top / 2, top]) out.push(`<text x="${x0 + PAD.left - 4}" y="${round(y(v) + 3)}" class="n" text-anchor="end">${round(v)}</text>`);
  if (aim) {
    out.push(`<line x1="${x0 + PAD.left}" y1="${round(y(aim.value))}" x2="${x0 + PAD.left + w}" y2="${round(y(aim.value))}" class="aim"/>`);
    out.push(`<text x="${x0 + PAD.left + 4}" y="${round(y(aim.value) - 3)}" class="n">aim ${escape(points.at(-1)!.figure.aim!)}</text>`);
  }
  out.push(`<polyline points="${points.map((p, i) => `${round(x(i))},${round(y(p.value))}`).join(' ')}" class="line"/>`);
  points.forEach((p, i) => {
    const met = p.figure.pass === true || (p.figure.pass == null && aim !== null && (aim.below ? p.value <= aim.value : p.value >= aim.value));
    const kind = aim === null && p.figure.pass == null ? 'plain' : met ? 'met' : 'missed';
    out.push(`<circle cx="${round(x(i))}" cy="${round(y(p.value))}" r="3.5" class="${kind}"><title>${escape(`${p.run.date} ${p.run.commit ?? ''} load ${p.run.load ?? '?'}: ${p.value} ${unit}`)}</title></circle>`);
    const [first, second] = p.labels ?? [p.run.date.slice(5, 10), p.run.load === null ? '' : `load ${p.run.load}`];
    out.push(`<text x="${round(x(i))}" y="${y0 + PANEL_H - 22}" class="n" text-anchor="middle">${escape(first)}</text>`);
    out.push(`<text x="${round(x(i))}" y="${y0 + PANEL_H - 10}" class="n" text-anchor="middle">${escape(second)}</text>`);
  });
  return out.join('\n');
}

function svgOf(bench: string, title: string, panels: string[], count: number): string {
  const rows = Math.ceil(count / COLUMNS);
  const width = PANEL_W * Math.min(COLUMNS, count);
  const height = PANEL_H * rows + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="bench:${escape(bench)} ${escape(title)}">`,
    '<style>text{font:11px sans-serif;fill:#333}.t{font-weight:600}.n{font-size:9px;fill:#666}.axis{stroke:#999}.aim{stroke:#c92a2a;stroke-dasharray:4 3}.line{fill:none;stroke:#1c7ed6;stroke-width:1.5}.met{fill:#1c7ed6;stroke:#1c7ed6}.missed{fill:#fff;stroke:#c92a2a;stroke-width:1.5}.plain{fill:#868e96;stroke:#868e96}</style>',
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="6" y="16" class="t">bench:${escape(bench)}: ${escape(title)}</text>`,
    ...panels,
    '</svg>',
    '',
  ].join('\n');
}

/** A figure of one step of a curve: "v2v p95 @ 20 calls". */
const CURVE_FIGURE = /^(.+) @ (\d+) (\w+)$/;

/**
 * One run's curve (bench:capacity's steps): a panel a series (`v2v p95`, `added p95`, `RSS`), its steps left to
 * right, each series' aim (`aims`, by series name) dashed; null when the run has no such figures.
 */
export function curveSvg(bench: string, run: HistoryRun, aims: Record<string, string> = {}): string | null {
  const series = new Map<string, Point[]>();
  for (const f of run.figures) {
    const m = CURVE_FIGURE.exec(f.name);
    if (!m || typeof f.value !== 'number') continue;
    const [, name, n, what] = m as unknown as [string, string, string, string];
    const aim = aims[name];
    const pass = aim ? (aimValue(aim)!.below ? f.value <= aimValue(aim)!.value : f.value >= aimValue(aim)!.value) : null;
    const points = series.get(name) ?? [];
    points.push({ run, figure: { ...f, aim, pass }, value: f.value, labels: [n, what] });
    series.set(name, points);
  }
  if (series.size === 0) return null;
  const panels = [...series].map(([name, points], i) => panel(name, points, (i % COLUMNS) * PANEL_W, 24 + Math.floor(i / COLUMNS) * PANEL_H));
  return svgOf(bench, `the curve of ${run.date.slice(0, 16).replace('T', ' ')} (${run.commit ?? 'no commit'}, load ≤ ${run.load ?? '?'}; filled dot: within the aim)`, panels, series.size);
}

/** The SVG for one bench's runs (oldest first); null when none of its figures has a numeric aim. */
export function historySvg(bench: string, runs: HistoryRun[]): string | null {
  const names: string[] = [];
  for (const run of runs) for (const f of run.figures) if (typeof f.value === 'number' && aimValue(f.aim) && !names.includes(f.name)) names.push(f.name);
  if (names.length === 0) return null;
  const panels = names.map((name, i) => {
    const points = runs.flatMap((run) => {
      const figure = run.figures.find((f) => f.name === name);
      return figure && typeof figure.value === 'number' ? [{ run, figure, value: figure.value }] : [];
    });
    return panel(name, points, (i % COLUMNS) * PANEL_W, 24 + Math.floor(i / COLUMNS) * PANEL_H);
  });
  return svgOf(bench, 'history of the aimed figures (filled dot: aim met; hollow: missed)', panels, names.length);
}
