import * as contract from '../index';
import type { ResponseExample } from './response-examples';
import { recordAnswerExample } from './example-builders';

/*
 * Full examples of the test suites' response schemas (src/contract/suites.ts, our extension), for
 * response-schemas.test.ts: every field each schema names, as the local service sends it.
 */

const ts = '2024-05-02T09:14:07.000000Z';
const argument = { name: 'order_id', match: 'equals', value: 'A-1234' };
const expectation = {
  id: 'e1',
  kind: 'tool_called',
  tool: 'order_status',
  arguments: [argument],
  name: 'order_id',
  check: 'equals',
  value: 'A-1234',
  outcome: 'completed',
  within_turns: 8,
  criterion: 'The assistant never promises a "refund"',
  min_pass_rate: 0.8,
};
const scenario = {
  id: 5,
  assistant_id: 12,
  name: 'Late order',
  persona: 'Your name is Ada Lovelace. Your order is A-1234.',
  goal: 'find out where your late order is',
  variables: { customer_name: 'Ada' },
  max_turns: 20,
  expectations: [expectation],
  created_at: ts,
  updated_at: ts,
};
const evidence = { detail: 'order_status was called: {"order_id":"A-1234"}', entry: 3, value: { name: 'order_status', arguments: { order_id: 'A-1234' } }, reason: 'The assistant looked the order up.' };
const result = { expectation_id: 'e1', kind: 'tool_called', pass: true, evidence };
const item = {
  id: 41,
  scenario_id: 5,
  scenario_name: 'Late order',
  repetition: 1,
  status: 'done',
  call_id: 1234570,
  turns: 6,
  outcome: 'completed',
  error: null,
  results: [result],
  started_at: ts,
  finished_at: ts,
};
const summary = { scenario_id: 5, scenario_name: 'Late order', expectation, label: 'order_status called with order_id = "A-1234"', passed: 4, evaluated: 5, pass_rate: 0.8, min_pass_rate: 0.8, ok: true };
const run = {
  id: 7,
  assistant_id: 12,
  status: 'finished',
  repetitions: 5,
  min_pass_rate: 0.8,
  config_version: '3f0c9a521d7e',
  config: { system_prompt: 'You are the support line of Acme.' },
  config_changes: ['system_prompt'],
  items_total: 5,
  items_done: 5,
  items_running: 0,
  pass_rate: 0.8,
  passed: true,
  summary: [summary],
  items: [item],
  created_at: ts,
  finished_at: ts,
};

export const SUITE_EXAMPLES: readonly ResponseExample[] = [
  { covers: ['argumentMatchSchema'], label: 'suite: argument match', schema: contract.argumentMatchSchema, example: argument, required: [] },
  { covers: ['expectationSchema'], label: 'suite: expectation', schema: contract.expectationSchema, example: expectation, required: [] },
  { covers: ['scenarioSchema'], label: 'suite: scenario', schema: contract.scenarioSchema, example: scenario, idPath: ['id'], required: ['id'] },
  recordAnswerExample({ covers: ['scenarioAnswerSchema'], label: 'suite: scenario answer', schema: contract.scenarioAnswerSchema }, scenario, 'Scenario created'),
  { covers: ['scenariosAnswerSchema'], label: 'suite: scenarios', schema: contract.scenariosAnswerSchema, example: { data: [scenario], model_ready: true }, required: [] },
  { covers: ['evidenceSchema'], label: 'suite: evidence', schema: contract.evidenceSchema, example: evidence, required: [] },
  { covers: ['expectationResultSchema'], label: 'suite: expectation result', schema: contract.expectationResultSchema, example: result, required: [] },
  { covers: ['suiteRunItemSchema'], label: 'suite: repetition', schema: contract.suiteRunItemSchema, example: item, idPath: ['id'], required: ['id'] },
  { covers: ['expectationSummarySchema'], label: 'suite: expectation summary', schema: contract.expectationSummarySchema, example: summary, required: [] },
  { covers: ['suiteRunSchema'], label: 'suite: run', schema: contract.suiteRunSchema, example: run, idPath: ['id'], required: ['id'] },
  recordAnswerExample({ covers: ['suiteRunAnswerSchema'], label: 'suite: run answer', schema: contract.suiteRunAnswerSchema }, run, 'Suite run started'),
  {
    covers: ['suiteRunsPageSchema'],
    label: 'suite: paginator of runs',
    schema: contract.suiteRunsPageSchema,
    example: { current_page: 1, data: [run], first_page_url: null, from: 1, last_page: 1, last_page_url: null, links: [], next_page_url: null, path: null, per_page: 20, prev_page_url: null, to: 1, total: 1 },
    required: ['data', 'data.*', 'data.*.id'],
  },
];
