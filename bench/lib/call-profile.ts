/*
 * `npm run bench:calls -- --profile`: a Chromium trace of the uncached filter changes, summed over each
 * change's answer→paint window (from the list answer's last byte to the painted mark), which is the
 * console's own share of the figure. Prints where the renderer's main thread spent it: style, layout,
 * paint, garbage collection, and the JavaScript functions by self time (CPU samples at 0.1 ms).
 *
 * The windows: the bench marks "bench:painted" in the page (performance.mark, traced as user timing on
 * the same clock as the samples) and knows how long after the answer that was (Resource Timing), so
 * each window is [painted − answer→paint, painted]. Function positions are read back to source files
 * and lines through the build's source maps when the served console has them
 * (`npx vite build --sourcemap --outDir .tmp/dist-profile` and STATIC_DIR=.tmp/dist-profile); without
 * them the minified names and chunk files are shown.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { percentile } from './report';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.cpu_profiler.hires',
];

export function startProfile(browser: Browser, page: Page): Promise<void> {
  return browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event: its wall time less the time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

type Window = readonly [number, number];

/** How much of [start, end) lies inside the windows (µs). */
function overlap(windows: readonly Window[], start: number, end: number): number {
  let sum = 0;
  for (const [a, b] of windows) sum += Math.max(0, Math.min(b, end) - Math.max(a, start));
  return sum;
}

// --- source maps (a small reader of the "mappings" field: base64 VLQ, version 3) ---

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

interface SourceMap {
  sources: string[];
  names: string[];
  /** Per generated line: segments [column, source, line, column, name?]. */
  lines: number[][][];
}

function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  let source = 0;
  let srcLine = 0;
  let srcCol = 0;
  let name = 0;
  for (const lineText of mappings.split(';')) {
    const segments: number[][] = [];
    let genCol = 0;
    for (const seg of lineText.split(',')) {
      if (!seg) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      genCol += values[0] ?? 0;
      const out = [genCol];
      if (values.length >= 4) {
        source += values[1] ?? 0;
        srcLine += values[2] ?? 0;
        srcCol += values[3] ?? 0;
        out.push(source, srcLine, srcCol);
        if (values.length >= 5) {
          name += values[4] ?? 0;
          out.push(name);
        }
      }
      segments.push(out);
    }
    lines.push(segments);
  }
  return lines;
}

const maps = new Map<string, SourceMap | null>();

