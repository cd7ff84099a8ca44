import { VOICE_CLOSE, webCallServerMessage, type KeypadKey, type WebCallTicket } from '@contract/voice';
import { ApiError, errorMessage } from '@/api/errors';
import { apiBaseUrlOf, getSession } from '@/api/session';
import captureWorkletUrl from '../worklets/capture.worklet.ts?worker&url';
import playbackWorkletUrl from '../worklets/playback.worklet.ts?worker&url';
import type { CaptureFrame } from '../worklets/capture.worklet';
import type { PlaybackMessage, PlaybackReport } from '../worklets/playback.worklet';
import type { CallEvent, CallProblem } from './call-state';
import { webCallSocketUrl } from './socket-url';

/*
 * One web call in the browser, imperative: the microphone (echo cancellation on; the browser's noise
 * suppression as the assistant's enable_noise_cancellation says, on when it is not known),
 * an AudioContext with the capture and playback worklets, the ticket, the socket. It reports to the panel
 * through `dispatch` (the reducer in call-state.ts) and `onLevel` (the meter), and cleans up after itself
 * whatever the way out: `end()` (End call), `dispose()` (the panel closes: the call ends too), the
 * service's `ended`, or the socket dropping.
 */

export interface WebCallSessionOptions {
  assistantId: number;
  dispatch: (event: CallEvent) => void;
  onLevel: (level: number) => void;
  startCall: (assistantId: number, signal: AbortSignal) => Promise<WebCallTicket>;
  /** The assistant's enable_noise_cancellation: the browser's own noise suppression (the service adds RNNoise). */
  noiseSuppression?: boolean;
  now?: () => number;
}

/** After "End call", how long the service has to answer `ended` before the socket is closed from here. */
const END_GRACE_MS = 4_000;
/** After the service ended the call, at most this long for its last words (a goodbye) to play. */
const DRAIN_MAX_MS = 15_000;

export function micProblem(error: unknown): CallProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return { kind: 'mic-denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return { kind: 'mic-missing' };
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return { kind: 'mic-busy' };
  return { kind: 'mic-failed', message: errorMessage(error) };
}

export class WebCallSession {
  private readonly controller = new AbortController();
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private capture: AudioWorkletNode | null = null;
  private playback: AudioWorkletNode | null = null;
  private socket: WebSocket | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  private finished = false;
  /** The service ended the call (not the caller): what it still has to say is played before the audio stops. */
  private endedByService = false;
  /** Closes the audio now, while it is still playing the service's last words. */
  private closeAudio: (() => void) | null = null;

  constructor(private readonly options: WebCallSessionOptions) {}

  private get aborted() {
    return this.controller.signal.aborted;
  }

  private fail(problem: CallProblem) {
    if (this.aborted) return;
    this.options.dispatch({ type: 'failed', problem });
    this.teardown();
  }

