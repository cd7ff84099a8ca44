import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect';
import type { CallRow, JsonRecord, PostCallField, SuiteRunItemRow } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { readEntries } from '../engine/talk/entries';
import { fieldType, namedFields } from '../engine/talk/post-call';
import { readTalkState } from '../engine/talk/state';
import { chooseModel, ModelCallError, type ChatModel } from '../model/chat-model';
import { checkExpectation, type CallFacts, type ExpectationResult } from './expectations';
import { judge } from './judge';
import { claimEnded, finishIfDone, placeQueued, releaseClaim, runningIds, SUITE_QUEUE, type CallingAssistant, type ItemCall } from './queue';
import { readSnapshot, type ScenarioSnapshot } from './summary';

/*
 * The background work of suite runs, in two steps over their queue of calls (queue.ts, shared with the replay
 * sets), each safe to run in any number of processes at once:
 *
 * 1. Placing calls. Each running run is taken in a transaction that holds its row (FOR UPDATE SKIP LOCKED,
 *    as the campaign dialler holds a campaign): its calls in flight are counted, and queued repetitions up
 *    to SUITE_PARALLELISM get their call, placed in the same transaction that marks them `calling`
 *    with the call's id. So no repetition is ever placed twice, and a process killed mid-way placed nothing.
 *    The call is a real one, played by the engine and held by the model as every call is: an outbound
 *    call to the test number that always answers (+1 202 555 0100), or, for an inbound assistant, that
 *    number calling in; the customer the model plays is the scenario's persona with its goal.
 * 2. Checking. A repetition whose call has its outcome is claimed with a lease (locked_until on the
 *    database's clock, the lease token kept with it); its expectations are checked with no transaction
 *    open while the judge asks the model, and the results are written only if the lease is still this
 *    claim's. A process killed meanwhile leaves the lease to run out; the next claim checks it again.
 * When a run has nothing queued or in flight left, it is finished.
 */

export const SUITE_LEASE_MS = 120_000;

export interface SuiteWorkOptions {
  model: ChatModel;
  /** How long a claimed repetition is this process's while it is checked (tests shorten it). */
  leaseMs?: number;
  /** Repetitions checked at once by this process. */
  concurrency?: number;
  /** SUITE_PARALLELISM: a run's calls in flight at once at most (counted across processes). */
  parallelism?: number;
}

export const DEFAULT_SUITE_PARALLELISM = 4;

/** The customer the model plays: the persona, then what they want, as one paragraph (talk/persona.ts). */
export function suitePersona(s: Pick<ScenarioSnapshot, 'persona' | 'goal'>): string {
  const persona = s.persona.trim().replace(/\s*\n+\s*/g, ' ');
  const goal = s.goal.trim().replace(/\s*\n+\s*/g, ' ').replace(/[.!?]+$/, '');
  return `${persona}${/[.!?]$/.test(persona) ? '' : '.'} What you want: ${goal}.`;
}

/** Places and checks what is due; returns how many repetitions moved. */
export async function advanceSuites(db: Db, now: Date, options: SuiteWorkOptions): Promise<number> {
  const running = await runningIds(db, SUITE_QUEUE);
  if (running.length === 0) return 0;
  let moved = 0;
  for (const id of running) moved += await placeQueued<SuiteRunItemRow>(db, now, SUITE_QUEUE, id, options.parallelism ?? DEFAULT_SUITE_PARALLELISM, repetitionCall);
  moved += await checkDue(db, now, options);
  for (const id of running) await finishIfDone(db, now, SUITE_QUEUE, id);
  return moved;
}

/** A repetition's call: the scenario's persona and goal as the customer, in the assistant's own direction. */
function repetitionCall(item: SuiteRunItemRow, assistant: CallingAssistant): ItemCall {
  const scenario = readSnapshot(item.scenario);
  return { type: assistant.type === 'inbound' ? 'inbound' : 'outbound', variables: scenario.variables, persona: suitePersona(scenario), max_turns: scenario.max_turns };
}

