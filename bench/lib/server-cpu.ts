import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';

/*
 * PostgreSQL's own CPU over a stretch of a bench: the backends of the bench's database (the service's pool, its
 * other connections), read from /proc/<pid>/stat at the start and at the end. Only where the server runs on this
 * machine (else null): a backend's CPU is the server's cost of the statements, which the machine's load does not
 * move. A backend that ends within the stretch is not counted (the pool keeps its connections while it is busy).
 */

const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

async function backends(db: Db): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = cpuMs(pid);
    if (ms !== null) out.set(pid, ms);
  }
  return out;
}

/** Starts counting; the returned function gives PostgreSQL's CPU (ms) since, or null when its processes are not readable here. */
export async function serverCpu(db: Db): Promise<() => Promise<number | null>> {
  const start = await backends(db);
  return async () => {
    const end = await backends(db);
    if (start.size === 0 && end.size === 0) return null;
    let total = 0;
    for (const [pid, ms] of end) total += ms - (start.get(pid) ?? 0);
    return total;
  };
}
