import { sql } from 'kysely';
import { LIVE_CALL_STATUSES, REPLAY_MAX, type StartReplayInput } from '../../contract';
import { callLogFilter, filteredCalls } from '../calls/log';
import { requireCallBalance } from '../calls/start';
import type { Db } from '../db/connect';
import type { CallRow, JsonRecord, ReplayPairRow, ReplaySetRow } from '../db/schema';
import { isoMicros, isoMicrosOrNull, toDbTimestamp } from '../db/time';
import { languageOf } from '../engine/content';
import { fieldError, HttpError, notFound } from '../http/errors';
import { chooseModel, type ChatModel } from '../model/chat-model';
import { assistantConfig, configChanges, configVersion } from '../suites/config';
import { cancelQueue, REPLAY_QUEUE } from '../suites/queue';
import { NO_MODEL_NAME } from '../suites/runs';
import { ownAssistant } from '../suites/scenarios';
import type { Diff } from './compare';
import { callFacts, readFacts, replayPersona, type CallFacts } from './original';
import { proposedExpectations } from './scenario';

/*
 * Replay sets: starting one picks the calls (by id, or the call log's filter), snapshots each original and
 * the assistant's settings, and writes one queued pair per call; the background work (worker.ts) places the
 * replays and compares them. Reading a set works out its progress and summary from its pairs.
 */

export const SET_NOT_FOUND = 'Replay set not found';
export const CALL_NOT_FOUND = 'Call not found';
export const CALL_LIVE = 'The call is still live: replay it once it has ended.';
export const NO_CALLS = 'No ended calls match the filter.';
export const MANY_ASSISTANTS = "The calls are of more than one assistant: replay one assistant's calls at a time (filter by assistant_id).";

const isLive = (c: Pick<CallRow, 'status' | 'engine_next_at' | 'talk_next_at'>) => LIVE_CALL_STATUSES.includes(c.status) || c.engine_next_at !== null || c.talk_next_at !== null;

async function pickCalls(db: Db, userId: number, request: StartReplayInput): Promise<{ calls: CallRow[]; field: string }> {
  if (request.call_ids) {
    const ids = [...new Set(request.call_ids)];
    const calls = await db.selectFrom('calls').selectAll().where('user_id', '=', userId).where('id', 'in', ids).orderBy('created_at').orderBy('id').execute();
    // Another user's call is one this user does not have: 404, nothing of it shown.
    if (calls.length !== ids.length) throw notFound(CALL_NOT_FOUND);
    const live = calls.find(isLive);
    if (live) throw new HttpError(422, `${CALL_LIVE} (call ${live.id})`);
    return { calls, field: 'call_ids' };
  }
  const filter = callLogFilter(request.filter!, undefined);
  const newest = await filteredCalls(db, userId, filter)
    .selectAll()
    .where('status', 'not in', [...LIVE_CALL_STATUSES])
    .where('engine_next_at', 'is', null)
    .where('talk_next_at', 'is', null)
    // Not the calls suites and replays placed themselves (a replay of a replay compares the assistant with itself).
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('replay_pairs').select(sql`1`.as('one')).whereRef('replay_pairs.call_id', '=', 'calls.id'))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('suite_run_items').select(sql`1`.as('one')).whereRef('suite_run_items.call_id', '=', 'calls.id'))))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REPLAY_MAX)
    .execute();
  if (newest.length === 0) throw new HttpError(422, NO_CALLS);
  return { calls: newest.reverse(), field: 'filter.assistant_id' };
}

/** The assistant's settings as last kept (its newest suite run or replay set), for what changed since. */
async function lastConfig(db: Db, assistantId: number): Promise<JsonRecord | null> {
  const row = await sql<{ config: JsonRecord }>`
    SELECT config FROM (
      SELECT config, created_at, 1 AS k FROM suite_runs WHERE assistant_id = ${assistantId}
      UNION ALL SELECT config, created_at, 2 AS k FROM replay_sets WHERE assistant_id = ${assistantId}
    ) s ORDER BY created_at DESC, k DESC LIMIT 1`.execute(db);
  return row.rows[0]?.config ?? null;
}

export interface StartSetInput {
  userId: number;
  request: StartReplayInput;
  model: ChatModel;
  now: Date;
}

