import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHost, renderWithHost, resetHost } from '@/test/host';
import { WebCallPanel } from './web-call-panel';

/*
 * A web call from the panel's side, with a fake microphone, audio graph and socket: the ticket, the socket
 * on the API's host with the ticket, the transcript growing by id (as text), a tool card, the state, End
 * call, the link to the call; a dropped socket and a refused ticket said in words.
 */

class FakePort {
  onmessage: ((e: MessageEvent) => void) | null = null;
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
}
class FakeNode {
  static made: FakeNode[] = [];
  port = new FakePort();
  constructor(
    _context: unknown,
    readonly name: string,
  ) {
    FakeNode.made.push(this);
  }
  connect<T>(next: T): T {
    return next;
  }
  disconnect() {}
}
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  constructor() {
    FakeAudioContext.made.push(this);
  }
  state = 'running';
  destination = {};
  audioWorklet = { addModule: vi.fn(() => Promise.resolve()) };
  createMediaStreamSource() {
    return { connect: <T,>(next: T) => next };
  }
  createGain() {
    return { gain: { value: 1 }, connect: <T,>(next: T) => next };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    this.state = 'closed';
    return Promise.resolve();
  }
}
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  // The service's side.
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  say(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const stopped: string[] = [];
beforeEach(() => {
  FakeNode.made = [];
  FakeSocket.made = [];
  FakeAudioContext.made = [];
  stopped.length = 0;
  const track = { stop: () => stopped.push('mic') };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(() => Promise.resolve({ getTracks: () => [track] })) } });
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('AudioWorkletNode', FakeNode);
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  resetHost();
});

function host(ticket: { status?: number; body: unknown } = { status: 201, body: { ticket: 'tk 1', socket_path: '/api/voice/web-calls/socket', expires_at: 'soon' } }) {
  return fakeHost((req) => {
    if (req.method === 'POST' && req.path === '/voice/web-calls') return ticket;
    return undefined;
  });
}

async function connected() {
  await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
  const socket = FakeSocket.made[0]!;
  act(() => socket.open());
  return socket;
}

