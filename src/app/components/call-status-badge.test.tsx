import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CallStatusBadge } from './call-status-badge';

function renderUi(ui: ReactElement) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

describe('CallStatusBadge', () => {
  it('colours a known status and shows an unknown one as it came', () => {
    renderUi(
      <>
        <CallStatusBadge status="no-answer" />
        <CallStatusBadge status="voicemail_left" />
      </>,
    );
    expect(screen.getByText('No answer')).toBeInTheDocument();
    expect(screen.getByText('voicemail_left')).toBeInTheDocument();
  });
});
