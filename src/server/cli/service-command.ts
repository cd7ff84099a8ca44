import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { loadAssistantTestConfig, type AssistantTestConfig } from '../config';

/*
 * What the commands that drive an assistant's work on a service through its API share (assistant-test.ts,
 * assistant-replay.ts): the service options and their reading, the API call, the polling of a run while it
 * runs and the ending (the report, a timeout, the exit code).
 */

/** The service said no, or cannot be reached: printed, and the command exits 2. */
export class CliError extends Error {}

function apiBase(url: string): string {
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

/** The options of a command that asks the service about an assistant and waits for the answer. */
export const SERVICE_OPTIONS = {
  assistant: { type: 'string' },
  url: { type: 'string', default: 'http://localhost:8080' },
  token: { type: 'string' },
  timeout: { type: 'string', default: '1800' },
  interval: { type: 'string', default: '1000' },
} as const;

/** When to give up (`--timeout`, seconds) and how often to ask again (`--interval`, ms, at least 50). */
function waitLimits(values: { timeout: string; interval: string }): { deadline: number; intervalMs: number } {
  return { deadline: Date.now() + Number(values.timeout) * 1000, intervalMs: Math.max(50, Number(values.interval)) };
}

/**
 * Asks again every `intervalMs` while the run (or replay set) is running, saying each time more of it is done;
 * `timedOut` when the deadline passed first.
 */
async function pollWhileRunning<T extends { status: string }>(
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

/** What a command is told on its command line, and how it answers one it cannot take. */
export interface CommandLine<O extends ParseArgsOptionsConfig> {
  argv: string[];
  /** The command's own options, beside the service options. */
  own: O;
  usage: string;
  out: (line: string) => void;
}

/**
 * The command line's values, read with the service options and the command's own; undefined, after printing
 * the usage (and why), when it does not parse or `valid` refuses them.
 */
export function parseCommand<O extends ParseArgsOptionsConfig>(
  { argv, own, usage, out }: CommandLine<O>,
  valid: (values: ReturnType<typeof parseArgs<{ options: typeof SERVICE_OPTIONS & O }>>['values']) => boolean,
) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...SERVICE_OPTIONS, ...own } }));
  } catch (e) {
    out(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
    return undefined;
  }
  if (!valid(values)) {
    out(usage);
    return undefined;
  }
  return values;
}

/**
 * Where and as whom the command calls the service, and how long it waits: the token is --token, else the
 * config's VC_API_TOKEN; undefined, after printing why with `usage`, when there is none.
 */
export function serviceOf(values: { url: string; token?: string; timeout: string; interval: string }, config: AssistantTestConfig, usage: string, out: (line: string) => void) {
  const token = values.token ?? config.token ?? '';
  if (!token) {
    out(`No token: pass --token or set VC_API_TOKEN.\n${usage}`);
    return undefined;
  }
  return { base: apiBase(values.url), token, ...waitLimits(values) };
}

/** How a command follows what it started to its end and says how it went. */
export interface Follow<T> {
  next: () => Promise<T>;
  deadline: number;
  intervalMs: number;
  /** How much is done: progress is printed each time it grows. */
  done: (t: T) => number | null | undefined;
  progress: (t: T) => string;
  report: (t: T) => string;
  /** The line printed when the deadline passed first. */
  timedOut: (t: T) => string;
  passed: (t: T) => boolean;
}

/** Polls the started run (or set) to its end, prints the report: the exit code, 0 when it passed, else 1. */
export async function followToEnd<T extends { status: string }>(started: T, follow: Follow<T>, out: (line: string) => void): Promise<number> {
  const { last, timedOut } = await pollWhileRunning(started, { ...follow, onProgress: (t) => out(follow.progress(t)) });
  out(follow.report(last));
  if (timedOut) {
    out(follow.timedOut(last));
    return 1;
  }
  return last.status === 'finished' && follow.passed(last) ? 0 : 1;
}
