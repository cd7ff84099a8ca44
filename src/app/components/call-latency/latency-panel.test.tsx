import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callSchema } from '@contract/call';
import { latencySummary, latencyTurns, percentile } from '@/lib/call-latency';
import { parseTranscript } from '@/lib/transcript';
import { LatencyPanel } from './latency-panel';

const entries = [
  { sender: 'bot', text: 'Hello.', timestamp: '2026-05-02 09:14:00', latency_ms: 300 },
  { sender: 'human', text: 'Order A-17?', timestamp: '2026-05-02 09:14:03' },
  { sender: 'tool', type: 'function_call', name: 'order_status', arguments: {}, result: null, error: 'timed out', duration_ms: 2000, timestamp: '2026-05-02 09:14:04' },
  { sender: 'bot', text: 'It shipped.', timestamp: '2026-05-02 09:14:07', latency_ms: 2600 },
  { sender: 'human', text: 'Thanks.', timestamp: '2026-05-02 09:14:09' },
  { sender: 'bot', text: 'Bye.', timestamp: '2026-05-02 09:14:10', latency_ms: 500 },
];

const renderPanel = (record: Record<string, unknown>) =>
  render(
    <MantineProvider>
      <LatencyPanel call={callSchema.parse({ id: 1, ...record })} />
    </MantineProvider>,
  );

describe('the latency figures', () => {
  it('take the percentiles by nearest rank and give each turn the tool calls made on the way to it', () => {
    expect(percentile([], 95)).toBeNull();
    expect(percentile([500, 300, 2600], 50)).toBe(500);
    expect(percentile([500, 300, 2600], 95)).toBe(2600);
    const turns = latencyTurns(parseTranscript(callSchema.parse({ id: 1, transcript: entries }).transcript));
    expect(turns.map((t) => [t.number, t.at, t.modelMs, t.tools])).toEqual([
      [1, '0:00', 300, []],
      [2, '0:07', 2600, [{ name: 'order_status', ms: 2000, failed: true }]],
      [3, '0:10', 500, []],
    ]);
    // The service's own summary wins when whole; half a summary does not.
    expect(latencySummary({ p50_ms: 450, p95_ms: 900, turns: 4 }, turns)).toEqual({ p50: 450, p95: 900, turns: 4 });
    expect(latencySummary({ p50_ms: 450, p95_ms: null, turns: 4 }, turns)).toEqual({ p50: 500, p95: 2600, turns: 3 });
    expect(latencySummary(null, [])).toBeNull();
  });
});

describe('LatencyPanel', () => {
  it('shows p50 and p95 beside 800 ms in words, the turns as an image with a table, and the table on request', async () => {
    renderPanel({ transcript: entries, latency: { p50_ms: 500, p95_ms: 2600, turns: 3 } });
    // The panel's code loads for a call that has one: meanwhile its frame says so.
    expect(screen.getByRole('status', { name: "Loading the model's time per turn" })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Model time per turn' }, { timeout: 10_000 });
    expect(screen.queryByRole('status', { name: "Loading the model's time per turn" })).toBeNull();
    expect(within(panel).getByTestId('latency-p50')).toHaveTextContent('500 ms');
    expect(within(panel).getByTestId('latency-p50')).toHaveTextContent('within 800 ms');
    expect(within(panel).getByTestId('latency-p95')).toHaveTextContent('2.6 s');
    expect(within(panel).getByTestId('latency-p95')).toHaveTextContent('above 800 ms');
    expect(within(panel).getByRole('img', { name: /3 assistant turns: median 500 ms, p95 2.6 s/ })).toBeInTheDocument();
    // The numbers are there for screen readers while the chart shows.
    expect(within(panel).getByRole('table', { name: 'Model time per assistant turn' })).toHaveTextContent('order_status (failed) 2 s');
    fireEvent.click(within(panel).getByRole('switch', { name: 'Show as table' }));
    expect(within(panel).queryByRole('img')).toBeNull();
    expect(within(panel).getByRole('region', { name: 'Model time per assistant turn' })).toBeInTheDocument();
  });

  it('shows nothing for a call without a model (scripted, or hosted data)', () => {
    const { container } = renderPanel({ transcript: 'AI: Hello\nUser: Hi', conversation_mode: 'scripted', latency: null });
    expect(container.querySelector('[data-testid="latency-panel"]')).toBeNull();
    // Nor does it load the panel's code.
    expect(screen.queryByRole('status')).toBeNull();
  });
});