export async function startSet(db: Db, input: StartSetInput): Promise<ReplaySetRow> {
  const { userId, request } = input;
  const { calls, field } = await pickCalls(db, userId, request);
  const assistantIds = new Set(calls.map((c) => c.assistant_id));
  if (assistantIds.size > 1) throw fieldError(field, MANY_ASSISTANTS);
  const assistantId = calls[0]?.assistant_id ?? null;
  if (assistantId === null) throw fieldError(field, 'The calls have no assistant to replay them with.');
  await ownAssistant(db, userId, assistantId);
  const config = await assistantConfig(db, assistantId);
  if (!config) throw notFound('Assistant not found');
  if (!chooseModel(input.model.info, typeof config.model === 'string' ? config.model : null)) throw new HttpError(422, NO_MODEL_NAME);
  await requireCallBalance(db, userId);
  const before = await lastConfig(db, assistantId);
  const language = languageOf(typeof config.language === 'string' ? config.language : null, null);
  const ts = toDbTimestamp(input.now);
  return db.transaction().execute(async (trx) => {
    const set = await trx
      .insertInto('replay_sets')
      .values({
        user_id: userId,
        assistant_id: assistantId,
        status: 'running',
        source: JSON.stringify(request.call_ids ? { call_ids: request.call_ids } : { filter: callLogFilter(request.filter!, undefined) }),
        config: JSON.stringify(config),
        config_version: configVersion(config),
        config_before: before === null ? null : JSON.stringify(before),
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const pairs = calls.map((call) => {
      const original = callFacts(call);
      return { set_id: set.id, user_id: userId, original_call_id: call.id, original: JSON.stringify(original), persona: replayPersona(original, language), status: 'queued' };
    });
    await trx.insertInto('replay_pairs').values(pairs).execute();
    return set;
  });
}

export async function ownSet(db: Db, userId: number, setId: number): Promise<ReplaySetRow> {
  const set = await db.selectFrom('replay_sets').selectAll().where('id', '=', setId).where('user_id', '=', userId).executeTakeFirst();
  if (!set) throw notFound(SET_NOT_FOUND);
  return set;
}

async function pairsOf(db: Db, setIds: number[]): Promise<ReplayPairRow[]> {
  if (setIds.length === 0) return [];
  return db.selectFrom('replay_pairs').selectAll().where('set_id', 'in', setIds).orderBy('id').execute();
}

/** What a pair's comparison holds once done: the replay's facts and the differences. */
export interface StoredComparison {
  replay: CallFacts;
  diff: Diff;
  lines: { transcript: string; line: number }[];
}

export function readComparison(raw: JsonRecord | null): StoredComparison | null {
  if (!raw) return null;
  const replay = readFacts(raw.replay);
  if (!replay || typeof raw.diff !== 'object' || raw.diff === null) return null;
  return { replay, diff: raw.diff as unknown as Diff, lines: Array.isArray(raw.lines) ? (raw.lines as StoredComparison['lines']) : [] };
}

const callView = (f: CallFacts) => ({ call_id: f.call_id, status: f.status, end_reason: f.end_reason, turns: f.turns, transcript: f.transcript, variables: f.variables, evaluation: f.evaluation });

export function pairResource(pair: ReplayPairRow) {
  const original = readFacts(pair.original);
  const comparison = readComparison(pair.comparison);
  return {
    id: pair.id,
    original_call_id: pair.original_call_id,
    call_id: pair.call_id,
    status: pair.status,
    error: pair.error,
    verdict: pair.verdict,
    reason: pair.reason,
    lines: comparison?.lines ?? [],
    original: original ? callView(original) : null,
    replay: comparison ? callView(comparison.replay) : null,
    diff: comparison?.diff ?? null,
    proposed_expectations: original ? proposedExpectations(original) : [],
    started_at: isoMicrosOrNull(pair.started_at),
    finished_at: isoMicrosOrNull(pair.finished_at),
  };
}

/** How often each name appears, most often first (ties by name). */
function counted(names: string[]): { name: string; count: number }[] {
  const m = new Map<string, number>();
  for (const n of names) m.set(n, (m.get(n) ?? 0) + 1);
  return [...m].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export function summariseSet(pairs: readonly ReplayPairRow[]) {
  const verdicts = { better: 0, same: 0, worse: 0, unclear: 0 };
  const tools: string[] = [];
  const variables: string[] = [];
  for (const p of pairs) {
    if (p.verdict === 'better' || p.verdict === 'same' || p.verdict === 'worse' || p.verdict === 'unclear') verdicts[p.verdict] += 1;
    const c = readComparison(p.comparison);
    if (!c) continue;
    // Each name once per pair: "changed in 3 of 10 replays".
    tools.push(...new Set(c.diff.tools.map((t) => t.name)));
    variables.push(...new Set(c.diff.variables.map((v) => v.name)));
  }
  return {
    pairs_total: pairs.length,
    pairs_done: pairs.filter((p) => p.status === 'done' || p.status === 'error' || p.status === 'cancelled').length,
    pairs_running: pairs.filter((p) => p.status === 'calling').length,
    verdicts,
    tools_changed: counted(tools),
    variables_changed: counted(variables),
  };
}

function setResource(set: ReplaySetRow, pairs: ReplayPairRow[], withPairs: boolean) {
  return {
    id: set.id,
    assistant_id: set.assistant_id,
    status: set.status,
    source: set.source,
    config_version: set.config_version,
    config_version_before: set.config_before ? configVersion(set.config_before) : null,
    config_changes: configChanges(set.config_before, set.config),
    ...summariseSet(pairs),
    ...(withPairs && { pairs: pairs.map(pairResource) }),
    created_at: isoMicros(set.created_at),
    finished_at: isoMicrosOrNull(set.finished_at),
  };
}
export type ReplaySetResource = ReturnType<typeof setResource>;

export async function setWithPairs(db: Db, userId: number, setId: number): Promise<ReplaySetResource> {
  const set = await ownSet(db, userId, setId);
  return setResource(set, await pairsOf(db, [set.id]), true);
}

export async function setsPage(db: Db, userId: number, assistantId: number | undefined, page: number, perPage: number): Promise<{ total: number; rows: ReplaySetResource[] }> {
  if (assistantId !== undefined) await ownAssistant(db, userId, assistantId);
  let base = db.selectFrom('replay_sets').where('user_id', '=', userId);
  if (assistantId !== undefined) base = base.where('assistant_id', '=', assistantId);
  const [count, sets] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
  ]);
  const pairs = await pairsOf(db, sets.map((s) => s.id));
  return { total: Number(count.n), rows: sets.map((s) => setResource(s, pairs.filter((p) => p.set_id === s.id), false)) };
}

/** Stops placing replays: queued pairs are cancelled; calls in flight play out in the call log, not compared. */
export async function cancelSet(db: Db, now: Date, userId: number, setId: number): Promise<ReplaySetResource> {
  await ownSet(db, userId, setId);
  await cancelQueue(db, now, REPLAY_QUEUE, setId);
  return setWithPairs(db, userId, setId);
}
