import { sql } from 'kysely';
import { balanceOf, INSUFFICIENT_BALANCE_CALL } from '../account/balance';
import type { Db } from '../db/connect';
import type { JsonRecord } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { MIN_BALANCE_FOR_CALL, placeCall, placedCallEvent } from '../engine/place-call';
import { publish, type ServiceEvent } from '../events/bus';

/*
 * A queue of calls to place and then check, one row per call under a parent row: a suite run's repetitions
 * (suite_run_items under suite_runs) and a replay set's pairs (replay_pairs under replay_sets). Both move
 * the same way (migrations 0017 and 0021): status queued -> calling (call_id set in the transaction that
 * placed the call) -> done | error, or cancelled; a parent is running until nothing is queued or calling.
 * Placing holds the parent's row (FOR UPDATE SKIP LOCKED), so no item is placed twice by two processes and
 * no more than `parallelism` are in flight; checking claims ended calls with a lease (locked_until/lease).
 */

export const SUITE_QUEUE = { parents: 'suite_runs', items: 'suite_run_items', key: 'run_id' } as const;
export const REPLAY_QUEUE = { parents: 'replay_sets', items: 'replay_pairs', key: 'set_id' } as const;
export type CallQueue = typeof SUITE_QUEUE | typeof REPLAY_QUEUE;

/** The test number that always answers and completes (engine/plan.ts): the customer of suites and replays. */
export const SUITE_CUSTOMER_NUMBER = '+12025550100';

/** The assistant a queue places its calls for, and why none can be placed now (or null). */
export async function callingAssistant(trx: Db, assistantId: number, userId: number) {
  const assistant = await trx
    .selectFrom('assistants')
    .leftJoin('phone_numbers', (j) => j.onRef('phone_numbers.id', '=', 'assistants.phone_number_id').onRef('phone_numbers.user_id', '=', 'assistants.user_id'))
    .select(['assistants.id', 'assistants.name', 'assistants.type', 'phone_numbers.phone_number'])
    .where('assistants.id', '=', assistantId)
    .where('assistants.deleted_at', 'is', null)
    .executeTakeFirst();
  const refusal = !assistant ? 'The assistant was deleted.' : (await balanceOf(trx, userId)) < MIN_BALANCE_FOR_CALL ? INSUFFICIENT_BALANCE_CALL : null;
  return { assistant, refusal };
}

export type CallingAssistant = NonNullable<Awaited<ReturnType<typeof callingAssistant>>['assistant']>;

/** What one item's call is: the customer the model plays, the variables, the most turns, the direction. */
export interface ItemCall {
  type: 'inbound' | 'outbound';
  variables: JsonRecord;
  persona: string;
  max_turns: number;
}

/** Places the parent's queued items up to its free parallelism; returns how many moved (placed, or refused). */
export async function placeQueued<Item extends { id: number }>(db: Db, now: Date, queue: CallQueue, parentId: number, parallelism: number, callOf: (item: Item, assistant: CallingAssistant) => ItemCall): Promise<number> {
  const events: ServiceEvent[] = [];
  const items = sql.table(queue.items);
  const placed = await db.transaction().execute(async (trx) => {
    const parent = (await sql<{ id: number; user_id: number; assistant_id: number }>`SELECT id, user_id, assistant_id FROM ${sql.table(queue.parents)} WHERE id = ${parentId} AND status = 'running' FOR UPDATE SKIP LOCKED`.execute(trx)).rows[0];
    if (!parent) return 0;
    const calling = (await sql<{ n: string }>`SELECT count(*) AS n FROM ${items} WHERE ${sql.ref(queue.key)} = ${parent.id} AND status = 'calling'`.execute(trx)).rows[0];
    const free = parallelism - Number(calling?.n ?? 0);
    if (free <= 0) return 0;
    const queued = (await sql<Item>`SELECT * FROM ${items} WHERE ${sql.ref(queue.key)} = ${parent.id} AND status = 'queued' ORDER BY id LIMIT ${free}`.execute(trx)).rows;
    if (queued.length === 0) return 0;
    const ts = toDbTimestamp(now);
    const { assistant, refusal } = await callingAssistant(trx, parent.assistant_id, parent.user_id);
    if (refusal || !assistant) {
      await sql`UPDATE ${items} SET status = 'error', error = ${refusal}, started_at = ${ts}, finished_at = ${ts} WHERE id IN (${sql.join(queued.map((q) => q.id))})`.execute(trx);
      return queued.length;
    }
    for (const item of queued) {
      const input = { user_id: parent.user_id, assistant_id: assistant.id, assistant_name: assistant.name, client_phone_number: SUITE_CUSTOMER_NUMBER, assistant_phone_number: assistant.phone_number, ...callOf(item, assistant), now };
      const call = await placeCall(trx, input);
      await sql`UPDATE ${items} SET status = 'calling', call_id = ${call.id}, started_at = ${ts} WHERE id = ${item.id}`.execute(trx);
      events.push(placedCallEvent(input, call));
    }
    return queued.length;
  });
  for (const e of events) publish(db, e);
  return placed;
}

