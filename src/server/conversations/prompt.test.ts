import { describe, expect, it } from 'vitest';
import type { ConversationMessageRow, StoredFunctionCall } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { END_CALL_TOOL, fillPlaceholders, localDateTime, mergedVariables, offeredFunctions, systemPrompt, toolFunction } from './prompt';
import { historyMessages } from './turn';
import { storableJson } from './tool-call';

describe('placeholders', () => {
  it('fills {{name}} and {{ name }} from the conversation over the defaults, and leaves unknown ones', () => {
    const vars = mergedVariables({ name: 'Ada', n: 3 }, { name: 'friend', company: 'Acme', flag: true });
    expect(fillPlaceholders('Hi {{name}} of {{ company }} ({{n}}, {{flag}}) {{missing}} {{}}', vars)).toBe('Hi Ada of Acme (3, true) {{missing}} {{}}');
    expect(fillPlaceholders('{{constructor}} {{__proto__}}', {})).toBe('{{constructor}} {{__proto__}}');
    expect(fillPlaceholders('{{a}}', { a: null })).toBe('');
  });
});

describe('systemPrompt', () => {
  const now = new Date('2026-07-01T22:15:00Z');
  it('adds the local date and time and the language', () => {
    const text = systemPrompt({ system_prompt: 'You are {{role}}.', timezone: 'Europe/Berlin', language: 'German', variables: {} }, { role: 'helpful' }, now);
    expect(text).toBe(
      'You are helpful.\n\nCurrent date and time: Thursday, 2 July 2026, 00:15 (Europe/Berlin).\n\nAlways answer in German, whatever language the other side writes in.\n\nThis is a text chat: answer in plain text, briefly, as you would speak.',
    );
  });

  it('reads an unknown time zone as UTC and leaves the language out when there is none', () => {
    expect(localDateTime(now, 'Mars/Olympus')).toBe('Wednesday, 1 July 2026, 22:15 (UTC)');
    expect(systemPrompt({ system_prompt: '', timezone: 'UTC', language: null, variables: {} }, {}, now)).not.toContain('Always answer');
  });
});

describe('functions', () => {
  it("turns a tool's schema into JSON Schema, every field required; unknown types read as string", () => {
    expect(
      toolFunction({
        name: 'check',
        description: 'Checks',
        schema: [
          { name: 'when', type: 'string', description: 'A day' },
          { name: 'n', type: 'number', description: 'Count' },
          { name: 'ok', type: 'boolean', description: 'Sure?' },
          { name: 'odd', type: 'date', description: 'Odd' },
        ],
      }),
    ).toEqual({
      name: 'check',
      description: 'Checks',
      parameters: {
        type: 'object',
        properties: {
          when: { type: 'string', description: 'A day' },
          n: { type: 'number', description: 'Count' },
          ok: { type: 'boolean', description: 'Sure?' },
          odd: { type: 'string', description: 'Odd' },
        },
        required: ['when', 'n', 'ok', 'odd'],
        additionalProperties: false,
      },
    });
  });

  it('offers end_call with its description when the assistant has it; a tool of that name gives way', () => {
    const tools = [
      { name: 'a', description: 'A', schema: [] },
      { name: END_CALL_TOOL, description: 'Mine', schema: [] },
    ];
    expect(offeredFunctions(tools, 'Hang up').map((f) => [f.name, f.description])).toEqual([
      ['a', 'A'],
      [END_CALL_TOOL, 'Hang up'],
    ]);
    expect(offeredFunctions(tools, null).map((f) => f.name)).toEqual(['a', END_CALL_TOOL]);
  });
});

describe('historyMessages', () => {
  const call = (id: string, round: number, error: string | null = null): StoredFunctionCall => ({ id, name: 't', arguments: { x: id }, result: error ? null : { id }, error, duration_ms: 1, status_code: 200, round });
  const row = (role: string, content: string, calls: StoredFunctionCall[] = [], error: string | null = null) => ({ role, content, function_calls: calls, error }) as ConversationMessageRow;

  it('replays each reply step by step, tool results before the words; skips unanswered user messages', () => {
    expect(historyMessages([row('assistant', 'Hi'), row('user', 'lost', [], 'model down'), row('user', 'Q'), row('assistant', 'A', [call('1', 1), call('2', 1), call('3', 2, 'HTTP 500')])])).toEqual([
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: 'Q' },
      { role: 'assistant', content: '', toolCalls: [{ id: '1', name: 't', arguments: { x: '1' } }, { id: '2', name: 't', arguments: { x: '2' } }] },
      { role: 'tool', toolCallId: '1', name: 't', result: { id: '1' }, isError: false },
      { role: 'tool', toolCallId: '2', name: 't', result: { id: '2' }, isError: false },
      { role: 'assistant', content: '', toolCalls: [{ id: '3', name: 't', arguments: { x: '3' } }] },
      { role: 'tool', toolCallId: '3', name: 't', result: 'HTTP 500', isError: true },
      { role: 'assistant', content: 'A' },
    ]);
  });
});

describe('cursors and storable JSON', () => {
  it("round-trips Laravel's cursor and reads junk as none", () => {
    const c = encodeCursor({ id: 100, pointsToNextItems: true });
    expect(Buffer.from(c, 'base64url').toString()).toBe('{"id":100,"_pointsToNextItems":true}');
    expect(decodeCursor(c)).toEqual({ id: 100, pointsToNextItems: true });
    for (const junk of ['', 'garbage', Buffer.from('{"id":"x","_pointsToNextItems":true}').toString('base64url'), Buffer.from('[1]').toString('base64url'), Buffer.from('{"id":-1,"_pointsToNextItems":false}').toString('base64url')]) {
      expect(decodeCursor(junk)).toBeNull();
    }
  });

  it('cleans NUL and lone surrogates from values and keys', () => {
    expect(storableJson({ 'a\u0000': ['x\ud800', 1, null, { b: '\u0000' }] })).toEqual({ a: ['x\uFFFD', 1, null, { b: '' }] });
  });
});
