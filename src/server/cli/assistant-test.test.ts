import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../engine/clock';
import { insertAssistant } from '../test/fixtures';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { startStandInModel, type StandInModel } from '../test/stand-ins/model';

/*
 * `npm run assistant-test` as CI runs it: the command in a process of its own against a service started
 * here (real HTTP, its background work ticking on a clock 30 times the wall clock, so a call's half
 * minute of conversation takes about a second), with a stand-in model. Its exit code says whether every
 * expectation reached its threshold.
 */

const root = resolve(import.meta.dirname, '../../..');
let svc: TestService;
let stand: StandInModel;
let alice: TestUser;

function fastClock(speed: number): Clock {
  const start = Date.now();
  return { now: () => new Date(start + (Date.now() - start) * speed) };
}

beforeAll(async () => {
  stand = await startStandInModel({ fallback: { text: 'Of course, I can help you with that.' } });
  svc = await startTestService({ clock: fastClock(30), tickMs: 50, llm: { baseUrl: stand.baseUrl, retryDelayMs: 5 } });
  alice = await svc.user();
});

afterAll(async () => {
  await svc?.close();
  await stand?.close();
});

async function assistantWith(criterion: string): Promise<number> {
  const db = svc.handle.db;
  const a = await insertAssistant(db, alice.id);
  const model = await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
  await db.updateTable('assistants').set({ llm_model_id: model.id, initial_message: 'Hello, this is Acme.' }).where('id', '=', a.id).execute();
  const res = await alice.req('POST', `/user/assistant/${a.id}/scenarios`, {
    name: 'Question',
    persona: 'Your name is Ada.',
    goal: 'ask about opening hours',
    expectations: [
      { kind: 'outcome', outcome: 'completed', within_turns: 10 },
      { kind: 'judge', criterion },
    ],
  });
  expect(res.status, res.text).toBe(201);
  return a.id;
}

function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/assistant-test.ts', ...args], { cwd: root, env: { ...process.env, VC_API_TOKEN: alice.token } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

describe('npm run assistant-test', () => {
  it('exits 0 when every expectation holds, printing the summary', async () => {
    const id = await assistantWith('The assistant never mentions a "refund"');
    const { code, output } = await cli(['--assistant', String(id), '--url', svc.api, '--runs', '2', '--interval', '200']);
    expect(output).toMatch(/SCENARIO\s+EXPECTATION\s+PASSED\s+RATE\s+NEEDED\s+RESULT/);
    expect(output).toMatch(/Question\s+judge: The assistant never mentions a "refund"\s+2\/2\s+100%\s+80%\s+ok/);
    expect(output).toMatch(/PASSED: 2 of 2 expectations held/);
    expect(code, output).toBe(0);
  });

  it('exits 1 when an expectation falls below its threshold, with the evidence of each failed repetition', async () => {
    const id = await assistantWith('The assistant offers a "discount"');
    const { code, output } = await cli(['--assistant', String(id), '--url', `${svc.api.replace(/\/api$/, '')}`, '--runs', '2', '--min-pass', '0.5', '--interval', '200']);
    expect(output).toMatch(/judge: The assistant offers a "discount"\s+0\/2\s+0%\s+50%\s+FAIL/);
    expect(output).toMatch(/repetition 1 \(call \d+\): the judge says it does not hold — The assistant never said "discount"/);
    expect(output).toMatch(/FAILED: 1 of 2 expectations held/);
    expect(code, output).toBe(1);
  });

  it('exits 2 when the run cannot start, with the service\'s words', async () => {
    const bad = await cli(['--assistant', '999999', '--url', svc.api]);
    expect(bad.output).toMatch(/HTTP 404: Assistant not found/);
    expect(bad.code).toBe(2);
    const usage = await cli(['--url', svc.api]);
    expect(usage.output).toMatch(/Usage: npm run assistant-test/);
    expect(usage.code).toBe(2);
  });
});
