import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { callSchema } from '@contract/call';
import { TranscriptView } from './transcript-view';

function renderUi(ui: ReactElement) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

const SCRIPT = '<script>window.__pwned = 1</script>';
const IMG = '<img src="x" onerror="window.__pwned = 2">';

describe('TranscriptView', () => {
  it('draws a string transcript as two sides', () => {
    renderUi(<TranscriptView transcript={'AI: Hello, this is Anna.\nUser: Hi, I would like to book.'} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.dataset.side)).toEqual(['assistant', 'customer']);
    expect(within(items[0]!).getByText('Assistant')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Customer')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Hi, I would like to book.')).toBeInTheDocument();
  });

  it('draws the hosted list form (sender bot/human) as two sides', () => {
    const transcript = callSchema.shape.transcript.parse([
      { text: 'Good morning', type: 'transcript', sender: 'bot', timestamp: 1 },
      { text: 'Morning!', type: 'transcript', sender: 'human', timestamp: 3 },
      { text: 'How can I help?', type: 'transcript', sender: 'bot', timestamp: 5 },
    ]);
    renderUi(<TranscriptView transcript={transcript} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.dataset.side)).toEqual(['assistant', 'customer', 'assistant']);
    expect(screen.getByText('Morning!')).toBeInTheDocument();
    expect(screen.getByText('0:03')).toBeInTheDocument();
  });

  it('shows markup and script-like text as plain text and creates no elements from it', () => {
    window.__pwned = undefined;
    const { container } = renderUi(<TranscriptView transcript={`AI: ${SCRIPT}\nUser: ${IMG}`} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(SCRIPT)).toBeInTheDocument();
    expect(screen.getByText(IMG)).toBeInTheDocument();
    expect(window.__pwned).toBeUndefined();
  });

  it('draws a model call as a timeline: time since answer, the model’s time per turn, fillers set apart, tool calls as cards', () => {
    const transcript = callSchema.shape.transcript.parse([
      { sender: 'bot', type: 'message', text: 'Hello, this is Anna.', timestamp: '2026-05-02T09:14:00.000Z', latency_ms: 420 },
      { sender: 'human', type: 'message', text: 'Is tomorrow free?', timestamp: '2026-05-02T09:14:04.000Z' },
      { sender: 'bot', type: 'filler', text: 'One moment, please.', timestamp: '2026-05-02T09:14:05.000Z' },
      {
        sender: 'tool',
        type: 'function_call',
        text: '',
        timestamp: '2026-05-02T09:14:05.200Z',
        name: 'check_availability',
        arguments: { day: 'tomorrow' },
        result: { slots: ['10:00'] },
        error: null,
        duration_ms: 1300,
      },
      { sender: 'bot', type: 'message', text: 'Tomorrow at 10 is free.', timestamp: '2026-05-02T09:14:07.000Z', latency_ms: 1900 },
    ]);
    renderUi(<TranscriptView transcript={transcript} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.dataset.kind)).toEqual(['message', 'message', 'filler', 'tool', 'message']);
    expect(within(items[1]!).getByText('0:04')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Filler')).toBeInTheDocument();
    const card = within(items[3]!).getByRole('group', { name: 'Function call check_availability' });
    expect(within(card).getByText('0:05')).toBeInTheDocument();
    expect(within(card).getByText('took 1.3 s')).toBeInTheDocument();
    expect(within(card).getByText(/"10:00"/)).toBeInTheDocument();
    expect(within(items[0]!).getByTestId('turn-latency')).toHaveTextContent('Model: 420 ms');
    expect(within(items[4]!).getByTestId('turn-latency')).toHaveTextContent('Model: 1.9 s (a noticeable pause)');
  });

  it('says so when there is no transcript', () => {
    renderUi(<TranscriptView transcript={null} />);
    expect(screen.getByText('No transcript for this call.')).toBeInTheDocument();
  });
});

declare global {
  interface Window {
    __pwned?: number;
  }
}