/**
 * Claims items whose call has its outcome, with a lease: `calling`, the call no longer with the engine, no
 * live lease. Any number of processes claim at once (SKIP LOCKED); a write back checks the lease is still its.
 */
export async function claimEnded<Row>(db: Db, queue: CallQueue, limit: number, leaseMs: number, lease: string): Promise<Row[]> {
  const result = await sql<Row>`
    UPDATE ${sql.table(queue.items)} SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}), lease = ${lease}
    WHERE id IN (
      SELECT i.id FROM ${sql.table(queue.items)} i LEFT JOIN calls c ON c.id = i.call_id
      WHERE i.status = 'calling' AND (c.id IS NULL OR c.engine_next_at IS NULL)
        AND (i.locked_until IS NULL OR i.locked_until < now())
      ORDER BY i.id
      LIMIT ${limit}
      FOR UPDATE OF i SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return [...result.rows];
}

/** A claimed item's lease let go (a bug or a bad row: tried again on a later tick). */
export async function releaseClaim(db: Db, queue: CallQueue, itemId: number, lease: string): Promise<void> {
  await sql`UPDATE ${sql.table(queue.items)} SET lease = NULL, locked_until = NULL WHERE id = ${itemId} AND lease = ${lease}`.execute(db);
}

/** Stops a running parent: queued and calling items are cancelled (calls in flight play out, unchecked). */
export async function cancelQueue(db: Db, now: Date, queue: CallQueue, parentId: number): Promise<void> {
  const ts = toDbTimestamp(now);
  await db.transaction().execute(async (trx) => {
    const parent = (await sql<{ status: string }>`SELECT status FROM ${sql.table(queue.parents)} WHERE id = ${parentId} FOR UPDATE`.execute(trx)).rows[0];
    if (parent?.status !== 'running') return;
    await sql`UPDATE ${sql.table(queue.items)} SET status = 'cancelled', finished_at = ${ts}, lease = NULL, locked_until = NULL WHERE ${sql.ref(queue.key)} = ${parentId} AND status IN ('queued', 'calling')`.execute(trx);
    await sql`UPDATE ${sql.table(queue.parents)} SET status = 'cancelled', finished_at = ${ts}, updated_at = ${ts} WHERE id = ${parentId}`.execute(trx);
  });
}

/** A running parent whose items have all ended is finished (idempotent: any process may find it so). */
export async function finishIfDone(db: Db, now: Date, queue: CallQueue, parentId: number): Promise<boolean> {
  const ts = toDbTimestamp(now);
  const res = await sql`
    UPDATE ${sql.table(queue.parents)} p SET status = 'finished', finished_at = ${ts}, updated_at = ${ts}
    WHERE p.id = ${parentId} AND p.status = 'running'
      AND NOT EXISTS (SELECT 1 FROM ${sql.table(queue.items)} i WHERE i.${sql.ref(queue.key)} = p.id AND i.status IN ('queued', 'calling'))`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** The running parents (most ticks find none: one index probe). */
export async function runningIds(db: Db, queue: CallQueue): Promise<number[]> {
  const rows = await sql<{ id: number }>`SELECT id FROM ${sql.table(queue.parents)} WHERE status = 'running' ORDER BY id LIMIT 50`.execute(db);
  return rows.rows.map((r) => r.id);
}
