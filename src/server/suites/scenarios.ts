import type { ScenarioInput } from '../../contract';
import { SUITE_LIMITS } from '../../contract';
import { liveAssistantsOf } from '../assistants/read';
import type { Db } from '../db/connect';
import type { SuiteScenarioRow } from '../db/schema';
import { isoMicros, toDbTimestamp } from '../db/time';
import { HttpError, notFound } from '../http/errors';
import { readExpectation, storedExpectation, type StoredExpectation } from './expectations';

/*
 * An assistant's test scenarios: who calls (persona), what they want (goal), the variables the call starts
 * with, the most turns, and the expectations. Only the owner's, and only of a live assistant of theirs;
 * another user's is not found, never forbidden.
 */

export const ASSISTANT_NOT_FOUND = 'Assistant not found';
export const SCENARIO_NOT_FOUND = 'Scenario not found';

/** The caller's live assistant, or a 404. */
export async function ownAssistant(db: Db, userId: number, assistantId: number): Promise<{ id: number; name: string; type: string }> {
  const row = await liveAssistantsOf(db, userId).select(['assistants.id', 'assistants.name', 'assistants.type']).where('assistants.id', '=', assistantId).executeTakeFirst();
  if (!row) throw notFound(ASSISTANT_NOT_FOUND);
  return row;
}

export function scenarioExpectations(row: Pick<SuiteScenarioRow, 'expectations'>): StoredExpectation[] {
  return (Array.isArray(row.expectations) ? row.expectations : []).map(readExpectation).filter((e): e is StoredExpectation => e !== null);
}

export function scenarioResource(row: SuiteScenarioRow) {
  return {
    id: row.id,
    assistant_id: row.assistant_id,
    name: row.name,
    persona: row.persona,
    goal: row.goal,
    variables: row.variables,
    max_turns: row.max_turns,
    expectations: scenarioExpectations(row),
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
  };
}

export async function listScenarios(db: Db, userId: number, assistantId: number): Promise<SuiteScenarioRow[]> {
  await ownAssistant(db, userId, assistantId);
  return db.selectFrom('suite_scenarios').selectAll().where('user_id', '=', userId).where('assistant_id', '=', assistantId).orderBy('id').execute();
}

/** Expectation ids are unique within a scenario: a repeated one (a copied row) gets a new one. */
function expectationsOf(input: ScenarioInput): StoredExpectation[] {
  const seen = new Set<string>();
  return input.expectations.map((e) => {
    const stored = storedExpectation(e.id && !seen.has(e.id) ? e : { ...e, id: undefined });
    seen.add(stored.id);
    return stored;
  });
}

export async function createScenario(db: Db, now: Date, userId: number, assistantId: number, input: ScenarioInput): Promise<SuiteScenarioRow> {
  await ownAssistant(db, userId, assistantId);
  const count = await db.selectFrom('suite_scenarios').select((eb) => eb.fn.countAll<string>().as('n')).where('assistant_id', '=', assistantId).executeTakeFirstOrThrow();
  if (Number(count.n) >= SUITE_LIMITS.scenariosPerAssistant) throw new HttpError(422, `An assistant may have at most ${SUITE_LIMITS.scenariosPerAssistant} scenarios.`);
  const ts = toDbTimestamp(now);
  return db
    .insertInto('suite_scenarios')
    .values({
      user_id: userId,
      assistant_id: assistantId,
      ...scenarioColumns(input),
      created_at: ts,
      updated_at: ts,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The columns a scenario's input sets, on create and on update alike. */
function scenarioColumns(input: ScenarioInput) {
  return {
    name: input.name,
    persona: input.persona,
    goal: input.goal,
    variables: JSON.stringify(input.variables),
    max_turns: input.max_turns,
    expectations: JSON.stringify(expectationsOf(input)),
  };
}

export async function updateScenario(db: Db, now: Date, userId: number, scenarioId: number, input: ScenarioInput): Promise<SuiteScenarioRow> {
  const row = await db
    .updateTable('suite_scenarios')
    .set({
      ...scenarioColumns(input),
      updated_at: toDbTimestamp(now),
    })
    .where('id', '=', scenarioId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(SCENARIO_NOT_FOUND);
  return row;
}

/** Deleted; the runs that tested it keep their results (with the scenario as it was). */
export async function deleteScenario(db: Db, userId: number, scenarioId: number): Promise<void> {
  const res = await db.deleteFrom('suite_scenarios').where('id', '=', scenarioId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(SCENARIO_NOT_FOUND);
}
