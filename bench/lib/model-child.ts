import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { issueToken } from '../../src/server/auth/tokens';
import type { Db } from '../../src/server/db/connect';
import type { Clock } from '../../src/server/engine/clock';
import { insertAssistant } from '../../src/server/test/fixtures';

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

/** A user with a large balance and the support assistant the model benches call with (prompt, first words, one post-call field). */
export async function benchAssistant(db: Db, label: string): Promise<{ userId: number; assistantId: number }> {
  const { userId } = await issueToken(db, `${label}-${Date.now()}@example.com`);
  await db.updateTable('users').set({ balance: '1000000' }).where('id', '=', userId).execute();
  const { id: assistantId } = await insertAssistant(db, userId);
  await db
    .updateTable('assistants')
    .set({
      system_prompt: 'You are the support line of Acme.',
      initial_message: 'Hello, Acme support here. How can I help?',
      post_call_schema: JSON.stringify([{ name: 'order_id', type: 'string', description: 'the order' }]),
    })
    .where('id', '=', assistantId)
    .execute();
  return { userId, assistantId };
}
