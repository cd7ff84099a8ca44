import * as contract from '../index';
import type { ResponseExample } from './response-examples';
import { recordAnswerExample } from './example-builders';

/*
 * Full examples of the replays' response schemas (src/contract/replays.ts, our extension), for
 * response-schemas.test.ts: every field each schema names, as the local service sends it.
 */

const ts = '2024-05-02T09:14:07.000000Z';
const transcript = [
  { sender: 'bot', type: 'message', text: 'Hello, Acme support.', timestamp: ts },
  { sender: 'tool', type: 'function_call', text: '', name: 'order_status', arguments: { order_id: 'A-1' }, result: { status: 'shipped' }, error: null, duration_ms: 40, timestamp: ts },
];
const call = { call_id: 1234570, status: 'completed', end_reason: 'goal_reached', turns: 6, transcript, variables: { order_id: 'A-1' }, evaluation: { successful: true, score: 8 } };
const toolChange = { name: 'order_status', change: 'missing', before: { order_id: 'A-1' }, after: null };
const valueChange = { name: 'order_id', before: 'A-1', after: null };
const diff = {
  outcome: { before: 'completed', after: 'ended_by_customer', changed: true },
  end_reason: { before: 'goal_reached', after: 'hang_up' },
  turns: { before: 6, after: 4 },
  tools: [toolChange],
  variables: [valueChange],
  evaluation: [{ name: 'successful', before: true, after: false }],
  divergence: { original: 1, replay: 1 },
};
const line = { transcript: 'original', line: 2 };
const expectation = { id: 'tool-order_status', kind: 'tool_called', tool: 'order_status', arguments: [{ name: 'order_id', match: 'equals', value: 'A-1' }], min_pass_rate: null };
const pair = {
  id: 9,
  original_call_id: 1234569,
  call_id: 1234570,
  status: 'done',
  error: null,
  verdict: 'worse',
  reason: 'The replay never looked the order up.',
  lines: [line],
  original: call,
  replay: call,
  diff,
  proposed_expectations: [expectation],
  started_at: ts,
  finished_at: ts,
};
const set = {
  id: 3,
  assistant_id: 12,
  status: 'finished',
  source: { filter: { status: 'failed', assistant_id: 12 } },
  config_version: '3f0c9a521d7e',
  config_version_before: '0b1c2d3e4f5a',
  config_changes: ['tools'],
  pairs_total: 1,
  pairs_done: 1,
  pairs_running: 0,
  verdicts: { better: 0, same: 0, worse: 1, unclear: 0 },
  tools_changed: [{ name: 'order_status', count: 1 }],
  variables_changed: [{ name: 'order_id', count: 1 }],
  pairs: [pair],
  created_at: ts,
  finished_at: ts,
};

export const REPLAY_EXAMPLES: readonly ResponseExample[] = [
  { covers: ['replayCallSchema'], label: 'replay: call', schema: contract.replayCallSchema, example: call, required: [] },
  { covers: ['toolChangeSchema'], label: 'replay: tool change', schema: contract.toolChangeSchema, example: toolChange, required: [] },
  { covers: ['valueChangeSchema'], label: 'replay: value change', schema: contract.valueChangeSchema, example: valueChange, required: [] },
  { covers: ['replayDiffSchema'], label: 'replay: diff', schema: contract.replayDiffSchema, example: diff, required: [] },
  { covers: ['verdictLineSchema'], label: 'replay: verdict line', schema: contract.verdictLineSchema, example: line, required: [] },
  { covers: ['replayPairSchema'], label: 'replay: pair', schema: contract.replayPairSchema, example: pair, idPath: ['id'], required: ['id'] },
  { covers: ['replaySetSchema'], label: 'replay: set', schema: contract.replaySetSchema, example: set, idPath: ['id'], required: ['id'] },
  recordAnswerExample({ covers: ['replaySetAnswerSchema'], label: 'replay: set answer', schema: contract.replaySetAnswerSchema }, set, 'Replay set started'),
  {
    covers: ['replaySetsPageSchema'],
    label: 'replay: paginator of sets',
    schema: contract.replaySetsPageSchema,
    example: { current_page: 1, data: [set], first_page_url: null, from: 1, last_page: 1, last_page_url: null, links: [], next_page_url: null, path: null, per_page: 20, prev_page_url: null, to: 1, total: 1 },
    required: ['data', 'data.*', 'data.*.id'],
  },
];