function sourceMapFor(staticDir: string | undefined, url: string | undefined): SourceMap | null {
  if (!staticDir || !url) return null;
  const cached = maps.get(url);
  if (cached !== undefined) return cached;
  let map: SourceMap | null = null;
  try {
    const file = resolve(staticDir, new URL(url).pathname.replace(/^\/+/, '')) + '.map';
    if (existsSync(file)) {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
      map = { sources: raw.sources, names: raw.names, lines: decodeMappings(raw.mappings) };
    }
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** "src/app/features/calls/components/calls-table.tsx:131" for a position in a chunk, or null. */
function original(staticDir: string | undefined, frame: ProfileNode['callFrame']): { file: string; where: string } | null {
  const map = sourceMapFor(staticDir, frame.url);
  const segments = map?.lines[frame.lineNumber];
  if (!map || !segments) return null;
  let best: number[] | undefined;
  for (const s of segments) {
    if ((s[0] ?? 0) > frame.columnNumber) break;
    best = s;
  }
  if (!best || best.length < 4) return null;
  const file = (map.sources[best[1] ?? 0] ?? '?').replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  return { file, where: `${file}:${(best[2] ?? 0) + 1}` };
}

/** The module a function belongs to, for the per-module sums: a package, or one of our files. */
function moduleOf(file: string): string {
  if (!file.startsWith('src/')) {
    const parts = file.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? file);
  }
  return file;
}

const TIMELINE: Record<string, string> = {
  UpdateLayoutTree: 'style (recalc)',
  ParseAuthorStyleSheet: 'style (recalc)',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
};

export interface ProfileWindowSource {
  toPaint: number | null;
  /** performance.now() in the page at the painted mark. */
  at?: number;
}

/*
 * Which components React rendered after the answer: a stand-in for the React DevTools hook (React calls
 * it on every commit, production builds included) walks the committed tree and counts the fibers that
 * did work (the PerformedWork flag), by component name, with the commit's time. Mantine's components
 * carry display names; ours keep theirs in a build without minification (`--minify false`).
 */
export async function countRenders(page: Page): Promise<void> {
  // tsx wraps named functions in __name(), which the page lacks before the bench defines it.
  await page.addInitScript({ content: 'window.__name = window.__name || ((f) => f)' });
  await page.addInitScript(() => {
    type Fiber = { flags: number; tag: number; type: unknown; elementType: unknown; child: Fiber | null; sibling: Fiber | null };
    const commits: { t: number; counts: Record<string, number>; roots: Record<string, number> }[] = [];
    const seen = new WeakMap<Fiber, number>();
    let commit = 0;
    const nameOf = (f: Fiber): string | null => {
      const raw = f.elementType ?? f.type;
      if (typeof raw === 'function') return (raw as { displayName?: string }).displayName || raw.name || '(anonymous)';
      const t = raw as { displayName?: string; type?: unknown; render?: unknown } | null;
      if (t && typeof t === 'object') {
        const inner = (t.type ?? t.render) as { displayName?: string; name?: string } | undefined;
        return t.displayName || inner?.displayName || inner?.name || null;
      }
      return null;
    };
    (window as unknown as { __renders: typeof commits }).__renders = commits;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        const counts: Record<string, number> = {};
        // Roots: rendered components under no rendered component, where a commit's render began (a
        // state or context change there), to tell what set off each commit.
        const roots: Record<string, number> = {};
        const stack: [Fiber, boolean][] = root.current.child ? [[root.current.child, false]] : [];
        commit++;
        while (stack.length > 0) {
          const [f, underRendered] = stack.pop()!;
          // A subtree React did not visit keeps its fiber objects (and their old flags): the same object
          // as at the previous commit did not render now.
          const fresh = seen.get(f) !== commit - 1;
          seen.set(f, commit);
          let rendered = false;
          // tags 0 function, 1 class, 11 forwardRef, 14/15 memo: the components (not host elements).
          if (fresh && f.flags & 1 && (f.tag === 0 || f.tag === 1 || f.tag === 11 || f.tag === 14 || f.tag === 15)) {
            rendered = true;
            const name = nameOf(f);
            if (name) counts[name] = (counts[name] ?? 0) + 1;
            if (name && !underRendered) roots[name] = (roots[name] ?? 0) + 1;
          }
          if (f.sibling) stack.push([f.sibling, underRendered]);
          if (f.child) stack.push([f.child, underRendered || rendered]);
        }
        commits.push({ t: performance.now(), counts, roots });
      },
    };
  });
}

/** The components rendered in the answer→paint windows of `samples`, most first. */
export async function renderSummary(page: Page, samples: readonly ProfileWindowSource[], detailFile?: string, top = 25): Promise<string[]> {
  const commits = await page.evaluate(
    () => (window as unknown as { __renders: { t: number; counts: Record<string, number>; roots: Record<string, number> }[] }).__renders,
  );
  const windows = samples.filter((s) => s.toPaint != null && s.at != null).map((s) => [s.at! - s.toPaint!, s.at!] as const);
  const totals = new Map<string, number>();
  const roots = new Map<string, number>();
  let count = 0;
  for (const c of commits) {
    if (!windows.some(([a, b]) => c.t >= a && c.t <= b)) continue;
    count++;
    for (const [name, n] of Object.entries(c.counts)) totals.set(name, (totals.get(name) ?? 0) + n);
    for (const [name, n] of Object.entries(c.roots)) roots.set(name, (roots.get(name) ?? 0) + n);
  }
  if (detailFile) {
    // Each change's commits after the answer: when (ms after it), what began each render, how many renders.
    const detail = windows.map(([a, b]) =>
      commits.filter((c) => c.t >= a && c.t <= b).map((c) => ({ at: Math.round(c.t - a), roots: c.roots, renders: Object.values(c.counts).reduce((x, y) => x + y, 0), counts: c.counts })),
    );
    writeFileSync(detailFile, JSON.stringify(detail, null, 1));
  }
  const n = windows.length || 1;
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  return [
    `React commits after the answer: ${(count / n).toFixed(1)} a filter change, ${(all / n).toFixed(0)} component renders; the most rendered (a change):`,
    ...[...totals].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `  ${(v / n).toFixed(1).padStart(6)}  ${k}`),
    'Where those renders began (a rendered component under none that rendered: its state or context changed), a change:',
    ...[...roots].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `  ${(v / n).toFixed(1).padStart(6)}  ${k}`),
  ];
}

