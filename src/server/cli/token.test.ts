import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens';
import { openDatabase } from '../db/connect';

/*
 * The command-line tools as a person runs them: a real process on an embedded database in a temp
 * DATA_DIR, and the lock a running service holds.
 */

const root = resolve(import.meta.dirname, '../../..');
let dataDir: string;
const sleepers: ChildProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vc-cli-'));
});
afterAll(() => {
  for (const p of sleepers) if (p.exitCode === null) p.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  // The embedded database, whatever the surrounding run points at.
  delete env.DATABASE_URL;
  return new Promise((done, fail) => {
    // Node with tsx's loader, not npx: npx resolves and starts npm first (a second or more a run).
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    // npx may warn about the machine's npm configuration: not the command's output.
    const ours = (text: string) => text.split('\n').filter((l) => !l.startsWith('npm warn')).join('\n');
    child.on('close', (code) => done({ code, stdout, stderr: ours(stderr) }));
  });
}

/** A live process that is not us: its pid in the lock file is what a running service leaves there. */
function liveProcess(): Promise<number> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    sleepers.push(p);
    p.on('error', fail);
    p.on('spawn', () => done(p.pid ?? 0));
  });
}

async function tokensOf(email: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    const rows = await handle.db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .select('api_tokens.token_hash')
      .where('users.email', '=', email)
      .execute();
    return rows.map((r) => r.token_hash.trim());
  } finally {
    await handle.close();
  }
}

const TOKEN_LINE = /^API token for a@b\.c: (vc_[\w-]+)$/m;

describe('npm run token', () => {
  let first = '';

  it('prints a new token for the user, making the user', async () => {
    const res = await run(['src/server/cli/token.ts', 'a@b.c']);
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    first = TOKEN_LINE.exec(res.stdout)?.[1] ?? '';
    expect(first).toMatch(/^vc_/);
    // Only its hash is kept.
    expect(await tokensOf('a@b.c')).toEqual([hashToken(first)]);
  }, 90_000);

  it('refuses with exit code 2 and says why while a running service holds the database', async () => {
    const pid = await liveProcess();
    writeFileSync(join(dataDir, 'service.lock'), String(pid));
    const res = await run(['src/server/cli/token.ts', 'a@b.c']);
    expect(res.code).toBe(2);
    expect(res.stdout).not.toMatch(TOKEN_LINE);
    expect(res.stderr).toContain(`held by a running service (pid ${pid})`);
    expect(res.stderr).toContain('Stop the service first');
    expect(res.stderr).toContain('Nothing was changed.');

    // The seed command refuses the same way.
    const seed = await run(['src/server/cli/seed.ts', '--calls', '10', '--email', 'a@b.c']);
    expect(seed.code).toBe(2);
    expect(seed.stderr).toContain(`held by a running service (pid ${pid})`);
    expect(readFileSync(join(dataDir, 'service.lock'), 'utf8')).toBe(String(pid));

    // Once that process is gone, its stale lock stops nobody, and nothing was written meanwhile.
    const sleeper = sleepers.at(-1);
    await new Promise<void>((done) => {
      sleeper?.once('exit', () => done());
      sleeper?.kill();
    });
    expect(await tokensOf('a@b.c')).toEqual([hashToken(first)]);
  }, 60_000);

  it('works again after the service is gone, and leaves no lock behind', async () => {
    const res = await run(['src/server/cli/token.ts', 'A@B.C']);
    expect(res.code).toBe(0);
    const second = TOKEN_LINE.exec(res.stdout)?.[1] ?? '';
    expect(second).toMatch(/^vc_/);
    expect(second).not.toBe(first);
    expect((await tokensOf('a@b.c')).sort()).toEqual([hashToken(first), hashToken(second)].sort());
    expect(existsSync(join(dataDir, 'service.lock'))).toBe(false);
  }, 60_000);

  it('explains its usage for a missing or malformed email', async () => {
    for (const args of [[], ['not-an-email']]) {
      const res = await run(['src/server/cli/token.ts', ...args]);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('Usage: npm run token -- you@example.com');
    }
  });
});

describe('npm run seed', () => {
  it('adds generated calls for a user, making the user with a little demo data', async () => {
    const res = await run(['src/server/cli/seed.ts', '--calls', '120', '--email', 'bench@example.com']);
    expect(res.stderr.trim()).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Creating bench@example.com with a little demo data');
    expect(res.stdout).toMatch(/120 \/ 120 calls/);
    expect(res.stdout).toMatch(/^API token for bench@example\.com: vc_/m);
    const handle = await openDatabase({ dataDir });
    try {
      const user = await handle.db.selectFrom('users').select('id').where('email', '=', 'bench@example.com').executeTakeFirstOrThrow();
      const calls = await handle.db
        .selectFrom('calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(calls.n)).toBe(120);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('refuses bad arguments with its usage', async () => {
    const res = await run(['src/server/cli/seed.ts', '--calls', 'lots']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage: npm run seed -- --calls');
  });
});
