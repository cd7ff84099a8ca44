import type { StartSuiteRunInput } from '../../contract';
import { requireCallBalance } from '../calls/start';
import type { Db } from '../db/connect';
import type { JsonRecord, SuiteRunItemRow, SuiteRunRow } from '../db/schema';
import { isoMicros, isoMicrosOrNull, toDbTimestamp } from '../db/time';
import { fieldError, HttpError, notFound } from '../http/errors';
import { chooseModel, type ChatModel } from '../model/chat-model';
import { assistantConfig, configChanges, configVersion } from './config';
import { cancelQueue, SUITE_QUEUE } from './queue';
import { ownAssistant, scenarioExpectations } from './scenarios';
import { readResults, readSnapshot, summarise, type ScenarioSnapshot } from './summary';

/*
 * Runs of an assistant's scenarios: starting one writes the run (with the assistant's settings and their
 * version) and one queued item per scenario and repetition, and returns; the background work (worker.ts)
 * places their calls and checks them. Reading a run works out its pass rates from its items.
 */

export const RUN_NOT_FOUND = 'Suite run not found';
export const NO_SCENARIOS = 'The assistant has no scenarios to run. Add one first.';
export const NO_MODEL_NAME = 'The assistant has no language model to ask for: choose its model, or set LLM_MODEL.';

export interface StartRunInput {
  userId: number;
  assistantId: number;
  request: StartSuiteRunInput;
  model: ChatModel;
  now: Date;
}

export async function startRun(db: Db, input: StartRunInput): Promise<SuiteRunRow> {
  const { userId, assistantId, request } = input;
  await ownAssistant(db, userId, assistantId);
  const config = await assistantConfig(db, assistantId);
  if (!config) throw notFound('Assistant not found');
  if (!chooseModel(input.model.info, typeof config.model === 'string' ? config.model : null)) throw new HttpError(422, NO_MODEL_NAME);
  let query = db.selectFrom('suite_scenarios').selectAll().where('user_id', '=', userId).where('assistant_id', '=', assistantId);
  if (request.scenario_ids) query = query.where('id', 'in', request.scenario_ids);
  const scenarios = await query.orderBy('id').execute();
  if (request.scenario_ids) {
    const known = new Set(scenarios.map((s) => s.id));
    const missing = request.scenario_ids.find((id) => !known.has(id));
    if (missing !== undefined) throw fieldError('scenario_ids', `The scenario ${missing} is not one of this assistant's.`);
  }
  if (scenarios.length === 0) throw new HttpError(422, NO_SCENARIOS);
  await requireCallBalance(db, userId);
  const ts = toDbTimestamp(input.now);
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .insertInto('suite_runs')
      .values({
        user_id: userId,
        assistant_id: assistantId,
        status: 'running',
        repetitions: request.repetitions,
        min_pass_rate: request.min_pass_rate,
        config: JSON.stringify(config),
        config_version: configVersion(config),
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Repetition by repetition, so the first calls at once cover every scenario.
    const items = [];
    for (let rep = 1; rep <= request.repetitions; rep++) {
      for (const s of scenarios) {
        const snapshot: ScenarioSnapshot = { name: s.name, persona: s.persona, goal: s.goal, variables: s.variables, max_turns: s.max_turns, expectations: scenarioExpectations(s) };
        items.push({ run_id: run.id, user_id: userId, scenario_id: s.id, scenario: JSON.stringify(snapshot), repetition: rep, status: 'queued' });
      }
    }
    await trx.insertInto('suite_run_items').values(items).execute();
    return run;
  });
}

async function ownRun(db: Db, userId: number, runId: number): Promise<SuiteRunRow> {
  const run = await db.selectFrom('suite_runs').selectAll().where('id', '=', runId).where('user_id', '=', userId).executeTakeFirst();
  if (!run) throw notFound(RUN_NOT_FOUND);
  return run;
}

async function itemsOf(db: Db, runIds: number[]): Promise<SuiteRunItemRow[]> {
  if (runIds.length === 0) return [];
  return db.selectFrom('suite_run_items').selectAll().where('run_id', 'in', runIds).orderBy('id').execute();
}

/** The run before this one of the same assistant (for what changed), by id. */
async function previousConfigs(db: Db, runs: SuiteRunRow[]): Promise<Map<number, JsonRecord | null>> {
  const out = new Map<number, JsonRecord | null>();
  for (const run of runs) {
    const before = await db
      .selectFrom('suite_runs')
      .select('config')
      .where('assistant_id', '=', run.assistant_id)
      .where('id', '<', run.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    out.set(run.id, before?.config ?? null);
  }
  return out;
}

function itemResource(item: SuiteRunItemRow) {
  return {
    id: item.id,
    scenario_id: item.scenario_id,
    scenario_name: readSnapshot(item.scenario).name,
    repetition: item.repetition,
    status: item.status,
    call_id: item.call_id,
    turns: item.turns,
    outcome: item.outcome,
    error: item.error,
    results: readResults(item.results),
    started_at: isoMicrosOrNull(item.started_at),
    finished_at: isoMicrosOrNull(item.finished_at),
  };
}

function runResource(run: SuiteRunRow, items: SuiteRunItemRow[], before: JsonRecord | null, withItems: boolean) {
  return {
    id: run.id,
    assistant_id: run.assistant_id,
    status: run.status,
    repetitions: run.repetitions,
    min_pass_rate: Number(run.min_pass_rate),
    config_version: run.config_version,
    config: run.config,
    config_changes: configChanges(before, run.config),
    ...summarise(run, items),
    ...(withItems && { items: items.map(itemResource) }),
    created_at: isoMicros(run.created_at),
    finished_at: isoMicrosOrNull(run.finished_at),
  };
}
export type SuiteRunResource = ReturnType<typeof runResource>;

export async function runWithItems(db: Db, userId: number, runId: number): Promise<SuiteRunResource> {
  const run = await ownRun(db, userId, runId);
  const [items, before] = await Promise.all([itemsOf(db, [run.id]), previousConfigs(db, [run])]);
  return runResource(run, items, before.get(run.id) ?? null, true);
}

export async function runsPage(db: Db, userId: number, assistantId: number, page: number, perPage: number): Promise<{ total: number; rows: SuiteRunResource[] }> {
  await ownAssistant(db, userId, assistantId);
  const base = db.selectFrom('suite_runs').where('user_id', '=', userId).where('assistant_id', '=', assistantId);
  const [count, runs] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
  ]);
  const [items, before] = await Promise.all([itemsOf(db, runs.map((r) => r.id)), previousConfigs(db, runs)]);
  return { total: Number(count.n), rows: runs.map((run) => runResource(run, items.filter((i) => i.run_id === run.id), before.get(run.id) ?? null, false)) };
}

/** Stops a running run: nothing more is placed; calls in flight play out in the call log, unchecked. */
export async function cancelRun(db: Db, now: Date, userId: number, runId: number): Promise<SuiteRunResource> {
  await ownRun(db, userId, runId);
  await cancelQueue(db, now, SUITE_QUEUE, runId);
  return runWithItems(db, userId, runId);
}
