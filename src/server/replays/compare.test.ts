import { describe, expect, it } from 'vitest';
import type { TalkEntry } from '../engine/talk/entries';
import { compareCalls, divergence, toolChanges, valueChanges } from './compare';
import type { CallFacts } from './original';

const at = '2026-03-09T10:00:00Z';
const bot = (text: string): TalkEntry => ({ sender: 'bot', type: 'message', text, timestamp: at });
const human = (text: string): TalkEntry => ({ sender: 'human', type: 'message', text, timestamp: at });
const tool = (name: string, args: Record<string, unknown>): TalkEntry => ({ sender: 'tool', type: 'function_call', text: '', timestamp: at, name, arguments: args, result: null, error: null, duration_ms: 5 });
const filler = (text: string): TalkEntry => ({ sender: 'bot', type: 'filler', text, timestamp: at });

function facts(transcript: TalkEntry[], over: Partial<CallFacts> = {}): CallFacts {
  return { call_id: 1, type: 'outbound', status: 'completed', end_reason: 'goal_reached', turns: transcript.length, transcript, input_variables: {}, variables: {}, evaluation: {}, persona: null, created_at: at, ...over };
}

describe('comparing an original call with its replay', () => {
  it('matches tool calls by name in call order: added, missing, changed arguments', () => {
    const before = [tool('lookup', { id: 'A-1' }), tool('lookup', { id: 'A-2' }), tool('refund', { amount: 5 })];
    const after = [tool('lookup', { id: 'A-1' }), tool('lookup', { id: 'A-9' }), tool('escalate', { team: 'billing' })];
    expect(toolChanges(before, after)).toEqual([
      { name: 'lookup', change: 'changed', before: { id: 'A-2' }, after: { id: 'A-9' } },
      { name: 'refund', change: 'missing', before: { amount: 5 }, after: null },
      { name: 'escalate', change: 'added', before: null, after: { team: 'billing' } },
    ]);
    // Key order does not make a change.
    expect(toolChanges([tool('t', { a: 1, b: 2 })], [tool('t', { b: 2, a: 1 })])).toEqual([]);
  });

  it('names the values that differ, old and new, a missing one as null', () => {
    expect(valueChanges({ order_id: 'A-1', budget: 500, email: null }, { order_id: 'A-2', budget: 500, name: 'Ada' })).toEqual([
      { name: 'name', before: null, after: 'Ada' },
      { name: 'order_id', before: 'A-1', after: 'A-2' },
    ]);
  });

  it('finds the first line where the transcripts part, ignoring case, punctuation and fillers', () => {
    const before = [bot('Hello!'), human('Where is my order?'), tool('lookup', { id: 'A-1' }), bot('It has shipped.')];
    expect(divergence(before, [bot('hello'), filler('One moment…'), human('Where is my order'), tool('lookup', { id: 'A-1' }), bot('It has shipped.')])).toBeNull();
    expect(divergence(before, [bot('Hello!'), human('Where is my order?'), bot('I cannot look that up.')])).toEqual({ original: 2, replay: 2 });
    expect(divergence(before, [bot('Hello!'), filler('Hm…'), human('Where is my order?')])).toEqual({ original: 2, replay: null });
    expect(divergence([], [bot('Hello!')])).toEqual({ original: null, replay: 0 });
  });

  it('puts it together: outcome, turns, tools, variables, evaluation and divergence', () => {
    const original = facts([bot('Hi'), human('Order A-1?'), tool('lookup', { id: 'A-1' })], { variables: { order_id: 'A-1' }, evaluation: { successful: true, score: 8, summary: 'ok' } });
    const replay = facts([bot('Hi'), human('Order A-1?'), bot('Sorry.')], { status: 'ended_by_customer', end_reason: 'hang_up', turns: 5, variables: { order_id: null }, evaluation: { successful: false, score: 3, summary: 'other words' } });
    expect(compareCalls(original, replay)).toEqual({
      outcome: { before: 'completed', after: 'ended_by_customer', changed: true },
      end_reason: { before: 'goal_reached', after: 'hang_up' },
      turns: { before: 3, after: 5 },
      tools: [{ name: 'lookup', change: 'missing', before: { id: 'A-1' }, after: null }],
      variables: [{ name: 'order_id', before: 'A-1', after: null }],
      evaluation: [
        { name: 'successful', before: true, after: false },
        { name: 'score', before: 8, after: 3 },
      ],
      divergence: { original: 2, replay: 2 },
    });
  });
});
