import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHost, renderWithRouter, resetHost, type FakeRequest } from '../test/chat-host';
import type { TestChatAssistant } from '../lib/test-chat-assistant';
import TestChatPanel from './test-chat-panel';

/*
 * The test chat's voice (our extensions): the speaker plays each reply with POST /speech and keeps the
 * spoken session as a web call; the microphone dictates with the browser's speech recognition.
 */

const CONVERSATION = '3f0c9a52-1d7e-4b8a-9c41-7e2d5b6a8f10';
const ASSISTANT: TestChatAssistant = { id: 12, uuid: null, name: 'Order desk', variables: {} };
const played: string[] = [];

/** An audio element that plays at once and ends (jsdom has no media playback). */
class FakeAudio {
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly src: string) {}
  play() {
    played.push(this.src);
    queueMicrotask(() => this.onended?.());
    return Promise.resolve();
  }
  pause() {}
}

beforeEach(() => {
  played.length = 0;
  vi.stubGlobal('Audio', FakeAudio);
  URL.createObjectURL = vi.fn(() => `blob:speech-${played.length + 1}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(resetHost);

function voiceHost({ local = true, engine = 'espeak-ng' }: { local?: boolean; engine?: string } = {}) {
  let turn = 0;
  return fakeHost((req: FakeRequest) => {
    if (req.path === '/local/info') return local ? { body: { service: 'voice-console' } } : undefined;
    if (req.method === 'GET' && req.path === '/speech') return local ? { body: { engine } } : undefined;
    if (req.method === 'POST' && req.path === '/speech') return new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } });
    if (req.method === 'POST' && req.path === '/conversations') return { body: { status: true, conversation_id: CONVERSATION, history: [{ role: 'assistant', content: 'Hello!' }] } };
    if (req.method === 'POST' && req.path === `/conversations/${CONVERSATION}/messages`) {
      turn += 1;
      return { body: { status: true, message: `Reply ${turn}`, function_calls: [] } };
    }
    if (req.method === 'POST' && req.path === `/conversations/${CONVERSATION}/web-call`) return { body: { call_id: 77 } };
    return undefined;
  });
}

function renderPanel() {
  return renderWithRouter({ '/': () => <TestChatPanel assistant={ASSISTANT} />, '/conversations': () => null, '/calls/$callId': () => null });
}

async function send(text: string) {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(box).toBeEnabled());
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('the test chat’s speaker', () => {
  it('speaks each reply once switched on, keeps the session as a web call, again after a new turn, and links it', async () => {
    const host = voiceHost();
    renderPanel();
    await send('Hi');
    await screen.findByText('Reply 1');
    // Off: nothing spoken, nothing kept.
    expect(host.of('POST', '/speech')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('switch', { name: 'Speak replies' }));
    await send('Where is my order?');
    await waitFor(() => expect(host.of('POST', `/conversations/${CONVERSATION}/web-call`)).toHaveLength(1));
    expect(host.of('POST', '/speech').map((c) => c.body)).toEqual([{ text: 'Reply 2', voice: 'assistant' }]);
    expect(played).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Kept as call #77' })).toHaveAttribute('href', '/calls/77');
    await send('Thanks');
    await waitFor(() => expect(host.of('POST', `/conversations/${CONVERSATION}/web-call`)).toHaveLength(2));
    expect(host.of('POST', '/speech')).toHaveLength(2);
  });

  it('is not offered when the service has no speech engine, nor on a host without our extensions', async () => {
    const host = voiceHost({ engine: 'none' });
    const { unmount } = renderPanel();
    await waitFor(() => expect(host.of('GET', '/speech')).toHaveLength(1));
    await screen.findByText('Hello!');
    expect(screen.queryByRole('switch', { name: 'Speak replies' })).toBeNull();
    unmount();
    resetHost();

    const hosted = voiceHost({ local: false });
    renderPanel();
    await waitFor(() => expect(hosted.of('GET', '/local/info')).toHaveLength(1));
    await screen.findByText('Hello!');
    expect(screen.queryByRole('switch', { name: 'Speak replies' })).toBeNull();
  });
});

describe('the test chat’s microphone', () => {
  it('is hidden where the browser cannot recognise speech', async () => {
    voiceHost();
    renderPanel();
    await screen.findByText('Hello!');
    expect(screen.queryByRole('button', { name: 'Dictate the message' })).toBeNull();
  });

  it('puts the dictated words in the message box, to send with Enter', async () => {
    const started: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      interimResults = true;
      continuous = true;
      onresult: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      start() {
        started.push(this);
      }
      stop() {
        this.onend?.();
      }
      abort() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const host = voiceHost();
    renderPanel();
    await screen.findByText('Hello!');
    const mic = await screen.findByRole('button', { name: 'Dictate the message' });
    await waitFor(() => expect(mic).toBeEnabled());
    fireEvent.click(mic);
    expect(await screen.findByRole('button', { name: 'Stop dictating' })).toHaveAttribute('aria-pressed', 'true');
    const result = Object.assign([Object.assign([{ transcript: 'Where is my order' }], { isFinal: true })], {});
    const recognizer = started[0]!;
    recognizer.onresult?.({ results: result });
    recognizer.onend?.();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveValue('Where is my order');
    expect(recognizer.lang).toBe('en-US');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(host.of('POST', `/conversations/${CONVERSATION}/messages`)[0]?.body).toEqual({ message: 'Where is my order' }));
  });
});
