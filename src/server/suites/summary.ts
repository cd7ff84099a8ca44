import type { JsonRecord, SuiteRunItemRow, SuiteRunRow } from '../db/schema';
import { expectationLabel, readExpectation, type ExpectationResult, type StoredExpectation } from './expectations';

/*
 * A run's pass rates: for every expectation of every scenario it ran, the repetitions that passed out of
 * those evaluated (a repetition that could not run, an `error` item, counts as failed: a suite that cannot
 * place its calls must not look green), against its threshold (its own min_pass_rate, else the run's).
 */

export interface ScenarioSnapshot {
  name: string;
  persona: string;
  goal: string;
  variables: JsonRecord;
  max_turns: number;
  expectations: StoredExpectation[];
}

export function readSnapshot(raw: JsonRecord): ScenarioSnapshot {
  return {
    name: typeof raw.name === 'string' ? raw.name : '',
    persona: typeof raw.persona === 'string' ? raw.persona : '',
    goal: typeof raw.goal === 'string' ? raw.goal : '',
    variables: typeof raw.variables === 'object' && raw.variables !== null && !Array.isArray(raw.variables) ? (raw.variables as JsonRecord) : {},
    max_turns: typeof raw.max_turns === 'number' ? raw.max_turns : 20,
    expectations: (Array.isArray(raw.expectations) ? raw.expectations : []).map(readExpectation).filter((e): e is StoredExpectation => e !== null),
  };
}

export function readResults(raw: unknown): ExpectationResult[] {
  return Array.isArray(raw) ? (raw as ExpectationResult[]).filter((r) => typeof r?.expectation_id === 'string') : [];
}

export interface ExpectationSummary {
  scenario_id: number | null;
  scenario_name: string;
  expectation: StoredExpectation;
  label: string;
  passed: number;
  evaluated: number;
  pass_rate: number | null;
  min_pass_rate: number;
  ok: boolean;
}

export interface RunSummary {
  items_total: number;
  items_done: number;
  items_running: number;
  pass_rate: number | null;
  passed: boolean;
  summary: ExpectationSummary[];
}

const EVALUATED = new Set(['done', 'error']);
const round = (n: number) => Math.round(n * 1000) / 1000;

type ItemFields = Pick<SuiteRunItemRow, 'scenario_id' | 'scenario' | 'status' | 'results' | 'id'>;

export function summarise(run: Pick<SuiteRunRow, 'status' | 'min_pass_rate'>, items: readonly ItemFields[]): RunSummary {
  const runMin = Number(run.min_pass_rate);
  const groups = new Map<string, ItemFields[]>();
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    const key = `${item.scenario_id ?? 'gone'}:${readSnapshot(item.scenario).name}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const summary: ExpectationSummary[] = [];
  let passedAll = 0;
  let evaluatedAll = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    const snapshot = readSnapshot(first.scenario);
    const evaluated = group.filter((i) => EVALUATED.has(i.status));
    for (const e of snapshot.expectations) {
      const passed = evaluated.filter((i) => i.status === 'done' && readResults(i.results).some((r) => r.expectation_id === e.id && r.pass)).length;
      const min = e.min_pass_rate ?? runMin;
      const rate = evaluated.length > 0 ? round(passed / evaluated.length) : null;
      passedAll += passed;
      evaluatedAll += evaluated.length;
      summary.push({
        scenario_id: first.scenario_id,
        scenario_name: snapshot.name,
        expectation: e,
        label: expectationLabel(e),
        passed,
        evaluated: evaluated.length,
        pass_rate: rate,
        min_pass_rate: min,
        ok: rate !== null && rate >= min,
      });
    }
  }
  const done = items.filter((i) => EVALUATED.has(i.status)).length;
  return {
    items_total: items.length,
    items_done: done,
    items_running: items.filter((i) => i.status === 'calling').length,
    pass_rate: evaluatedAll > 0 ? round(passedAll / evaluatedAll) : null,
    passed: run.status === 'finished' && summary.length > 0 && summary.every((s) => s.ok),
    summary,
  };
}
