import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect';
import type { ReplayPairRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { placeCall, placedCallEvent } from '../engine/place-call';
import { publish, type ServiceEvent } from '../events/bus';
import { chooseModel, type ChatModel } from '../model/chat-model';
import { callingAssistant, claimEnded, DEFAULT_SUITE_PARALLELISM, SUITE_CUSTOMER_NUMBER, SUITE_LEASE_MS } from '../suites/worker';
import { compareCalls } from './compare';
import { judgeReplay } from './judge';
import { callFacts, readFacts } from './original';
import { finishSetIfDone, type StoredComparison } from './sets';

/*
 * The background work of replay sets, the two steps of the suites' worker (suites/worker.ts) over
 * replay_pairs, each safe in any number of processes at once:
 * 1. Placing: a running set's row is held (FOR UPDATE SKIP LOCKED) while queued pairs up to the parallelism
 *    get their call, placed in the transaction that marks them `calling`: no original is replayed twice.
 *    The replay is a call of the same assistant in its current settings, in the original's direction, with
 *    its variables, to the test number that always answers; the customer the model plays is the original
 *    caller (original.ts).
 * 2. Comparing: a pair whose replay has its outcome is claimed with a lease; the comparison is worked out and
 *    the judge asked with no transaction open, and written only if the lease is still this claim's.
 */

export interface ReplayWorkOptions {
  model: ChatModel;
  leaseMs?: number;
  concurrency?: number;
  /** A set's replays in flight at once at most (counted across processes). */
  parallelism?: number;
}

/** Places and compares what is due; returns how many pairs moved. */
export async function advanceReplays(db: Db, now: Date, options: ReplayWorkOptions): Promise<number> {
  const running = await db.selectFrom('replay_sets').select('id').where('status', '=', 'running').orderBy('id').limit(50).execute();
  if (running.length === 0) return 0;
  let moved = 0;
  for (const { id } of running) moved += await placeDue(db, now, id, options.parallelism ?? DEFAULT_SUITE_PARALLELISM);
  moved += await compareDue(db, now, options);
  for (const { id } of running) await finishSetIfDone(db, now, id);
  return moved;
}

/** A replay may take a few more turns than the original did (it may go another way), within the suites' limits. */
const turnsFor = (originalTurns: number) => Math.min(80, Math.max(8, originalTurns + 6));

async function placeDue(db: Db, now: Date, setId: number, parallelism: number): Promise<number> {
  const events: ServiceEvent[] = [];
  const placed = await db.transaction().execute(async (trx) => {
    const set = await trx.selectFrom('replay_sets').selectAll().where('id', '=', setId).where('status', '=', 'running').forUpdate().skipLocked().executeTakeFirst();
    if (!set) return 0;
    const calling = await trx.selectFrom('replay_pairs').select((eb) => eb.fn.countAll<string>().as('n')).where('set_id', '=', set.id).where('status', '=', 'calling').executeTakeFirstOrThrow();
    const free = parallelism - Number(calling.n);
    if (free <= 0) return 0;
    const queued = await trx.selectFrom('replay_pairs').selectAll().where('set_id', '=', set.id).where('status', '=', 'queued').orderBy('id').limit(free).execute();
    if (queued.length === 0) return 0;
    const ts = toDbTimestamp(now);
    const { assistant, refusal } = await callingAssistant(trx, set.assistant_id, set.user_id);
    if (refusal || !assistant) {
      await trx.updateTable('replay_pairs').set({ status: 'error', error: refusal, started_at: ts, finished_at: ts }).where('id', 'in', queued.map((q) => q.id)).execute();
      return queued.length;
    }
    for (const pair of queued) {
      const original = readFacts(pair.original);
      const input = {
        user_id: set.user_id,
        assistant_id: assistant.id,
        assistant_name: assistant.name,
        type: original?.type ?? (assistant.type === 'inbound' ? ('inbound' as const) : ('outbound' as const)),
        client_phone_number: SUITE_CUSTOMER_NUMBER,
        assistant_phone_number: assistant.phone_number,
        variables: original?.input_variables ?? {},
        persona: pair.persona,
        max_turns: turnsFor(original?.turns ?? 0),
        now,
      };
      const call = await placeCall(trx, input);
      await trx.updateTable('replay_pairs').set({ status: 'calling', call_id: call.id, started_at: ts }).where('id', '=', pair.id).execute();
      events.push(placedCallEvent(input, call));
    }
    return queued.length;
  });
  for (const e of events) publish(db, e);
  return placed;
}

async function compareDue(db: Db, now: Date, options: ReplayWorkOptions): Promise<number> {
  const lease = randomUUID();
  const claimed = await claimEnded<ReplayPairRow>(db, 'replay_pairs', options.concurrency ?? 8, options.leaseMs ?? SUITE_LEASE_MS, lease);
  const done = await Promise.all(
    claimed.map((pair) =>
      comparePair(db, now, pair, lease, options.model).catch(async (e: unknown) => {
        console.error(`Replays: pair ${pair.id}:`, e instanceof Error ? e.message : e);
        await db.updateTable('replay_pairs').set({ lease: null, locked_until: null }).where('id', '=', pair.id).where('lease', '=', lease).execute();
        return false;
      }),
    ),
  );
  return done.filter(Boolean).length;
}

async function comparePair(db: Db, now: Date, pair: ReplayPairRow, lease: string, model: ChatModel): Promise<boolean> {
  const [call, set] = await Promise.all([
    pair.call_id === null ? undefined : db.selectFrom('calls').selectAll().where('id', '=', pair.call_id).executeTakeFirst(),
    db.selectFrom('replay_sets').select(['config']).where('id', '=', pair.set_id).executeTakeFirstOrThrow(),
  ]);
  const write = async (set: { status: 'done' | 'error'; error?: string; comparison?: StoredComparison; verdict?: string; reason?: string }) => {
    const res = await db
      .updateTable('replay_pairs')
      .set({
        status: set.status,
        error: set.error ?? null,
        comparison: set.comparison ? JSON.stringify(set.comparison) : null,
        verdict: set.verdict ?? null,
        reason: set.reason ?? null,
        finished_at: toDbTimestamp(now),
        lease: null,
        locked_until: null,
      })
      .where('id', '=', pair.id)
      .where('lease', '=', lease)
      .where('status', '=', 'calling')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  };
  const original = readFacts(pair.original);
  if (!call || !original) return write({ status: 'error', error: 'The replay was deleted before it could be compared.' });
  if (call.conversation_mode !== 'model') return write({ status: 'error', error: 'The language model did not hold the replay (it was played from the script), so there is nothing to compare.' });
  const replay = callFacts(call);
  const diff = compareCalls(original, replay);
  const modelName = chooseModel(model.info, typeof set.config.model === 'string' ? set.config.model : null)?.model ?? null;
  const verdict = modelName ? await judgeReplay({ model, modelName, original, replay, diff }) : { verdict: 'unclear' as const, reason: 'No model to judge with.', lines: [] };
  return write({ status: 'done', comparison: { replay, diff, lines: verdict.lines }, verdict: verdict.verdict, reason: verdict.reason });
}
