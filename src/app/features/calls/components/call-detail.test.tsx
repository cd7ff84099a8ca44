import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { callSchema } from '@contract/call';
import { CallDetail } from './call-detail';
import { KeyValueTable } from './key-value-table';
import { RecordingPlayer } from './recording-player';
import { StatusBadge } from './status-badge';
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

describe('KeyValueTable', () => {
  it('shows evaluation entries and markup as text', () => {
    const { container } = renderUi(
      <KeyValueTable
        label="Evaluation"
        empty="none"
        data={[
          { name: 'interested', value: true },
          { name: 'note', value: IMG },
          { name: 'score', value: 7 },
        ]}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('interested')).toBeInTheDocument();
    expect(screen.getByText('true')).toBeInTheDocument();
    expect(screen.getByText(IMG)).toBeInTheDocument();
  });

  it('shows the empty text for PHP’s empty array', () => {
    renderUi(<KeyValueTable label="Variables" empty="No variables." data={[]} />);
    expect(screen.getByText('No variables.')).toBeInTheDocument();
  });
});

describe('RecordingPlayer', () => {
  it('plays only http(s) URLs: anything else reaches neither a media element nor a link', () => {
    const { container } = renderUi(<RecordingPlayer url="javascript:alert(1)" callId={1} />);
    expect(container.querySelector('audio')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
  });

  it('gives an audio element, speeds and a download link for an http URL', () => {
    const url = 'http://localhost:8080/api/recordings/abc.wav';
    const { container } = renderUi(<RecordingPlayer url={url} callId={7} />);
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(url);
    expect(screen.getByRole('link', { name: /download/i })).toHaveAttribute('href', url);
    expect(screen.getByText('1.5x')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
  });
});

describe('StatusBadge', () => {
  it('colours a known status and shows an unknown one as it came', () => {
    renderUi(
      <>
        <StatusBadge status="no-answer" />
        <StatusBadge status="voicemail_left" />
      </>,
    );
    expect(screen.getByText('No answer')).toBeInTheDocument();
    expect(screen.getByText('voicemail_left')).toBeInTheDocument();
  });
});

describe('CallDetail', () => {
  it('shows facts, transcript, variables, evaluation and the webhook answer of a hosted-style call', () => {
    const call = callSchema.parse({
      id: '42',
      assistant_name: 'Anna',
      campaign_name: null,
      type: 'outbound',
      duration: '75',
      assistant_phone_number: '+4930555000',
      client_phone_number: '+493012345678',
      status: 'completed',
      transcript: [
        { text: 'Hello', sender: 'bot' },
        { text: 'Hi', sender: 'human' },
      ],
      variables: { customer_name: 'Eve <b>bold</b>' },
      evaluation: { interested: 'yes' },
      webhook_response: { status: 200, body: 'ok' },
      carrier_cost: '0.02000000',
      total_cost: '0.08000000',
      answered_by: null,
      recording_url: null,
      created_at: '2025-05-12 14:03:09',
      updated_at: '2025-05-12 14:04:24',
    });
    const { container } = renderUi(<CallDetail call={call} />);
    expect(screen.getByText('1:15')).toBeInTheDocument();
    expect(screen.getByText('0.08')).toBeInTheDocument();
    expect(screen.getByText('Eve <b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('interested')).toBeInTheDocument();
    expect(screen.getByLabelText('webhook response').textContent).toContain('"status": 200');
    expect(screen.getByText('No recording for this call.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((i) => i.dataset.side)).toEqual(['assistant', 'customer']);
  });
});

declare global {
  interface Window {
    __pwned?: number;
  }
}
