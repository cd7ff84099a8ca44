import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect';
import type { ReplayPairRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { chooseModel, type ChatModel } from '../model/chat-model';
import { claimEnded, finishIfDone, placeQueued, releaseClaim, REPLAY_QUEUE, runningIds, type CallingAssistant, type ItemCall } from '../suites/queue';
import { DEFAULT_SUITE_PARALLELISM, SUITE_LEASE_MS } from '../suites/worker';
import { compareCalls } from './compare';
import { judgeReplay } from './judge';
import { callFacts, readFacts } from './original';
import type { StoredComparison } from './sets';

/*
 * The background work of replay sets, the two steps of the suites' worker (suites/worker.ts) over the
 * same queue of calls (suites/queue.ts) of replay_pairs, each safe in any number of processes at once:
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
  const running = await runningIds(db, REPLAY_QUEUE);
  if (running.length === 0) return 0;
  let moved = 0;
  for (const id of running) moved += await placeQueued<ReplayPairRow>(db, now, REPLAY_QUEUE, id, options.parallelism ?? DEFAULT_SUITE_PARALLELISM, replayCall);
  moved += await compareDue(db, now, options);
  for (const id of running) await finishIfDone(db, now, REPLAY_QUEUE, id);
  return moved;
}

/** A replay may take a few more turns than the original did (it may go another way), within the suites' limits. */
const turnsFor = (originalTurns: number) => Math.min(80, Math.max(8, originalTurns + 6));

/** A replay's call: the original's direction and variables, the original caller as the customer. */
function replayCall(pair: ReplayPairRow, assistant: CallingAssistant): ItemCall {
  const original = readFacts(pair.original);
  return {
    type: original?.type ?? (assistant.type === 'inbound' ? 'inbound' : 'outbound'),
    variables: original?.input_variables ?? {},
    persona: pair.persona,
    max_turns: turnsFor(original?.turns ?? 0),
  };
}

async function compareDue(db: Db, now: Date, options: ReplayWorkOptions): Promise<number> {
  const lease = randomUUID();
  const claimed = await claimEnded<ReplayPairRow>(db, REPLAY_QUEUE, options.concurrency ?? 8, options.leaseMs ?? SUITE_LEASE_MS, lease);
  const done = await Promise.all(
    claimed.map((pair) =>
      comparePair(db, now, pair, lease, options.model).catch(async (e: unknown) => {
        console.error(`Replays: pair ${pair.id}:`, e instanceof Error ? e.message : e);
        await releaseClaim(db, REPLAY_QUEUE, pair.id, lease);
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
