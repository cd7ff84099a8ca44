import { SUITE_LIMITS, SUITE_OUTCOMES, scenarioRequest, type ExpectationInput, type SaveReplayScenarioRequest } from '../../contract';
import type { Db } from '../db/connect';
import type { SuiteScenarioRow } from '../db/schema';
import { notFound } from '../http/errors';
import { storedExpectation, type StoredExpectation } from '../suites/expectations';
import { createScenario } from '../suites/scenarios';
import { customerLines, readFacts, type CallFacts } from './original';

/*
 * A replayed call kept as a suite scenario: the persona is the replay's (the original caller with their
 * lines), the goal what they opened with, and the expectations proposed from what the original did right:
 * each tool it called without an error (with its arguments), each post-call value it filled, its outcome
 * when the call was not a failure. The user may send edited ones instead.
 */

export const PAIR_NOT_FOUND = 'Replay pair not found';

const safeId = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40) || 'x';
const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function proposals(original: CallFacts): ExpectationInput[] {
  const out: ExpectationInput[] = [];
  const seen = new Set<string>();
  for (const e of original.transcript) {
    if (e.type !== 'function_call' || e.error || seen.has(e.name)) continue;
    seen.add(e.name);
    const args = Object.entries(e.arguments)
      .filter(([, v]) => v !== null && asText(v).length <= SUITE_LIMITS.value)
      .slice(0, SUITE_LIMITS.arguments)
      .map(([name, v]) => ({ name, match: 'equals' as const, value: asText(v) }));
    out.push({ id: safeId(`tool-${e.name}`), kind: 'tool_called', tool: e.name, arguments: args });
  }
  for (const [name, v] of Object.entries(original.variables)) {
    if (v === null || v === undefined || v === '') continue;
    const text = asText(v);
    out.push(text.length <= SUITE_LIMITS.value ? { id: safeId(`var-${name}`), kind: 'variable', name, check: 'equals', value: text } : { id: safeId(`var-${name}`), kind: 'variable', name, check: 'not_empty' });
  }
  const outcome = SUITE_OUTCOMES.find((o) => o === original.status && o !== 'failed');
  if (outcome) out.push({ id: 'outcome', kind: 'outcome', outcome });
  if (out.length === 0) out.push({ id: 'goal', kind: 'judge', criterion: 'The assistant helps the caller with what they called about.' });
  return out.slice(0, SUITE_LIMITS.expectations);
}

export function proposedExpectations(original: CallFacts): StoredExpectation[] {
  return proposals(original).map(storedExpectation);
}

export async function saveAsScenario(db: Db, now: Date, userId: number, setId: number, pairId: number, body: SaveReplayScenarioRequest): Promise<SuiteScenarioRow> {
  const row = await db
    .selectFrom('replay_pairs as p')
    .innerJoin('replay_sets as s', 's.id', 'p.set_id')
    .select(['p.original', 'p.persona', 's.assistant_id'])
    .where('p.id', '=', pairId)
    .where('p.set_id', '=', setId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  const original = row ? readFacts(row.original) : null;
  if (!row || !original) throw notFound(PAIR_NOT_FOUND);
  const first = customerLines(original.transcript)[0];
  const input = scenarioRequest.parse({
    name: body.name ?? `Replay of call ${original.call_id}`.slice(0, SUITE_LIMITS.name),
    persona: row.persona.slice(0, SUITE_LIMITS.persona),
    goal: body.goal ?? (first ? `What the caller of call ${original.call_id} wanted: "${first}"` : `What the caller of call ${original.call_id} wanted`).slice(0, SUITE_LIMITS.goal),
    variables: original.input_variables,
    max_turns: Math.min(SUITE_LIMITS.maxTurns.max, Math.max(SUITE_LIMITS.maxTurns.min, original.turns + 6)),
    expectations: body.expectations ?? proposals(original),
  });
  return createScenario(db, now, userId, row.assistant_id, input);
}