  /** Microphone, audio, ticket, socket: the first failure is reported and everything opened is closed. */
  async start(): Promise<void> {
    const { dispatch } = this.options;
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') return this.fail({ kind: 'mic-unsupported' });

    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        // Echo cancellation stays on whatever the setting: without it the assistant hears itself through the
        // speakers and barges in on its own words.
        audio: { echoCancellation: true, noiseSuppression: this.options.noiseSuppression ?? true, autoGainControl: true, channelCount: 1 },
        video: false,
      });
    } catch (e) {
      return this.fail(micProblem(e));
    }
    if (this.aborted) return this.teardown();

    try {
      await this.startAudio(this.stream);
    } catch (e) {
      return this.fail({ kind: 'audio-failed', message: errorMessage(e) });
    }
    if (this.aborted) return this.teardown();

    let ticket: WebCallTicket;
    try {
      ticket = await this.options.startCall(this.options.assistantId, this.controller.signal);
    } catch (e) {
      if (this.aborted) return this.teardown();
      if (e instanceof ApiError && e.status === 503) return this.fail({ kind: 'unavailable', message: errorMessage(e) });
      return this.fail({ kind: 'ticket-failed', message: errorMessage(e) });
    }
    if (this.aborted) return this.teardown();
    if (!ticket.ticket || !ticket.socket_path) return this.fail({ kind: 'ticket-failed', message: errorMessage(new Error('No ticket')) });

    const url = webCallSocketUrl(apiBaseUrlOf(getSession()?.host), ticket.socket_path, ticket.ticket, window.location.href);
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      return this.fail({ kind: 'socket-refused' });
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => dispatch({ type: 'socket-open' });
    socket.onmessage = (event: MessageEvent<unknown>) => this.onMessage(event.data);
    socket.onclose = (event) => {
      this.socket = null;
      if (!this.aborted) dispatch({ type: 'socket-closed', code: event.code });
      this.teardown();
    };
    // An error is always followed by close, which reports it.
    socket.onerror = () => undefined;
  }

  private async startAudio(stream: MediaStream) {
    const context = new AudioContext({ latencyHint: 'interactive' });
    this.context = context;
    await context.audioWorklet.addModule(captureWorkletUrl);
    await context.audioWorklet.addModule(playbackWorkletUrl);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, 'web-call-capture', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1, channelCountMode: 'explicit' });
    // Pulled by the graph (a node nobody listens to may not run), heard by nobody.
    const mute = context.createGain();
    mute.gain.value = 0;
    source.connect(capture).connect(mute).connect(context.destination);
    capture.port.onmessage = (event: MessageEvent<CaptureFrame>) => {
      this.options.onLevel(event.data.level);
      if (this.socket?.readyState === WebSocket.OPEN && !this.finished) this.socket.send(event.data.pcm);
    };
    const playback = new AudioWorkletNode(context, 'web-call-playback', { numberOfInputs: 0, numberOfOutputs: 1, outputChannelCount: [1] });
    playback.connect(context.destination);
    // A worklet that throws stops for good: the call cannot go on without it.
    const broke = () => this.fail({ kind: 'audio-failed', message: 'AudioWorklet processor error' });
    capture.onprocessorerror = broke;
    playback.onprocessorerror = broke;
    this.capture = capture;
    this.playback = playback;
    if (context.state === 'suspended') await context.resume();
  }

  private onMessage(data: unknown) {
    if (data instanceof ArrayBuffer) {
      const message: PlaybackMessage = { type: 'audio', pcm: data };
      this.playback?.port.postMessage(message, [data]);
      return;
    }
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // A message this console does not know (a newer service) is left out, not a failure.
    const parsed = webCallServerMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'clear') {
      const clear: PlaybackMessage = { type: 'clear' };
      this.playback?.port.postMessage(clear);
    }
    this.options.dispatch({ type: 'server', message, at: (this.options.now ?? Date.now)() });
    if (message.type === 'ended') {
      if (!this.finished) this.endedByService = true;
      this.finished = true;
      this.stopMicrophone();
      // The service closes the socket; if it does not, the call is over anyway.
      this.endTimer ??= setTimeout(() => this.socket?.close(VOICE_CLOSE.normal), END_GRACE_MS);
    }
  }

  /** A key of the keypad: the service hears it as the caller's keypress. */
  pressKey(digit: KeypadKey) {
    if (this.finished || this.socket?.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify({ type: 'dtmf', digit }));
  }

  /** "End call": the service is told, the microphone and the assistant's voice go off; the panel waits for `ended`. */
  end() {
    if (this.finished) return;
    this.finished = true;
    this.stopMicrophone();
    const clear: PlaybackMessage = { type: 'clear' };
    this.playback?.port.postMessage(clear);
    const socket = this.socket;
    if (socket?.readyState === WebSocket.OPEN) {
      this.options.dispatch({ type: 'ending' });
      socket.send(JSON.stringify({ type: 'end' }));
      this.endTimer = setTimeout(() => socket.close(VOICE_CLOSE.normal), END_GRACE_MS);
    } else {
      // Not connected yet: nothing to tell; stop starting.
      this.options.dispatch({ type: 'ending' });
      this.options.dispatch({ type: 'socket-closed', code: VOICE_CLOSE.normal });
      this.controller.abort();
      this.teardown();
    }
  }

  /** The panel goes away: a call in progress ends (the service is told), everything is closed, nothing more is reported. */
  dispose() {
    this.endedByService = false;
    this.closeAudio?.();
    const socket = this.socket;
    if (socket?.readyState === WebSocket.OPEN && !this.finished) {
      try {
        socket.send(JSON.stringify({ type: 'end' }));
      } catch {
        // closing anyway
      }
    }
    this.finished = true;
    this.controller.abort();
    this.teardown();
  }

  private stopMicrophone() {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    if (this.capture) this.capture.port.onmessage = null;
    this.options.onLevel(0);
  }

  private teardown() {
    if (this.endTimer) clearTimeout(this.endTimer);
    this.endTimer = null;
    this.stopMicrophone();
    this.stream = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(VOICE_CLOSE.normal);
    }
    this.capture?.disconnect();
    const playback = this.playback;
    const context = this.context;
    this.capture = null;
    this.playback = null;
    this.context = null;
    const close = () => {
      playback?.disconnect();
      if (context && context.state !== 'closed') void context.close().catch(() => undefined);
    };
    if (!playback || !this.endedByService || this.aborted) return close();
    // The assistant ended the call: its goodbye may still be in the playback's buffer.
    const closeNow = () => {
      clearTimeout(timer);
      this.closeAudio = null;
      close();
    };
    const timer = setTimeout(closeNow, DRAIN_MAX_MS);
    this.closeAudio = closeNow;
    playback.port.onmessage = (event: MessageEvent<PlaybackReport>) => {
      if (event.data.type === 'drained') closeNow();
    };
    const drain: PlaybackMessage = { type: 'drain' };
    playback.port.postMessage(drain);
  }
}
