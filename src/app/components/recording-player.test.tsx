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
