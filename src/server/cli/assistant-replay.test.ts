import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../engine/clock';
import { placeCall } from '../engine/place-call';
import { insertAssistant } from '../test/fixtures';
import { startOrderTool, type OrderTool } from '../test/stand-ins/tool-endpoint';
import { startTestService, type TestService, type TestUser } from '../test/harness';
import { startStandInModel, type SeenRequest, type Scripted, type StandInModel } from '../test/stand-ins/model';

/*
 * `npm run assistant-replay` as CI runs it (as assistant-test.test.ts runs its sibling): the command in a
 * process of its own against a service on a clock 30 times the wall clock, a stand-in model whose assistant
 * looks orders up with a tool. The exit code says whether any replay went worse.
 */

const root = resolve(import.meta.dirname, '../../..');
let svc: TestService;
let stand: StandInModel;
let tools: OrderTool;
let alice: TestUser;

const start = Date.now();
const fast: Clock = { now: () => new Date(start + (Date.now() - start) * 30) };

function assistantScript(req: SeenRequest): Scripted {
  const last = req.body.messages.at(-1);
  if (last?.role === 'tool') return { text: 'Your order has shipped. Anything else?' };
  const said = typeof last?.content === 'string' ? last.content : '';
  if (/order/i.test(said) && req.body.tools?.some((t) => t.function.name === 'order_status')) return { toolCalls: [{ name: 'order_status', arguments: { order_id: 'A-1234' } }] };
  return { text: 'Of course, I can help you with that.' };
}

beforeAll(async () => {
  stand = await startStandInModel({ fallback: assistantScript });
  tools = await startOrderTool();
  svc = await startTestService({ clock: fast, tickMs: 50, llm: { baseUrl: stand.baseUrl, retryDelayMs: 5 } });
  alice = await svc.user();
});

afterAll(async () => {
  await svc?.close();
  await stand?.close();
  await tools?.close();
});

function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/assistant-replay.ts', ...args], { cwd: root, env: { ...process.env, VC_API_TOKEN: alice.token } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

describe('npm run assistant-replay', () => {
  it('exits 0 when no replay went worse, and 1 with the reason once the tool is gone', async () => {
    const db = svc.handle.db;
    const a = await insertAssistant(db, alice.id);
    const model = await db.selectFrom('llm_models').select('id').where('name', '=', 'gpt-4o').executeTakeFirstOrThrow();
    await db.updateTable('assistants').set({ llm_model_id: model.id, initial_message: 'Hello, Acme support.' }).where('id', '=', a.id).execute();
    const tool = await db
      .insertInto('tools')
      .values({ user_id: alice.id, name: 'order_status', description: 'An order', endpoint: `${tools.base}/o`, method: 'POST', timeout: 5, headers: '[]', schema: JSON.stringify([{ name: 'order_id', type: 'string' }]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('assistant_tools').values({ assistant_id: a.id, tool_id: tool.id }).execute();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const persona = 'Your name is Ada. What you want: find out where your late order is.';
      ids.push((await db.transaction().execute((trx) => placeCall(trx, { user_id: alice.id, assistant_id: a.id, assistant_name: 'Acme', type: 'outbound', client_phone_number: '+12025550100', assistant_phone_number: null, variables: {}, persona, now: fast.now() }))).id);
    }
    for (let i = 0; i < 300; i++) {
      const open = await db.selectFrom('calls').select('id').where('id', 'in', ids).where((eb) => eb.or([eb('engine_next_at', 'is not', null), eb('talk_next_at', 'is not', null)])).execute();
      if (open.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const same = await cli(['--assistant', String(a.id), '--url', svc.api, '--filter', 'status=completed', '--interval', '200']);
    expect(same.output).toMatch(/CALL\s+REPLAY\s+OUTCOME\s+TURNS\s+TOOLS\s+VARIABLES\s+VERDICT/);
    expect(same.output).toMatch(new RegExp(`${ids[0]}\\s+\\d+\\s+completed -> completed\\s+\\d+ -> \\d+\\s+=\\s+=\\s+same`));
    expect(same.output).toMatch(/FINISHED: 0 better, 2 same, 0 worse, 0 unclear of 2/);
    expect(same.code, same.output).toBe(0);

    await db.deleteFrom('assistant_tools').where('assistant_id', '=', a.id).execute();
    const worse = await cli(['--assistant', String(a.id), '--url', svc.api, '--call', String(ids[0]), '--interval', '200']);
    expect(worse.output).toMatch(/-order_status\s+=\s+worse/);
    expect(worse.output).toMatch(new RegExp(`call ${ids[0]} went worse: The original called a tool the replay did not`));
    expect(worse.output).toMatch(/changed: tools/);
    expect(worse.code, worse.output).toBe(1);

    const bad = await cli(['--assistant', String(a.id), '--url', svc.api, '--call', '999999']);
    expect(bad.output).toMatch(/HTTP 404: Call not found/);
    expect(bad.code).toBe(2);
  });
});
