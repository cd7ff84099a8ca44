import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/*
 * What bench-start.ts and bench-memory.ts share: starting the service as the user does, waiting for its
 * first page, reading the memory of the node process behind `npm start`, and stopping it.
 */

const root = resolve(import.meta.dirname, '../..');

/** `npm start`'s script from package.json, e.g. `node --max-semi-space-size=4 --liftoff-only scripts/run-server.mjs start`. */
export const START_SCRIPT = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;

/**
 * `npm start`'s command line without npm: this Node and the script's own node flags, so a bench measures the service as
 * `npm start` runs it (its V8 flags change memory and speed) and reads the service's process directly.
 */
export function startLauncher(): string[] {
  return START_SCRIPT.split(' ').map((w, i) => (i === 0 && w === 'node' ? process.execPath : w.startsWith('scripts/') ? resolve(root, w) : w));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Service {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Spawns `command` (e.g. `npm start`) in its own process group, so stopping it reaches npm's children too. */
export function spawnService(command: string[], env: Record<string, string>, port: number): Service {
  const [file, ...args] = command;
  const child = spawn(file!, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      // The data-dir lock is released on exit: the next run waits for it.
      await exited;
      await waitUntilGone(child.pid!);
    },
  };
}

/** npm's children outlive the npm process by a moment; the lock file is theirs. */
async function waitUntilGone(pgid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (groupMembers(pgid).length === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state ppid pgrp …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Resident memory in MB of a process, from /proc (VmRSS), or 0 when it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function kbField(text: string, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

/** The process and every process below it (the speech broker, Kamailio, …), by parent id. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

export interface TreeMemory {
  /** What the service as a whole holds: the main process's RSS plus the private pages of each process below it. */
  footprintMb: number;
  /** The plain sum of the processes' RSS, which counts the pages they share (Node's own code) once per process. */
  rssSumMb: number;
  processes: { pid: number; name: string; rssMb: number; privateMb: number }[];
}

/**
 * The memory of a service and its helper processes together. Summing RSS counts the pages they share (the
 * node binary's ~35 MB of code, mapped by the service and by the speech broker alike) twice; the kernel holds
 * them once. So: the main process's RSS, plus each other process's private pages (/proc/PID/smaps_rollup),
 * whose shared pages are the main process's too (the same node binary and libraries).
 */
export function treeMemory(root: number): TreeMemory {
  const processes: TreeMemory['processes'] = [];
  for (const pid of processTree(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const name = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).map((a) => a.split('/').pop()).slice(0, 3).join(' ');
      processes.push({ pid, name, rssMb: kbField(rollup, 'Rss') / 1024, privateMb: (kbField(rollup, 'Private_Clean') + kbField(rollup, 'Private_Dirty')) / 1024 });
    } catch {
      // gone meanwhile
    }
  }
  const [main, ...others] = processes;
  return {
    footprintMb: (main?.rssMb ?? 0) + others.reduce((s, p) => s + p.privateMb, 0),
    rssSumMb: processes.reduce((s, p) => s + p.rssMb, 0),
    processes,
  };
}

/**
 * CPU time (user + system, ms) of every process in the group so far: on a machine busy with other work the
 * wall time stretches, this much less.
 */
export function groupCpuMs(service: Service): number {
  let ticks = 0;
  for (const pid of groupMembers(service.child.pid!)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime stime cutime cstime: fields 14–17 of stat, 12–15 after the command.
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

/** The service's own process in the group `npm start` made: the node process holding the most memory. */
export function serviceProcess(service: Service): number {
  let best = service.child.pid!;
  let bestRss = -1;
  for (const pid of groupMembers(service.child.pid!)) {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmd.split('\0')[0]!.endsWith('node')) continue;
    // npm itself is a node process too: skip it.
    if (/\bnpm(-cli\.js)?\b/.test(cmd.split('\0').slice(0, 2).join(' '))) continue;
    const rss = rssMb(pid);
    if (rss > bestRss) {
      best = pid;
      bestRss = rss;
    }
  }
  return best;
}

/** Polls GET / until it answers 200 with the console's HTML; the milliseconds since `since`. */
export async function waitForFirstPage(service: Service, since: number, timeoutMs = 600_000): Promise<number> {
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`The service exited (${service.child.exitCode}):\n${service.output()}`);
    try {
      const res = await fetch(`${service.url}/`);
      const body = await res.text();
      if (res.status === 200 && body.includes('<div id="root"')) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`No first page after ${timeoutMs} ms:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Polls GET /api/local/info until it answers 200: the service listens before its database is open and
 * holds /api/* until then (cli/start.ts), so this is when the API, not only the console, is ready.
 */
export async function waitForApi(service: Service, since: number, timeoutMs = 600_000): Promise<number> {
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`The service exited (${service.child.exitCode}):\n${service.output()}`);
    try {
      const res = await fetch(`${service.url}/api/local/info`);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`No API after ${timeoutMs} ms:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

