import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '@/api/session';
import { renderWithProviders } from '@/test/render';
import type { EventStreamOptions, openEventStream } from './event-stream';
import { useLiveRefetchInterval } from './live-context';
import { LiveIndicator } from './live-indicator';
import { LiveProvider, resetUnsupportedHosts } from './live-provider';

function Probe() {
  const interval = useLiveRefetchInterval();
  return <span data-testid="interval">{String(interval)}</span>;
}

/** A stand-in for the stream: records how it was opened, lets the test drive its state and events. */
function fakeOpen() {
  const opened: EventStreamOptions[] = [];
  const closed: number[] = [];
  const open: typeof openEventStream = (options) => {
    opened.push(options);
    const n = opened.length;
    options.onState('connecting');
    return { close: () => closed.push(n) };
  };
  return { open, opened, closed };
}

function renderLive(open: typeof openEventStream) {
  return renderWithProviders(
    <LiveProvider open={open}>
      <LiveIndicator />
      <Probe />
    </LiveProvider>,
  );
}

beforeEach(() => {
  resetUnsupportedHosts();
  startSession({ token: 'vc_live', host: null, remember: false });
});
afterEach(() => {
  cleanup();
  endSession('signed-out');
});

describe('LiveProvider', () => {
  it('polls until the stream is open, then stops polling; polls again when it drops', () => {
    const fake = fakeOpen();
    renderLive(fake.open);
    expect(fake.opened).toHaveLength(1);
    expect(fake.opened[0]!.url).toBe('/api/user/events');
    expect(fake.opened[0]!.token).toBe('vc_live');
    expect(screen.getByTestId('interval')).toHaveTextContent('5000');
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Polling');

    act(() => fake.opened[0]!.onState('live'));
    expect(screen.getByTestId('interval')).toHaveTextContent('false');
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');

    act(() => fake.opened[0]!.onState('down'));
    expect(screen.getByTestId('interval')).toHaveTextContent('5000');
    expect(screen.getByTestId('live-indicator')).toHaveAttribute('data-stream', 'down');
  });

  it('an event invalidates its queries (batched); a reopened stream catches up on everything', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeOpen();
      const { queryClient } = renderLive(fake.open);
      const spy = vi.spyOn(queryClient, 'invalidateQueries');
      act(() => fake.opened[0]!.onState('live'));
      act(() => fake.opened[0]!.onEvent({ type: 'account', id: null, status: null, campaign_id: null, assistant_id: null, call_id: null }));
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      expect(spy.mock.calls.map(([f]) => f?.queryKey)).toEqual([['account']]);
      spy.mockClear();
      act(() => fake.opened[0]!.onState('down'));
      act(() => fake.opened[0]!.onState('live'));
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      expect(spy.mock.calls.map(([f]) => f?.queryKey)).toContainEqual(['overview']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a host without a stream is not asked again in this tab', () => {
    const fake = fakeOpen();
    const first = renderLive(fake.open);
    act(() => fake.opened[0]!.onState('unsupported'));
    expect(screen.getByTestId('live-indicator')).toHaveAttribute('data-stream', 'unsupported');
    first.unmount();
    renderLive(fake.open);
    expect(fake.opened).toHaveLength(1);
    expect(screen.getByTestId('interval')).toHaveTextContent('5000');
  });

  it('signed out: the stream closes', () => {
    const fake = fakeOpen();
    renderLive(fake.open);
    act(() => endSession('signed-out'));
    expect(fake.closed).toEqual([1]);
  });
});
