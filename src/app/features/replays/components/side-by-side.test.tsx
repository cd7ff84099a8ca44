import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replayPairSchema } from '@contract/replays';
import { SideBySide } from './side-by-side';

/** A pair as the service sends it, read through the contract's lenient schema (a field of the wrong type included). */
const pair = replayPairSchema.parse({
  id: 4,
  original_call_id: '12',
  call_id: 13,
  status: 'done',
  verdict: 'worse',
  reason: 'The replay never looked the order up.',
  lines: [{ transcript: 'original', line: 3 }, { transcript: 'nowhere', line: 'x' }],
  original: {
    call_id: 12,
    status: 'completed',
    turns: 4,
    transcript: [
      { sender: 'bot', type: 'message', text: 'Hello!', timestamp: 't' },
      { sender: 'human', type: 'message', text: 'Where is A-1?', timestamp: 't' },
      { sender: 'tool', type: 'function_call', text: '', name: 'order_status', arguments: { order_id: 'A-1' }, timestamp: 't' },
      { sender: 'bot', type: 'message', text: 'It has shipped.', timestamp: 't' },
    ],
    variables: [],
    evaluation: null,
  },
  replay: { call_id: 13, status: 'completed', transcript: [{ sender: 'bot', type: 'message', text: 'Hello!', timestamp: 't' }, { sender: 'human', type: 'message', text: 'Where is A-1?', timestamp: 't' }, { sender: 'bot', type: 'message', text: 'I cannot tell.', timestamp: 't' }] },
  diff: { divergence: { original: 2, replay: 2 }, tools: 'not a list' },
  proposed_expectations: [{ id: 'tool-order_status', kind: 'tool_called', tool: 'order_status', arguments: [{ name: 'order_id', match: 'equals', value: 'A-1' }], min_pass_rate: null }],
});

describe('SideBySide', () => {
  it('shows both transcripts with the divergence and the judged line marked', () => {
    expect(pair.diff?.tools).toEqual([]);
    expect(pair.lines).toHaveLength(2);
    render(
      <MantineProvider>
        <SideBySide original={pair.original} replay={pair.replay} divergence={pair.diff?.divergence ?? null} lines={pair.lines} />
      </MantineProvider>,
    );
    const original = screen.getByTestId('pair-original');
    const replay = screen.getByTestId('pair-replay');
    expect(original.querySelector('[data-diverges]')).toHaveTextContent('{"order_id":"A-1"}');
    expect(original.querySelector('[data-cited]')).toHaveTextContent('Tool order_status');
    expect(replay.querySelector('[data-diverges]')).toHaveTextContent('I cannot tell.');
    expect(within(replay).getAllByRole('listitem')).toHaveLength(3);
    expect(within(replay).getAllByText('Diverges here')).toHaveLength(1);
  });
});
