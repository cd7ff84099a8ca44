import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../engine/clock';

/*
 * What the model-driven benches share (calls-model-bench.ts, suites-bench.ts): the stand-in model in a
 * process of its own (calls-model-model.ts), so the CPU measured is the service's, and a clock that runs
 * `speed` times the wall clock.
 */

/** Wall-clock time, `speed` times faster from the start. */
export function fastClock(speed: number): Clock {
  const start = Date.now();
  return { now: () => new Date(start + (Date.now() - start) * speed) };
}

/** Sends `message` (unless null) and waits for the child's message that carries `key`. */
export function ask<T>(child: ChildProcess, message: object | null, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', on);
        resolve(m[key] as T);
      }
    };
    child.on('message', on);
    if (message !== null) child.send(message);
  });
}

/** The stand-in model answering each request in `modelMs`, in its own process. */
export function forkStandInModel(modelMs: string): ChildProcess {
  return fork(fileURLToPath(new URL('./calls-model-model.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, MODEL_MS: modelMs } });
}
