import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { CallRow } from '../../db/schema';
import { toDbTimestamp } from '../../db/time';
import { publish } from '../../events/bus';
import { callEvent } from '../../events/build';
import { ModelCallError, type ChatModel } from '../../model/chat-model';
import { readPlan, stepsOf, type CallPlan } from '../plan';
import { appendTurn } from './append-turn';
import { readEntries, transcriptLines, type TalkEntry } from './entries';
import { POST_CALL_SCHEMA_NAME, postCallSchema, postCallSystemPrompt, readPostCall } from './post-call';
import { loadCallTalk, type CallTalk } from './setting';
import { freshTalkState, readTalkState, type TalkState } from './state';
import { takeTalkTurn } from './turn';

/*
 * The background work of model calls. A call the engine hands over (calls.ts, when a human answers and a
 * model is configured) has talk_next_at: when its next turn is due. Each process claims due calls with a
 * lease (talk_locked_until on the database's clock, talk_lease its token; FOR UPDATE SKIP LOCKED, as the
 * engine and the webhook outbox claim theirs), and takes a few turns per claim with no transaction open
 * while a model or a tool works. Each turn is written in a short transaction that holds only if the lease
 * is still this claim's, so a turn is never recorded twice, and a process killed mid-turn leaves its lease
 * to run out for the next one to resume the call where its transcript stands. When the conversation has
 * ended, the post-call reading (structured output) is asked for, and the call goes back to the engine,
 * which ends it (ended, its outcome, costs, lead, webhooks) as it ends every call. A live voice call
 * (voice/call-record.ts) ends through the same readAfterCall and handBack, and holds its call with a lease of
 * the same columns: should its process die, this worker finds it in post_call once the lease runs out and ends it.
 */

export interface TalkOptions {
  model: ChatModel;
  allowPrivateUrls: boolean;
  /** How long a claim is this process's (renewed at each turn it writes). */
  leaseMs?: number;
  /** Calls worked on at once by this process. */
  concurrency?: number;
  /** Turns per call per claim at most (the call is then left for the next claim, by any process). */
  turnsPerClaim?: number;
  /** Stop claiming after this long in one call of advanceTalks (the runner calls again on its next tick). */
  budgetMs?: number;
}

export const TALK_LEASE_MS = 120_000;
/** A step that failed (the model endpoint down) is tried again this much later, up to MAX_FAILURES times. */
export const TALK_RETRY_MS = 5_000;
export const MAX_FAILURES = 3;

const parseDb = (ts: string) => Date.parse(`${ts.replace(' ', 'T')}Z`);