async function checkDue(db: Db, now: Date, options: SuiteWorkOptions): Promise<number> {
  const lease = randomUUID();
  const claimed = await claimEnded<SuiteRunItemRow>(db, SUITE_QUEUE, options.concurrency ?? 8, options.leaseMs ?? SUITE_LEASE_MS, lease);
  const done = await Promise.all(
    claimed.map((item) =>
      checkItem(db, now, item, lease, options.model).catch(async (e: unknown) => {
        // A bug or a bad row: logged, the lease let go, tried again on a later tick.
        console.error(`Suite runs: repetition ${item.id}:`, e instanceof Error ? e.message : e);
        await releaseClaim(db, SUITE_QUEUE, item.id, lease);
        return false;
      }),
    ),
  );
  return done.filter(Boolean).length;
}

/** What the checks read of an ended call (the demo seed checks its seeded calls with it too). */
export function factsOf(call: CallRow, config: JsonRecord): CallFacts {
  const state = readTalkState(call.talk_state);
  const fields = namedFields(Array.isArray(config.post_call_schema) ? (config.post_call_schema as PostCallField[]) : []);
  return {
    status: call.status,
    turns: state?.turns ?? 0,
    endReason: state?.end?.reason ?? null,
    transcript: readEntries(call.transcript),
    variables: call.variables,
    fieldTypes: Object.fromEntries(fields.map((f) => [f.name, fieldType(f.type)])),
  };
}

async function checkItem(db: Db, now: Date, item: SuiteRunItemRow, lease: string, model: ChatModel): Promise<boolean> {
  const [call, run] = await Promise.all([
    item.call_id === null ? undefined : db.selectFrom('calls').selectAll().where('id', '=', item.call_id).executeTakeFirst(),
    db.selectFrom('suite_runs').select(['config']).where('id', '=', item.run_id).executeTakeFirstOrThrow(),
  ]);
  const ts = toDbTimestamp(now);
  const write = (set: { status: string; results?: ExpectationResult[]; error?: string; turns?: number; outcome?: string }) =>
    db
      .updateTable('suite_run_items')
      .set({
        status: set.status,
        results: set.results ? JSON.stringify(set.results) : null,
        error: set.error ?? null,
        turns: set.turns ?? null,
        outcome: set.outcome ?? null,
        finished_at: ts,
        lease: null,
        locked_until: null,
      })
      .where('id', '=', item.id)
      .where('lease', '=', lease)
      .where('status', '=', 'calling')
      .executeTakeFirst();
  if (!call) return Number((await write({ status: 'error', error: 'The call was deleted before it could be checked.' })).numUpdatedRows) > 0;
  const facts = factsOf(call, run.config);
  if (call.conversation_mode !== 'model') {
    return Number((await write({ status: 'error', error: 'The language model did not hold this call (it was played from the script), so there is nothing to check.', outcome: call.status })).numUpdatedRows) > 0;
  }
  const modelName = chooseModel(model.info, typeof run.config.model === 'string' ? run.config.model : null)?.model ?? null;
  const scenario = readSnapshot(item.scenario);
  const results = await Promise.all(
    scenario.expectations.map(async (e): Promise<ExpectationResult> => {
      if (e.kind !== 'judge') return checkExpectation(e, facts);
      if (!modelName) return { expectation_id: e.id, kind: e.kind, pass: false, evidence: { detail: 'no model to judge with', entry: null } };
      try {
        return await judge({ model, modelName, expectation: e, transcript: facts.transcript });
      } catch (err) {
        if (!(err instanceof ModelCallError)) throw err;
        // The endpoint said no after its retries: a check that could not be made has not passed.
        return { expectation_id: e.id, kind: e.kind, pass: false, evidence: { detail: `the judge could not be asked: ${err.message}`, entry: null } };
      }
    }),
  );
  const res = await write({ status: 'done', results, turns: facts.turns, outcome: facts.status });
  return Number(res.numUpdatedRows) > 0;
}
