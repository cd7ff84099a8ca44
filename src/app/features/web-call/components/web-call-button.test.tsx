import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeHost, renderWithHost, resetHost, type FakeRequest } from '@/test/host';
import { WebCallButton } from './web-call-button';

/*
 * "Start web call" on an assistant's page: offered by the local service only; without a transcription
 * server or a model it opens the setup card; with both, the call starts with the microphone, and a refused
 * microphone is said in words with what to do.
 */

afterEach(resetHost);

const ASSISTANT = { id: 12, name: 'Order desk' };
const VOICE_OFF = { transcription: false, model: true, speech: 'espeak-ng', web_call: false };
const VOICE_ON = { transcription: true, model: true, speech: 'espeak-ng', web_call: true };

function host({ local = true, voice = VOICE_OFF as unknown }: { local?: boolean; voice?: unknown } = {}) {
  return fakeHost((req: FakeRequest) => {
    if (req.path === '/local/info') return local ? { body: { service: 'voice-console', demo_data: true, voice } } : undefined;
    if (req.method === 'POST' && req.path === '/voice/web-calls') return { status: 201, body: { ticket: 't-1', socket_path: '/api/voice/web-calls/socket', expires_at: '2026-11-28T20:00:00Z' } };
    return undefined;
  });
}

describe('Start web call', () => {
  it('is not offered against a host without our extensions (the hosted service)', async () => {
    const hosted = host({ local: false });
    renderWithHost(() => <WebCallButton assistant={ASSISTANT} />);
    await waitFor(() => expect(hosted.of('GET', '/local/info')).toHaveLength(1));
    // The answer (404) has been read: still no button.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Start web call' })).toBeNull();
  });

  it('opens the setup card with the commands when the service cannot take a web call', async () => {
    const local = host();
    renderWithHost(() => <WebCallButton assistant={ASSISTANT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start web call' }));
    const card = await screen.findByTestId('voice-setup');
    expect(within(card).getByText('Connect speech recognition and a model')).toBeInTheDocument();
    expect(within(card).getByText('Missing: a transcription server (STT_BASE_URL).')).toBeInTheDocument();
    expect(within(card).queryByText('Missing: a language model (LLM_BASE_URL).')).toBeNull();
    expect(card.textContent).toContain('ghcr.io/speaches-ai/speaches');
    expect(card.textContent).toContain('whisper-server');
    expect(card.textContent).toContain('ollama pull');
    expect(card.textContent).toContain('STT_BASE_URL=http://localhost:8000/v1 LLM_BASE_URL=http://localhost:11434/v1 npm start');
    expect(within(card).getByRole('button', { name: 'Copy the commands for Speaches' })).toBeInTheDocument();
    // No call was asked for.
    expect(local.of('POST', '/voice/web-calls')).toHaveLength(0);
  });

  it("says a multimodal assistant needs REALTIME_BASE_URL when the service has none, and starts no call", async () => {
    const local = host({ voice: VOICE_ON });
    renderWithHost(() => <WebCallButton assistant={{ ...ASSISTANT, mode: 'multimodal' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start web call' }));
    const card = await screen.findByTestId('voice-setup');
    expect(card.textContent).toContain('REALTIME_BASE_URL');
    expect(within(card).queryByText('Missing: a transcription server (STT_BASE_URL).')).toBeNull();
    expect(local.of('POST', '/voice/web-calls')).toHaveLength(0);
  });

  it('on a realtime-only service, a multimodal assistant starts its call and a pipeline one gets the setup card', async () => {
    const realtimeOnly = { transcription: false, model: false, speech: 'espeak-ng', web_call: false, realtime: true };
    host({ voice: realtimeOnly });
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    onTestFinished(() => {
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    });
    vi.stubGlobal('AudioWorkletNode', class {});
    const { unmount } = renderWithHost(() => <WebCallButton assistant={{ ...ASSISTANT, mode: 'multimodal' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start web call' }));
    // The call itself starts (here it stops at the refused microphone): no setup card.
    expect(await screen.findByTestId('web-call-problem')).toBeInTheDocument();
    expect(screen.queryByTestId('voice-setup')).toBeNull();
    expect(getUserMedia).toHaveBeenCalled();
    unmount();

    renderWithHost(() => <WebCallButton assistant={ASSISTANT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start web call' }));
    const card = await screen.findByTestId('voice-setup');
    expect(within(card).getByText('Missing: a transcription server (STT_BASE_URL).')).toBeInTheDocument();
    expect(within(card).getByText('Missing: a language model (LLM_BASE_URL).')).toBeInTheDocument();
  });

  it('reads a service that says nothing about voice as one that cannot take a call', async () => {
    host({ voice: 'odd' });
    renderWithHost(() => <WebCallButton assistant={ASSISTANT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start web call' }));
    expect(await screen.findByTestId('voice-setup')).toBeInTheDocument();
  });

  it('asks for the microphone with echo cancellation and says what to do when it is refused', async () => {
    const local = host({ voice: VOICE_ON });
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    // jsdom has no microphone: one that refuses, for this test only.
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    onTestFinished(() => {
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    });
    vi.stubGlobal('AudioWorkletNode', class {});
    renderWithHost(() => <WebCallButton assistant={ASSISTANT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start web call' }));
    const problem = await screen.findByTestId('web-call-problem');
    expect(problem).toHaveTextContent('The browser refused the microphone. Allow it for this site');
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: expect.objectContaining({ echoCancellation: true, noiseSuppression: true }) }));
    // Nothing was asked of the service without a microphone; the call can be started again.
    expect(local.of('POST', '/voice/web-calls')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toHaveAttribute('aria-valuenow', '0');
  });
});

describe('the microphone follows enable_noise_cancellation', () => {
  for (const noiseCancellation of [false, true]) {
    it(`noise suppression ${noiseCancellation ? 'on' : 'off'}, echo cancellation on, for an assistant with it ${noiseCancellation ? 'on' : 'off'}`, async () => {
      host({ voice: VOICE_ON });
      const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
      onTestFinished(() => {
        delete (navigator as { mediaDevices?: unknown }).mediaDevices;
      });
      vi.stubGlobal('AudioWorkletNode', class {});
      renderWithHost(() => <WebCallButton assistant={{ ...ASSISTANT, noiseCancellation }} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Start web call' }));
      await screen.findByTestId('web-call-problem');
      expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: expect.objectContaining({ echoCancellation: true, noiseSuppression: noiseCancellation }) }));
    });
  }
});
