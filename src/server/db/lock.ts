import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The embedded database is one process's files: a second process opening them would corrupt them.
 * The service holds a lock file with its pid; the command-line tools refuse while it is alive.
 */

/** SIGKILL's bit in /proc's pending-signal masks. */
const SIGKILL_BIT = 1n << 8n;

/**
 * A process killed with SIGKILL runs no more code, yet `kill(pid, 0)` still finds it while the kernel
 * tears it down, and for good when nobody reaps it (a zombie). Where /proc tells, both count as gone:
 * a restart right after a kill must not be refused.
 */
function isDying(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X') return true;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return [...status.matchAll(/^(?:ShdPnd|SigPnd):\s*([0-9a-f]+)$/gm)].some((m) => (BigInt(`0x${m[1]}`) & SIGKILL_BIT) !== 0n);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isDying(pid);
}

/** Waits without an event loop: the lock is taken before the service has anything else to do. */
function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function lockHolder(dataDir: string): number | null {
  const file = join(dataDir, 'service.lock');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is held by a running service (pid ${pid}). ` +
        'Stop the service first (Ctrl+C in its terminal), then run this command again. Nothing was changed.',
    );
  }
}

/** Takes the lock for this process; throws DataDirLockedError when another live process has it. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  let holder = lockHolder(dataDir);
  // A holder that is just exiting (stopped a moment ago) gets a second to let go.
  for (let waited = 0; holder !== null && waited < 1000; waited += 50) {
    sleepSync(50);
    holder = lockHolder(dataDir);
  }
  if (holder !== null) throw new DataDirLockedError(dataDir, holder);
  const file = join(dataDir, 'service.lock');
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
}
