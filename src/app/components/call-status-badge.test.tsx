import { Badge } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CALL_STATUSES } from '@contract/call-values';
import { statusLabel } from '@/lib/call-labels';
import { statusColor } from '@/lib/call-status';
import { markupTree } from '@/test/markup';
import { renderWithProviders } from '@/test/render';
import { CallStatusBadge } from './call-status-badge';

/*
 * CallStatusBadge is a hand copy of Mantine's Badge (its two elements, classes and CSS variables), kept
 * for the call log's render speed. This renders it beside the Badge it copies, for every status, and fails
 * when a Mantine update changes what Badge draws: then update the copy (or go back to Badge).
 */
describe('CallStatusBadge, the copy of Mantine’s Badge', () => {
  const coloured = CALL_STATUSES.filter((s) => statusColor(s) !== null);

  it('has statuses to compare', () => {
    expect(coloured.length).toBeGreaterThan(5);
  });

  it.each(coloured)('draws what <Badge variant="light"> draws, for %s', (status) => {
    const color = statusColor(status)!;
    const { container } = renderWithProviders(
      <>
        <div data-testid="copy">
          <CallStatusBadge status={status} />
        </div>
        <div data-testid="library">
          <Badge color={color} variant="light" radius="sm" tt="none" fw={600} miw="max-content" data-status={status}>
            {statusLabel(status)}
          </Badge>
        </div>
      </>,
    );
    const copy = container.querySelector('[data-testid="copy"] > *')!;
    const library = container.querySelector('[data-testid="library"] > *')!;
    expect(markupTree(copy)).toEqual(markupTree(library));
    expect(copy.textContent).toBe(library.textContent);
  });

  it('colours a known status and shows an unknown one as it came', () => {
    renderWithProviders(
      <>
        <CallStatusBadge status="no-answer" />
        <CallStatusBadge status="voicemail_left" />
      </>,
    );
    expect(screen.getByText('No answer')).toBeInTheDocument();
    expect(screen.getByText('voicemail_left')).toBeInTheDocument();
  });

  it('shows an unknown status as plain text, no badge', () => {
    const { container } = renderWithProviders(
      <div data-testid="copy">
        <CallStatusBadge status="teleported" />
      </div>,
    );
    const copy = container.querySelector('[data-testid="copy"]')!;
    expect(copy.textContent).toBe('teleported');
    expect(copy.querySelector('.mantine-Badge-root')).toBeNull();
  });
});