async function claimTalks(db: Db, now: Date, limit: number, leaseMs: number, lease: string): Promise<CallRow[]> {
  const result = await sql<CallRow>`
    UPDATE calls SET talk_locked_until = now() + make_interval(secs => ${leaseMs / 1000}), talk_lease = ${lease}
    WHERE id IN (
      SELECT id FROM calls
      WHERE talk_next_at IS NOT NULL AND talk_next_at <= ${toDbTimestamp(now)} AND (talk_locked_until IS NULL OR talk_locked_until < now())
      ORDER BY talk_next_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return [...result.rows];
}

/** Takes due turns of model calls until none is due or the budget is spent; returns the turns written. */
export async function advanceTalks(db: Db, now: Date, options: TalkOptions): Promise<number> {
  const leaseMs = options.leaseMs ?? TALK_LEASE_MS;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const until = performance.now() + (options.budgetMs ?? 20_000);
  let written = 0;
  // Most ticks find nothing due: one index probe.
  const any = await db.selectFrom('calls').select('id').where('talk_next_at', 'is not', null).where('talk_next_at', '<=', toDbTimestamp(now)).limit(1).executeTakeFirst();
  if (!any) return 0;
  while (performance.now() < until) {
    const lease = randomUUID();
    const claimed = await claimTalks(db, now, concurrency, leaseMs, lease);
    if (claimed.length === 0) break;
    const counts = await Promise.all(claimed.map((call) => workOn(db, call, now, lease, leaseMs, options).catch((e: unknown) => failed(db, call, lease, e))));
    written += counts.reduce((a, b) => a + b, 0);
    if (counts.every((n) => n === 0)) break;
  }
  return written;
}

/** A bug or a bad row: logged, the lease let go, the call tried again later (never a loop on the spot). */
async function failed(db: Db, call: CallRow, lease: string, e: unknown): Promise<number> {
  console.error(`Model calls: call ${call.id}:`, e instanceof Error ? e.message : e);
  await db
    .updateTable('calls')
    .set({ talk_locked_until: null, talk_lease: null, talk_next_at: sql<string>`talk_next_at + interval '5 seconds'` })
    .where('id', '=', call.id)
    .where('talk_lease', '=', lease)
    .execute();
  return 0;
}

const dueAt = (call: CallRow, state: TalkState) => parseDb(call.answered_at ?? call.created_at) + state.elapsed_ms;

/** Some turns of one claimed call; returns how many were written. */
async function workOn(db: Db, claimed: CallRow, now: Date, lease: string, leaseMs: number, options: TalkOptions): Promise<number> {
  const plan = readPlan(claimed.engine_plan);
  let state = readTalkState(claimed.talk_state);
  if (!plan || !state) return endWithoutTalk(db, claimed, lease, plan);
  const loaded = await loadCallTalk(db, { call: claimed, plan, model: options.model, allowPrivateUrls: options.allowPrivateUrls, persona: state.persona || null });
  if (!loaded) return endWithoutTalk(db, claimed, lease, plan);
  const { talk } = loaded;
  if (!state.persona) state = { ...state, persona: loaded.persona };
  let transcript = readEntries(claimed.transcript);
  let written = 0;
  for (let n = 0; n < (options.turnsPerClaim ?? 4); n++) {
    if (state.phase === 'post_call') {
      if (await readAfterCall(db, claimed, plan, state, transcript, talk, lease, options.model, now)) written += 1;
      return written;
    }
    if (dueAt(claimed, state) > now.getTime() && n > 0) break;
    let outcome;
    try {
      outcome = await takeTalkTurn(talk.setting, transcript, state);
    } catch (e) {
      if (!(e instanceof ModelCallError)) throw e;
      state = await stepFailed(db, claimed, state, lease, now, e);
      return written;
    }
    const entries = [...transcript, ...outcome.entries];
    const row = await writeTurn(db, claimed, outcome.state, outcome.entries, entries, lease, leaseMs);
    if (!row) return written; // the lease ran out meanwhile: the call is another claim's now
    written += 1;
    publish(db, callEvent(row));
    transcript = entries;
    state = outcome.state.end ? { ...outcome.state, phase: 'post_call' } : outcome.state;
  }
  await db.updateTable('calls').set({ talk_locked_until: null, talk_lease: null }).where('id', '=', claimed.id).where('talk_lease', '=', lease).execute();
  return written;
}

/** One turn written, if the claim still holds: the transcript grows, the latency and duration follow. */
async function writeTurn(db: Db, call: CallRow, state: TalkState, added: TalkEntry[], entries: TalkEntry[], lease: string, leaseMs: number): Promise<CallRow | undefined> {
  const answered = parseDb(call.answered_at ?? call.created_at);
  const ended = state.end !== undefined;
  const next: TalkState = ended ? { ...state, phase: 'post_call' } : state;
  return db
    .updateTable('calls')
    .set({
      ...appendTurn(added, entries, state.elapsed_ms),
      talk_state: JSON.stringify(next),
      talk_next_at: toDbTimestamp(new Date(answered + state.elapsed_ms)),
      talk_locked_until: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      ...(ended && { status: 'ended', finished_at: toDbTimestamp(new Date(answered + state.elapsed_ms)) }),
      updated_at: toDbTimestamp(new Date(Math.max(answered + state.elapsed_ms, parseDb(call.updated_at)))),
    })
    .where('id', '=', call.id)
    .where('talk_lease', '=', lease)
    .returningAll()
    .executeTakeFirst();
}

/** The model endpoint failed: tried again a little later, and after MAX_FAILURES the call ends as failed. */
async function stepFailed(db: Db, call: CallRow, state: TalkState, lease: string, now: Date, e: ModelCallError): Promise<TalkState> {
  const failures = state.failures + 1;
  console.error(`Model calls: call ${call.id}: the model failed (${failures}/${MAX_FAILURES}): ${e.message}`);
  const next: TalkState =
    failures >= MAX_FAILURES
      ? state.phase === 'post_call'
        ? { ...state, failures, extracted: {}, evaluation: {} }
        : { ...state, failures, phase: 'post_call', end: { status: 'failed', reason: 'model_error' } }
      : { ...state, failures };
  const answered = parseDb(call.answered_at ?? call.created_at);
  await db
    .updateTable('calls')
    .set({
      talk_state: JSON.stringify(next),
      talk_next_at: toDbTimestamp(new Date(Math.max(now.getTime() + TALK_RETRY_MS, answered + state.elapsed_ms))),
      talk_locked_until: null,
      talk_lease: null,
      ...(next.end && !state.end && { status: 'ended', finished_at: toDbTimestamp(new Date(answered + state.elapsed_ms)) }),
    })
    .where('id', '=', call.id)
    .where('talk_lease', '=', lease)
    .execute();
  return next;
}

/**
 * After the conversation: the post-call reading by the model (structured output), then the call goes back
 * to the engine with its real talk time and ending in the plan, due at its outcome.
 */
export async function readAfterCall(db: Db, call: CallRow, plan: CallPlan, state: TalkState, transcript: TalkEntry[], talk: CallTalk, lease: string, model: ChatModel, now: Date): Promise<boolean> {
  let read = state;
  if (!read.extracted) {
    const { fields, evaluation, language, modelName } = talk.postCall;
    try {
      const answer = await model.object({
        model: modelName,
        system: postCallSystemPrompt(language),
        messages: [{ role: 'user', content: `Call transcript:\n${transcriptLines(transcript)}` }],
        schema: postCallSchema(fields, evaluation),
        schemaName: POST_CALL_SCHEMA_NAME,
        temperature: 0,
      });
      const reading = readPostCall(answer.value, fields, evaluation);
      const tokens = (answer.usage.inputTokens ?? 0) + (answer.usage.outputTokens ?? 0);
      read = { ...read, ...reading, model_requests: read.model_requests + 1, billed_tokens: read.billed_tokens + tokens };
    } catch (e) {
      if (!(e instanceof ModelCallError)) throw e;
      const next = await stepFailed(db, call, state, lease, now, e);
      if (!next.extracted) return false;
      read = next;
    }
  }
  return handBack(db, call, plan, read, lease);
}

/** The call back to the engine: its plan says how long it talked and how it ended; due at its outcome. */
export async function handBack(db: Db, call: CallRow, plan: CallPlan, state: TalkState, lease: string): Promise<boolean> {
  const talkS = Math.max(1, Math.ceil(state.elapsed_ms / 1000));
  const updated: CallPlan = { ...plan, talk_s: talkS, final_status: state.end?.status ?? 'completed' };
  const final = stepsOf(updated).at(-1);
  const created = parseDb(call.created_at);
  const row = await db
    .updateTable('calls')
    .set({
      engine_plan: JSON.stringify(updated),
      engine_next_at: toDbTimestamp(new Date(created + (final?.at_s ?? 0) * 1000)),
      talk_state: JSON.stringify(state),
      talk_next_at: null,
      talk_locked_until: null,
      talk_lease: null,
      duration: talkS,
    })
    .where('id', '=', call.id)
    .where('talk_lease', '=', lease)
    .returningAll()
    .executeTakeFirst();
  if (row) publish(db, callEvent(row));
  return row !== undefined;
}

/** A call the model can no longer hold (its assistant deleted, no model name): it ends where it stands. */
async function endWithoutTalk(db: Db, call: CallRow, lease: string, plan: CallPlan | null): Promise<number> {
  const state: TalkState = readTalkState(call.talk_state) ?? freshTalkState('post_call', 'assistant', true);
  const ended: TalkState = { ...state, phase: 'post_call', end: state.end ?? { status: 'failed', reason: 'model_error' }, extracted: state.extracted ?? {}, evaluation: state.evaluation ?? {} };
  if (!plan) {
    await db.updateTable('calls').set({ talk_next_at: null, talk_locked_until: null, talk_lease: null, talk_state: JSON.stringify(ended) }).where('id', '=', call.id).where('talk_lease', '=', lease).execute();
    return 0;
  }
  return (await handBack(db, call, plan, ended, lease)) ? 1 : 0;
}
