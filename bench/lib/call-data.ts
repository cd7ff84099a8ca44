/*
 * The call-log benchmarks' data and service (bench:calls, bench:call-queries): the demo seed plus N
 * generated calls, made once and reused, on embedded PGlite (a data dir under .tmp) or, with
 * DATABASE_URL set, on that PostgreSQL database (seeded once; the database is the benchmark's own).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { startLauncher } from './service';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
const tsx = resolve(root, 'node_modules/.bin/tsx');

export interface BenchData {
  /** The dir holding tokens.json (and, on PGlite, the data). */
  workDir: string;
  port: number;
  /** PostgreSQL instead of a PGlite data dir under workDir. */
  databaseUrl?: string | undefined;
}

function databaseEnv(data: BenchData): Record<string, string> {
  return data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : { DATA_DIR: resolve(data.workDir, 'data'), DATABASE_URL: '' };
}

function run(cmd: string, cmdArgs: string[], env: Record<string, string>): Promise<void> {
  return new Promise((res, rej) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`${cmd} ${cmdArgs.join(' ')} exited with ${code}`))));
  });
}

/** Starts the local service and resolves once it listens. */
export function startService(data: BenchData, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((res, rej) => {
    // As `npm start` runs it (its node flags included): the call log is measured as a user meets it.
    const [node, ...args] = startLauncher();
    const child = spawn(node!, args, {
      cwd: root,
      env: { ...process.env, PORT: String(data.port), HOST: '127.0.0.1', ...databaseEnv(data), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Voice Console on')) res(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => rej(new Error(`The service exited (${code}):\n${out}`)));
    setTimeout(() => rej(new Error(`The service did not start within 180 s:\n${out}`)), 180_000).unref();
  });
}

export function stopService(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    child.removeAllListeners('exit');
    child.on('exit', () => res());
    child.kill('SIGTERM');
  });
}

/**
 * The demo data plus `calls` generated calls, made once and reused; the demo user's token. `log` is the bench's
 * progress line (the seed's own progress lines follow it).
 */
export async function prepareData(data: BenchData, calls: number, log: (line: string) => void): Promise<string> {
  const tokensFile = resolve(data.workDir, 'tokens.json');
  const where = data.databaseUrl ?? data.workDir;
  if (existsSync(tokensFile)) {
    const saved = JSON.parse(readFileSync(tokensFile, 'utf8')) as { token: string; calls: number };
    log(`Reusing ${where} (demo data + ${saved.calls.toLocaleString('en-US')} calls).`);
    return saved.token;
  }
  mkdirSync(data.workDir, { recursive: true });
  const seedTokens = resolve(data.workDir, 'seed-tokens.json');
  log(`Seeding the demo data into ${where} (first run)…`);
  const first = await startService(data, { TOKENS_FILE: seedTokens, SKIP_STATIC: '1', BACKGROUND_WORK: '0' });
  await stopService(first);
  if (!existsSync(seedTokens)) throw new Error(`${where} already had users: give the benchmark an empty database of its own.`);
  const token = (JSON.parse(readFileSync(seedTokens, 'utf8')) as { email: string; token: string }[])[0]?.token;
  if (!token) throw new Error('The demo seed wrote no token.');
  log(`Adding ${calls.toLocaleString('en-US')} calls (npm run seed)…`);
  await run(tsx, ['src/server/cli/seed.ts', '--calls', String(calls)], databaseEnv(data));
  writeFileSync(tokensFile, JSON.stringify({ token, calls }));
  return token;
}
