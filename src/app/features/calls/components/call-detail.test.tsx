import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { callSchema } from '@contract/call';
import { CallDetail } from './call-detail';
import { KeyValueTable } from './key-value-table';

function renderUi(ui: ReactElement) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

const IMG = '<img src="x" onerror="window.__pwned = 2">';

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

  it('says a scripted call was simulated without a model; a model call says who played it and shows its latency; hosted data says nothing', async () => {
    const { unmount } = renderUi(<CallDetail call={callSchema.parse({ id: 5, transcript: 'AI: Hello\nUser: Hi', conversation_mode: 'scripted', latency: null })} />);
    expect(screen.getByTestId('scripted-note')).toHaveTextContent('Simulated without a model');
    expect(screen.getByText('Conversation')).toBeInTheDocument();
    expect(screen.queryByTestId('latency-panel')).toBeNull();
    unmount();

    const model = renderUi(
      <CallDetail
        call={callSchema.parse({
          id: 6,
          conversation_mode: 'model',
          latency: { p50_ms: 600, p95_ms: 900, turns: 2 },
          transcript: [
            { sender: 'bot', text: 'Hello.', timestamp: '2026-05-02T09:14:00Z', latency_ms: 600 },
            { sender: 'bot', text: 'Anything else?', timestamp: '2026-05-02T09:14:05Z', latency_ms: 900 },
          ],
        })}
      />,
    );
    expect(screen.getByText('Played by the language model')).toBeInTheDocument();
    expect(screen.queryByTestId('scripted-note')).toBeNull();
    // The panel's code loads for such a call only.
    expect(await screen.findByTestId('latency-panel', {}, { timeout: 10_000 })).toBeInTheDocument();
    model.unmount();

    renderUi(<CallDetail call={callSchema.parse({ id: 7, transcript: [{ sender: 'bot', text: 'Hi', type: 'transcript', timestamp: 1 }] })} />);
    expect(screen.queryByText('Conversation')).toBeNull();
    expect(screen.queryByTestId('scripted-note')).toBeNull();
    expect(screen.queryByTestId('latency-panel')).toBeNull();
  });

  it('names both assistants of a call handed over, and marks the hand-over in the transcript; a call not handed over says nothing of it', () => {
    const handed = renderUi(
      <CallDetail
        call={callSchema.parse({
          id: 8,
          assistant_name: 'Front desk',
          transferred_to_assistant_id: 9,
          transferred_to_assistant_name: 'Sales',
          conversation_mode: 'model',
          latency: null,
          transcript: [
            { sender: 'bot', type: 'message', text: 'One moment.', timestamp: '2026-05-02T09:14:00Z' },
            { sender: 'tool', type: 'handover', text: '', timestamp: '2026-05-02T09:14:02Z', from_assistant_id: 8, assistant_id: 9, assistant_name: 'Sales' },
            { sender: 'bot', type: 'message', text: 'Hi, this is Sales.', timestamp: '2026-05-02T09:14:02Z' },
          ],
        })}
      />,
    );
    expect(screen.getByText('Front desk')).toBeInTheDocument();
    expect(screen.getByText('Handed over to')).toBeInTheDocument();
    expect(screen.getByText('Sales')).toBeInTheDocument();
    expect(screen.getByText('Handed over to the assistant Sales')).toBeInTheDocument();
    handed.unmount();

    renderUi(<CallDetail call={callSchema.parse({ id: 10, assistant_name: 'Front desk', transcript: 'AI: Hello' })} />);
    expect(screen.queryByText('Handed over to')).toBeNull();
  });
});
