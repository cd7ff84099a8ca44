import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RecordingPlayer } from './recording-player';

function renderUi(ui: ReactElement) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

describe('RecordingPlayer', () => {
  it('plays only http(s) URLs: anything else reaches neither a media element nor a link', () => {
    const { container } = renderUi(<RecordingPlayer url="javascript:alert(1)" callId={1} />);
    expect(container.querySelector('audio')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    // Nor does it wait for the controls' code.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives an audio element, speeds and a download link for an http URL, once the controls have loaded', async () => {
    const url = 'http://localhost:8080/api/recordings/abc.wav';
    const { container } = renderUi(<RecordingPlayer url={url} callId={7} />);
    // Their code loads on demand: meanwhile a placeholder of their shape says what is coming.
    expect(screen.getByRole('status', { name: 'Loading the recording player' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /download/i }, { timeout: 10_000 })).toHaveAttribute('href', url);
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(url);
    expect(screen.queryByRole('status', { name: 'Loading the recording player' })).toBeNull();
    expect(screen.getByText('1.5x')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
  });
});
