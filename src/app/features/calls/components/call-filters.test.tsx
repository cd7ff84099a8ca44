import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CallFilters, latencyFilterValue } from './call-filters';
import { CALLS_SEARCH_DEFAULTS, type CallsSearch } from '../lib/search';

const search: CallsSearch = { ...CALLS_SEARCH_DEFAULTS };

// The parts the bar loads on demand, compiled once up front: the first import of one takes seconds on a
// busy machine, longer than a waitFor waits, and these tests are about what the bar does once it has them.
beforeAll(async () => {
  await Promise.all([import('./date-filter'), import('./latency-input')]);
}, 60_000);

function renderBar(over: Partial<CallsSearch> = {}, showLatency = false) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <CallFilters
        search={{ ...search, ...over }}
        phone={{ state: 'empty' }}
        assistants={[]}
        campaigns={[]}
        optionsLoading={false}
        onChange={onChange}
        onClear={() => {}}
        activeCount={0}
        compact={false}
        showLatency={showLatency}
      />
    </MantineProvider>,
  );
  return onChange;
}

describe('the date filter', () => {
  it('stands in until clicked, then opens the calendar at once', async () => {
    renderBar();
    const standIn = screen.getByRole('button', { name: 'Date' });
    expect(standIn).toHaveTextContent('Any');
    expect(screen.queryByRole('button', { name: 'Previous month' })).toBeNull();
    fireEvent.click(standIn);
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Date' })).toHaveFocus());
  });

  it('shows the real picker, closed, when the link holds a range', async () => {
    renderBar({ date_from: '2026-05-01', date_to: '2026-05-04' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Date' })).not.toHaveTextContent('Any'));
    expect(screen.queryByRole('button', { name: 'Previous month' })).toBeNull();
  });
});

describe('the latency filter (our extension)', () => {
  it('is not there on a host without it', () => {
    renderBar();
    expect(screen.queryByRole('textbox', { name: 'Model p95 at least' })).toBeNull();
  });

  it('sends a whole number of milliseconds after a pause in typing, and none when emptied', async () => {
    const onChange = renderBar({}, true);
    const box = screen.getByRole('textbox', { name: 'Model p95 at least' });
    fireEvent.change(box, { target: { value: '900' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ latency_p95_min: 900 }));
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ latency_p95_min: undefined }));
  });

  it('shows the value a link carries, with its unit once the number box has loaded', async () => {
    renderBar({ latency_p95_min: 1200 }, true);
    expect(screen.getByRole('textbox', { name: 'Model p95 at least' })).toHaveValue('1200');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Model p95 at least' })).toHaveValue('1200 ms'), { timeout: 8000 });
  });

  it('stands in with a plain box until hovered, which loads the number box; a focused stand-in stays until it loses the focus', async () => {
    const onChange = renderBar({}, true);
    const standIn = screen.getByRole('textbox', { name: 'Model p95 at least' });
    // Only digits get in, as in the number box; a value past the bounds is held to them on leaving.
    fireEvent.focus(standIn);
    fireEvent.change(standIn, { target: { value: '-70.5x' } });
    expect(standIn).toHaveValue('705');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ latency_p95_min: 705 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('textbox', { name: 'Model p95 at least' })).toBe(standIn);
    fireEvent.change(standIn, { target: { value: '9999999' } });
    fireEvent.blur(standIn);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Model p95 at least' })).toHaveValue('600000 ms'), { timeout: 8000 });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ latency_p95_min: 600_000 }));
  });

  it('reads typed values into the service’s bounds', () => {
    expect(latencyFilterValue('')).toBeUndefined();
    expect(latencyFilterValue('abc')).toBeUndefined();
    expect(latencyFilterValue(812.6)).toBe(813);
    expect(latencyFilterValue(-5)).toBe(0);
    expect(latencyFilterValue(9_999_999)).toBe(600_000);
  });
});
