import { resolve } from 'node:path';
import { loadAssistantTestConfig, type AssistantTestConfig } from '../config';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_MIN_PASS_RATE, suiteRunAnswerSchema, type SuiteRun } from '../../contract';

/*
 * `npm run assistant-test -- --assistant 12 [--url http://localhost:8080] [--token T] [--runs 5]
 * [--min-pass 0.8] [--scenario 3 --scenario 4] [--timeout 900]`: runs an assistant's test suite on a service
 * through its API (POST /user/assistant/{id}/suite-runs, then GET /user/suite-runs/{id} every second), prints
 * progress and a summary table a CI log can show, and exits 0 when every expectation's pass rate reaches its
 * threshold (its own, else --min-pass), 1 when one does not (or the run was cancelled or timed out), 2 when
 * the run could not be started or read (the service's message is printed). The token comes from --token or
 * VC_API_TOKEN. A CLI is a client: it reads answers with the contract's lenient schemas, as the console does.
 */

const USAGE = 'Usage: npm run assistant-test -- --assistant ID [--url http://localhost:8080] [--token TOKEN] [--runs N] [--min-pass 0.8] [--scenario ID]… [--timeout SECONDS]';

export class CliError extends Error {}

export function apiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
}

export async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(base + path, {
      method,
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    throw new CliError(`Cannot reach ${base}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) {
    const message = typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string' ? (parsed as { message: string }).message : text.slice(0, 300);
    const errors = typeof parsed === 'object' && parsed !== null ? (parsed as { errors?: unknown }).errors : undefined;
    throw new CliError(`${method} ${path}: HTTP ${res.status}: ${message}${errors ? ` ${JSON.stringify(errors)}` : ''}`);
  }
  return parsed;
}

function readRun(answer: unknown): SuiteRun {
  const parsed = suiteRunAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new CliError('The service answered with something that is not a suite run.');
  return parsed.data;
}

const pct = (n: number | null) => (n === null ? '–' : `${Math.round(n * 100)}%`);

/** The options of a command that asks the service about an assistant and waits for the answer. */
export const SERVICE_OPTIONS = {
  assistant: { type: 'string' },
  url: { type: 'string', default: 'http://localhost:8080' },
  token: { type: 'string' },
  timeout: { type: 'string', default: '1800' },
  interval: { type: 'string', default: '1000' },
} as const;

/** When to give up (`--timeout`, seconds) and how often to ask again (`--interval`, ms, at least 50). */
export function waitLimits(values: { timeout: string; interval: string }): { deadline: number; intervalMs: number } {
  return { deadline: Date.now() + Number(values.timeout) * 1000, intervalMs: Math.max(50, Number(values.interval)) };
}

/**
 * Asks again every `intervalMs` while the run (or replay set) is running, saying each time more of it is done;
 * `timedOut` when the deadline passed first.
 */
export async function pollWhileRunning<T extends { status: string }>(
  first: T,
  options: { next: () => Promise<T>; deadline: number; intervalMs: number; done: (t: T) => number | null | undefined; onProgress: (t: T) => void },
): Promise<{ last: T; timedOut: boolean }> {
  let last = first;
  let shown: number | null | undefined = -1;
  while (last.status === 'running') {
    if (Date.now() > options.deadline) return { last, timedOut: true };
    await new Promise((r) => setTimeout(r, options.intervalMs));
    last = await options.next();
    if (options.done(last) !== shown) {
      shown = options.done(last) ?? 0;
      options.onProgress(last);
    }
  }
  return { last, timedOut: false };
}

export function pad(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

/** The summary table, and for each expectation that fell short, the evidence of its failed repetitions. */
export function report(run: SuiteRun): string {
  const rows = [['SCENARIO', 'EXPECTATION', 'PASSED', 'RATE', 'NEEDED', 'RESULT']];
  for (const s of run.summary) {
    rows.push([s.scenario_name, s.label, `${s.passed ?? 0}/${s.evaluated ?? 0}`, pct(s.pass_rate), pct(s.min_pass_rate), s.ok ? 'ok' : 'FAIL']);
  }
  const lines = [pad(rows)];
  const failing = run.summary.filter((s) => !s.ok);
  for (const s of failing) {
    const id = s.expectation?.id;
    const evidence = (run.items ?? [])
      .filter((i) => i.scenario_id === s.scenario_id)
      .flatMap((i) => {
        if (i.status === 'error') return [`  repetition ${i.repetition ?? '?'}: could not run: ${i.error ?? ''}`];
        const r = i.results.find((x) => x.expectation_id === id && !x.pass);
        if (!r) return [];
        const why = [r.evidence?.detail, r.evidence?.reason].filter(Boolean).join(' — ');
        return [`  repetition ${i.repetition ?? '?'} (call ${i.call_id ?? '?'}): ${why}`];
      })
      .slice(0, 5);
    if (evidence.length > 0) lines.push('', `${s.scenario_name}: ${s.label}`, ...evidence);
  }
  const total = run.summary.length;
  const ok = run.summary.filter((s) => s.ok).length;
  lines.push('', `${run.status === 'finished' ? (run.passed ? 'PASSED' : 'FAILED') : run.status.toUpperCase()}: ${ok} of ${total} expectations held (overall pass rate ${pct(run.pass_rate)}; assistant version ${run.config_version}).`);
  return lines.join('\n');
}

export async function main(argv: string[], config: AssistantTestConfig, out: (line: string) => void): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ...SERVICE_OPTIONS,
        runs: { type: 'string', default: '1' },
        'min-pass': { type: 'string', default: String(DEFAULT_MIN_PASS_RATE) },
        scenario: { type: 'string', multiple: true },
      },
    }));
  } catch (e) {
    out(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  const assistant = Number(values.assistant);
  const runs = Number(values.runs);
  const minPass = Number(values['min-pass']);
  const token = values.token ?? config.token ?? '';
  const scenarioIds = (values.scenario ?? []).map(Number);
  if (!Number.isInteger(assistant) || assistant < 1 || !Number.isInteger(runs) || runs < 1 || !(minPass >= 0 && minPass <= 1) || scenarioIds.some((n) => !Number.isInteger(n) || n < 1)) {
    out(USAGE);
    return 2;
  }
  if (!token) {
    out(`No token: pass --token or set VC_API_TOKEN.\n${USAGE}`);
    return 2;
  }
  const base = apiBase(values.url);
  const { deadline, intervalMs } = waitLimits(values);
  try {
    const started = readRun(await call(base, token, 'POST', `/user/assistant/${assistant}/suite-runs`, { repetitions: runs, min_pass_rate: minPass, ...(scenarioIds.length > 0 && { scenario_ids: scenarioIds }) }));
    out(`Suite run ${started.id} of assistant ${assistant} (version ${started.config_version}${started.config_changes.length > 0 ? `, changed since the last run: ${started.config_changes.join(', ')}` : ''}): ${started.items_total ?? 0} repetitions.`);
    const { last: run, timedOut } = await pollWhileRunning(started, {
      next: async () => readRun(await call(base, token, 'GET', `/user/suite-runs/${started.id}`)),
      deadline,
      intervalMs,
      done: (r) => r.items_done,
      onProgress: (r) => out(`  ${r.items_done ?? 0}/${r.items_total ?? 0} checked, ${r.items_running ?? 0} in progress`),
    });
    out(report(run));
    if (timedOut) {
      out(`Timed out after ${values.timeout} s with ${run.items_done ?? 0} of ${run.items_total ?? 0} repetitions checked.`);
      return 1;
    }
    return run.status === 'finished' && run.passed ? 0 : 1;
  } catch (e) {
    return cliFailure(e, out);
  }
}

/** Runs `main` when `moduleUrl` is the script node was started with (not when a test imports it), exiting with its code. */
export function runIfCommand(moduleUrl: string, main: (argv: string[], config: AssistantTestConfig, out: (line: string) => void) => Promise<number>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== resolve(process.argv[1])) return;
  main(process.argv.slice(2), loadAssistantTestConfig(), (line) => console.log(line)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}

/** A CliError (the service said no, or cannot be reached) is printed and exits 2; anything else is a bug. */
export function cliFailure(e: unknown, out: (line: string) => void): number {
  if (!(e instanceof CliError)) throw e;
  out(e.message);
  return 2;
}

runIfCommand(import.meta.url, main);