/**
 * Stops the trace and sums it over the answer→paint windows of `samples` (in the order they were
 * measured while tracing). Writes the raw trace beside the summary when `traceFile` is given.
 */
export async function stopProfile(
  browser: Browser,
  samples: readonly ProfileWindowSource[],
  options: SummaryOptions & { traceFile?: string | undefined } = {},
): Promise<string[]> {
  const buffer = await browser.stopTracing();
  if (options.traceFile) {
    writeFileSync(options.traceFile, buffer);
    writeFileSync(`${options.traceFile}.samples.json`, JSON.stringify(samples.map((s) => ({ toPaint: s.toPaint }))));
  }
  return summarize(buffer.toString('utf8'), samples, options);
}

interface SummaryOptions {
  staticDir?: string | undefined;
  top?: number;
}

function summarize(trace: string, samples: readonly ProfileWindowSource[], options: SummaryOptions): string[] {
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents;

  const painted = events.filter((e) => e.name === 'bench:painted' && e.cat.includes('blink.user_timing')).sort((a, b) => a.ts - b.ts);
  const first = painted[0];
  if (!first) return ['(the trace holds no bench:painted marks)'];
  const pid = first.pid;
  const tid = first.tid;
  if (painted.length !== samples.length) return [`(the trace holds ${painted.length} painted marks for ${samples.length} samples)`];
  const windows: Window[] = [];
  painted.forEach((mark, i) => {
    const toPaint = samples[i]?.toPaint;
    if (toPaint != null) windows.push([mark.ts - toPaint * 1000, mark.ts]);
  });
  const windowTotal = windows.reduce((sum, [a, b]) => sum + (b - a), 0);

  // Busy time on the main thread and the engine's phases (complete events, clipped to the windows).
  const mainThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const phases = new Map<string, number>();
  const phasesCpu = new Map<string, number>();
  let busy = 0;
  // The same in thread (CPU) time: on a loaded machine a task's wall time counts the time the thread
  // waited for a core too, so builds are compared on this (each event's CPU time in proportion to the
  // part of it inside the windows).
  let busyCpu = 0;
  // Per window too: its median is the plain change's, apart from the few whose window also holds the
  // router's late commit of the URL change or a closing list.
  const cpuPerWindow = windows.map(() => 0);
  for (const e of mainThread) {
    const end = e.ts + (e.dur ?? 0);
    const inside = overlap(windows, e.ts, end);
    const cpu = e.dur ? ((e.tdur ?? e.dur) * inside) / e.dur : 0;
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      busy += inside;
      busyCpu += cpu;
      if (inside > 0 && e.dur) windows.forEach((w, i) => (cpuPerWindow[i]! += ((e.tdur ?? e.dur!) * overlap([w], e.ts, end)) / e.dur!));
    }
    const phase = TIMELINE[e.name];
    if (phase) {
      phases.set(phase, (phases.get(phase) ?? 0) + inside);
      phasesCpu.set(phase, (phasesCpu.get(phase) ?? 0) + cpu);
    }
  }

  // CPU samples of the renderer's main thread: the time to the next sample counts for the sampled function.
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
  const nodes = new Map<number, ProfileNode>();
  const times: { t: number; node: number }[] = [];
  const starts = new Map<string | undefined, number>();
  for (const e of events) {
    if (e.pid !== pid || !profileIds.has(e.id)) continue;
    if (e.name === 'Profile') starts.set(e.id, e.args?.data?.startTime ?? e.ts);
    if (e.name !== 'ProfileChunk') continue;
    const cpu = e.args?.data?.cpuProfile;
    for (const n of cpu?.nodes ?? []) nodes.set(n.id, n);
    let t = starts.get(e.id) ?? 0;
    const deltas = e.args?.data?.timeDeltas ?? [];
    (cpu?.samples ?? []).forEach((node, i) => {
      t += deltas[i] ?? 0;
      times.push({ t, node });
    });
    starts.set(e.id, t);
  }
  times.sort((a, b) => a.t - b.t);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let script = 0;
  for (let i = 0; i + 1 < times.length; i++) {
    const cur = times[i]!;
    const spent = overlap(windows, cur.t, times[i + 1]!.t);
    if (spent === 0) continue;
    const frame = nodes.get(cur.node)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)' || frame.functionName === '(garbage collector)' || frame.functionName === '(root)') continue;
    script += spent;
    const mapped = original(options.staticDir, frame);
    const label = mapped
      ? `${frame.functionName || '(anonymous)'} ${mapped.where}`
      : `${frame.functionName || '(anonymous)'} ${basename(frame.url ?? '') || '(native)'}:${frame.lineNumber + 1}`;
    byFunction.set(label, (byFunction.get(label) ?? 0) + spent);
    const module = mapped ? moduleOf(mapped.file) : basename(frame.url ?? '') || '(native)';
    byModule.set(module, (byModule.get(module) ?? 0) + spent);
    // Inclusive: every component of ours or of Mantine's on the stack (once per sample), to tell which
    // parts of the page render after the answer.
    const onStack = new Set<string>();
    for (let node = nodes.get(cur.node); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      const m = original(options.staticDir, node.callFrame);
      if (m && (m.file.startsWith('src/app/') || m.file.startsWith('@mantine/core/esm/components/'))) onStack.add(`${node.callFrame.functionName || '(anonymous)'} ${m.where}`);
    }
    for (const label of onStack) inclusive.set(label, (inclusive.get(label) ?? 0) + spent);
  }

  const n = windows.length;
  const ms = (us: number) => `${(us / 1000 / n).toFixed(2).padStart(6)} ms`;
  const top = options.top ?? 15;
  const lines = [
    `Answer→paint, per filter change (mean of ${n}; ${(windowTotal / 1000 / n).toFixed(1)} ms a window):`,
    `  main thread busy ${ms(busy)}   JavaScript ${ms(script)}   ${[...phases].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${ms(v).trim()}`).join('   ')}`,
    `  CPU time a window: median ${(percentile(cpuPerWindow, 50) / 1000).toFixed(2)} ms, p90 ${(percentile(cpuPerWindow, 90) / 1000).toFixed(2)} ms`,
    `  its CPU time     ${ms(busyCpu)}   JavaScript and the rest ${ms(busyCpu - [...phasesCpu.values()].reduce((a, b) => a + b, 0))}   ${[...phasesCpu].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${ms(v).trim()}`).join('   ')}`,
    '  JavaScript by module (self time):',
    ...[...byModule].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `    ${ms(v)}  ${k}`),
    '  JavaScript by function (self time):',
    ...[...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `    ${ms(v)}  ${k}`),
    ...(inclusive.size > 0 ? ['  Our and Mantine\'s components on the stack (inclusive time):'] : []),
    ...[...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `    ${ms(v)}  ${k}`),
  ];
  return lines;
}

// `tsx scripts/bench-call-profile.ts <trace.json> [static dir]`: the summary of a trace the bench kept.
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const [traceFile, staticDir] = process.argv.slice(2);
  if (!traceFile) throw new Error('usage: tsx scripts/bench-call-profile.ts <trace.json> [static dir]');
  const samples = JSON.parse(readFileSync(`${traceFile}.samples.json`, 'utf8')) as ProfileWindowSource[];
  for (const line of summarize(readFileSync(traceFile, 'utf8'), samples, { staticDir, top: 25 })) process.stdout.write(`${line}\n`);
}
