import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallFilters } from './call-filters';
import { CALLS_SEARCH_DEFAULTS, type CallsSearch } from '../lib/search';

const search: CallsSearch = { ...CALLS_SEARCH_DEFAULTS };

function renderBar(over: Partial<CallsSearch> = {}) {
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
