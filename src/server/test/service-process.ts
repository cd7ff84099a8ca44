import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/*
 * The service as `npm start` runs it (its entry point, src/server/cli/start.ts), in a process of its own: the
 * tests of several processes on one PostgreSQL (engine, model calls, knowledge documents) start two of them.
 * Node itself with tsx's loader (not npx), so signals reach the service and nothing between.
 */

const root = resolve(import.meta.dirname, '../../..');

export interface ServiceProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT/api, as the start banner prints it. */
  api: string;
  /** Everything it printed, for the message of a failed test. */
  output: string[];
}

/**
 * Starts a service on a free port without the console's files or the demo seed; `env` adds to (and may
 * override) those settings. `onLine` sees each line it prints to stdout. Resolves once it listens; one
 * that does not within 60 s is killed and the promise fails with what it printed.
 */
export function startServiceProcess(env: Record<string, string>, onLine?: (line: string) => void): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SKIP_STATIC: '1', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const service: ServiceProcess = { child, api: '', output: [] };
  return new Promise((ready, fail) => {
    // A service that did not come up is not left running: the test that started it never sees it to stop it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`service did not start:\n${service.output.join('')}`));
    }, 60_000);
    let buffered = '';
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => service.output.push(chunk));
    child.stdout?.on('data', (chunk: string) => {
      service.output.push(chunk);
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        onLine?.(line);
        const up = /API at (http:\/\/\S+\/api)/.exec(line);
        if (up?.[1] && service.api === '') {
          service.api = up[1];
          clearTimeout(timer);
          ready(service);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`service exited with ${code}:\n${service.output.join('')}`));
    });
  });
}

/** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
export function stopServiceProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** A PostgreSQL URL with the schema on the search path (and UTC, which connect.ts sets otherwise). */
export function urlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema} -c timezone=UTC`);
  return u.toString();
}
