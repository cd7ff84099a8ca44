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