describe('the web-call panel', () => {
  it('talks: ticket, socket, transcript by id as text, a tool card, state, End call and the link to the call', async () => {
    const service = host();
    const closed = vi.fn();
    renderWithHost(() => <WebCallPanel assistantId={12} onRestart={() => undefined} onClose={closed} />);
    const socket = await connected();
    expect(service.of('POST', '/voice/web-calls').map((r) => r.body)).toEqual([{ assistant_id: 12 }]);
    expect(socket.url).toBe(`ws://${window.location.host}/api/voice/web-calls/socket?ticket=tk+1`);
    expect(socket.binaryType).toBe('arraybuffer');

    // The microphone's frames go out as binary.
    const capture = FakeNode.made.find((n) => n.name === 'web-call-capture')!;
    const pcm = new ArrayBuffer(640);
    act(() => capture.port.onmessage?.({ data: { pcm, level: 0.5 } } as MessageEvent));
    expect(socket.sent).toEqual([pcm]);

    act(() => {
      socket.say({ type: 'ready', call_id: 55 });
      socket.say({ type: 'transcript', id: 'u1', sender: 'human', text: 'Where is', final: false });
      socket.say({ type: 'transcript', id: 'u1', sender: 'human', text: 'Where is my order <b>A-1234</b>?', final: true });
      socket.say({ type: 'state', state: 'thinking' });
      socket.say({ type: 'tool', name: 'order_status', arguments: { order_id: 'A-1234' }, result: { status: 'shipped' } });
      socket.say({ type: 'transcript', id: 'b1', sender: 'bot', text: 'It has shipped', final: false });
      socket.say({ type: 'state', state: 'speaking' });
      socket.say('not json');
      socket.say({ type: 'from-the-future' });
    });
    const lines = screen.getAllByTestId('web-call-line');
    expect(lines.map((l) => [l.dataset.sender, l.dataset.final])).toEqual([
      ['human', 'true'],
      ['bot', 'false'],
    ]);
    // As text: the markup is shown, not made.
    expect(lines[0]).toHaveTextContent('Where is my order <b>A-1234</b>?');
    expect(lines[0]!.querySelector('b')).toBeNull();
    expect(screen.getByRole('group', { name: 'Function call order_status' })).toBeInTheDocument();
    expect(screen.getByTestId('web-call-state')).toHaveTextContent('Speaking');
    expect(screen.getByTestId('web-call-announce')).toHaveTextContent('You said: Where is my order <b>A-1234</b>?');

    // Barge-in: the playback is told to drop its audio; the line comes back interrupted.
    const playback = FakeNode.made.find((n) => n.name === 'web-call-playback')!;
    const audio = new ArrayBuffer(320);
    act(() => {
      socket.onmessage?.({ data: audio });
      socket.say({ type: 'clear' });
      socket.say({ type: 'transcript', id: 'b1', sender: 'bot', text: 'It has', final: true, interrupted: true });
    });
    expect(playback.port.posted).toEqual([{ type: 'audio', pcm: audio }, { type: 'clear' }]);
    expect(within(screen.getAllByTestId('web-call-line')[1]!).getByText('interrupted')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'End call' }));
    expect(socket.sent.at(-1)).toBe(JSON.stringify({ type: 'end' }));
    expect(stopped).toEqual(['mic']);
    act(() => {
      socket.say({ type: 'ended', call_id: 55, reason: 'caller-ended' });
      socket.drop(1000);
    });
    const link = await screen.findByRole('link', { name: 'Open call #55 in the call log' });
    expect(link).toHaveAttribute('href', '/calls/55');
    expect(screen.getByRole('heading', { name: 'The call has ended' })).toHaveFocus();
    expect(screen.queryByTestId('web-call-problem')).toBeNull();
  });

  it('ends cleanly when the socket drops mid-call, keeping what was said', async () => {
    host();
    renderWithHost(() => <WebCallPanel assistantId={12} onRestart={() => undefined} onClose={() => undefined} />);
    const socket = await connected();
    act(() => {
      socket.say({ type: 'ready', call_id: 56 });
      socket.say({ type: 'transcript', id: 'u1', sender: 'human', text: 'Hello', final: true });
      socket.drop(1006);
    });
    expect(await screen.findByTestId('web-call-problem')).toHaveTextContent('The connection to the service was lost.');
    expect(screen.getByTestId('web-call-line')).toHaveTextContent('Hello');
    expect(screen.getByRole('link', { name: 'Open call #56 in the call log' })).toBeInTheDocument();
    expect(stopped).toContain('mic');
    expect(screen.queryByRole('button', { name: 'End call' })).toBeNull();
  });

  it('shows the setup card, in the service’s words, when it answers 503', async () => {
    host({ status: 503, body: { message: 'Set STT_BASE_URL to let the service hear.' } });
    renderWithHost(() => <WebCallPanel assistantId={12} onRestart={() => undefined} onClose={() => undefined} />);
    const card = await screen.findByTestId('voice-setup');
    expect(card).toHaveTextContent('The service says: Set STT_BASE_URL to let the service hear.');
    expect(FakeSocket.made).toHaveLength(0);
    expect(stopped).toContain('mic');
  });

  it('says a refused ticket in words, with what to do', async () => {
    host();
    renderWithHost(() => <WebCallPanel assistantId={12} onRestart={() => undefined} onClose={() => undefined} />);
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    act(() => FakeSocket.made[0]!.drop(4401));
    expect(await screen.findByTestId('web-call-problem')).toHaveTextContent("The service did not accept the call's ticket");
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
  });

  it('lets the assistant’s last words play out when it ends the call itself', async () => {
    host();
    renderWithHost(() => <WebCallPanel assistantId={12} onRestart={() => undefined} onClose={() => undefined} />);
    const socket = await connected();
    const playback = FakeNode.made.find((n) => n.name === 'web-call-playback')!;
    act(() => {
      socket.say({ type: 'ready', call_id: 58 });
      socket.onmessage?.({ data: new ArrayBuffer(3200) });
      socket.say({ type: 'ended', call_id: 58, reason: 'assistant-ended-call' });
      socket.drop(1000);
    });
    await screen.findByRole('link', { name: 'Open call #58 in the call log' });
    // The microphone is off at once; the speaker only once the playback says it has played everything.
    expect(stopped).toContain('mic');
    expect(playback.port.posted.at(-1)).toEqual({ type: 'drain' });
    const context = FakeAudioContext.made[0]!;
    expect(context.state).toBe('running');
    act(() => playback.port.onmessage?.({ data: { type: 'drained' } } as MessageEvent));
    expect(context.state).toBe('closed');
  });

  it('ends the call when the panel goes away mid-call', async () => {
    host();
    const { unmount } = renderWithHost(() => <WebCallPanel assistantId={12} onRestart={() => undefined} onClose={() => undefined} />);
    const socket = await connected();
    act(() => socket.say({ type: 'ready', call_id: 57 }));
    unmount();
    expect(socket.sent.at(-1)).toBe(JSON.stringify({ type: 'end' }));
    expect(socket.readyState).toBe(3);
    expect(stopped).toContain('mic');
  });

  it('sends the keypad\'s keys on the socket while the call is live', async () => {
    host();
    renderWithHost(() => <WebCallPanel assistantId={12} onRestart={() => undefined} onClose={() => undefined} />);
    const socket = await connected();
    act(() => socket.say({ type: 'ready', call_id: 58 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keypad' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Press 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Press #' }));
    expect(socket.sent.slice(-2)).toEqual([JSON.stringify({ type: 'dtmf', digit: '5' }), JSON.stringify({ type: 'dtmf', digit: '#' })]);
    // Once the call is over the keypad is gone.
    act(() => {
      socket.say({ type: 'ended', call_id: 58, reason: 'transferred' });
      socket.drop(1000);
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keypad' })).toBeNull());
  });
});
