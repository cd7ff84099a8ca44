import { publicBaseUrl } from '../config';
import type { Db } from '../db/connect';
import type { AssistantUpdate } from '../db/schema';
import type { TestClock } from '../engine/clock';
import { insertAssistant, insertCall, type CallFixture } from '../test/fixtures';
import { enqueueCallWebhooks, type CallMoment } from './enqueue';

/*
 * Test set-up of the webhook suites: an assistant with its webhook settings, and calls that reach a moment
 * the way the engine's transaction does it (the call row changes, then enqueueCallWebhooks in the same
 * transaction).
 */

export async function webhookAssistant(db: Db, userId: number, settings: AssistantUpdate, type: 'inbound' | 'outbound' = 'outbound'): Promise<number> {
  const { id } = await insertAssistant(db, userId, { type });
  await db.updateTable('assistants').set(settings).where('id', '=', id).execute();
  return id;
}

/** Inserts a finished call of the assistant and enqueues its webhooks for `moment` at the clock's time. */
export async function callAt(
  db: Db,
  clock: TestClock,
  userId: number,
  assistantId: number,
  call: CallFixture = {},
  moments: readonly CallMoment[] = ['ended'],
): Promise<number> {
  const id = await insertCall(db, userId, {
    assistant_id: assistantId,
    assistant_phone_number: '+4930555000',
    client_phone_number: '+12025550100',
    duration: 42,
    transcript: JSON.stringify([
      { sender: 'assistant', text: 'Hello Ada!', timestamp: '0' },
      { sender: 'user', text: 'Hi.', timestamp: '1' },
    ]),
    at: clock.now(),
    finished_at: clock.now().toISOString().replace('T', ' ').replace('Z', ''),
    ...call,
  });
  for (const moment of moments) {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // PUBLIC_URL as the test has it now (a test sets it for its own calls).
      await enqueueCallWebhooks(trx, row, moment, clock.now(), publicBaseUrl(process.env));
    });
  }
  return id;
}

export async function deliveriesOf(db: Db, callId: number) {
  return db.selectFrom('webhook_deliveries').selectAll().where('call_id', '=', callId).orderBy('id').execute();
}
