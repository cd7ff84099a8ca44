import type { WebCallServerMessage } from '@contract/voice';

/*
 * What the web-call panel shows, as a pure reducer over the socket's messages (already parsed with the
 * contract's schema) and the browser's own events (the microphone, the ticket, the socket closing). No
 * React, no audio: tested with any sequence of messages.
 */

export type Speaker = 'human' | 'bot';

export interface TranscriptLine {
  kind: 'line';
  /** Unique in the list: `line:` and the service's id (`anon:` and a number of our own when it sent none). */
  key: string;
  sender: Speaker;
  text: string;
  final: boolean;
  interrupted: boolean;
}

export interface ToolItem {
  kind: 'tool';
  key: string;
  name: string;
  arguments: unknown;
  result: unknown;
  error: string | null;
}

export type TranscriptItem = TranscriptLine | ToolItem;

/** The pipeline's state as the panel names it; anything else the service sends is shown as listening. */
export type VoiceState = 'listening' | 'thinking' | 'speaking';

export type CallProblem =
  | { kind: 'mic-denied' | 'mic-missing' | 'mic-busy' | 'mic-unsupported' | 'socket-refused' | 'socket-ticket' | 'dropped' }
  /** The service cannot hear or think (a 503, or the socket's 4503): the setup card, with its words when it sent some. */
  | { kind: 'unavailable'; message?: string }
  | { kind: 'mic-failed' | 'audio-failed' | 'ticket-failed' | 'service-error'; message: string };

export type CallPhase =
  /** Asking for the microphone, the ticket, opening the socket. */
  | 'connecting'
  /** The socket is open (and, after `ready`, the call exists). */
  | 'live'
  /** "End call" pressed: waiting for the service's `ended` (or the socket to close). */
  | 'ending'
  | 'ended'
  /** Could not start or went wrong before the call existed. */
  | 'failed';

export interface CallView {
  phase: CallPhase;
  state: VoiceState | null;
  callId: number | null;
  /** When the call was ready (ms, the caller's clock), for the elapsed time. */
  startedAt: number | null;
  endedReason: string | null;
  items: TranscriptItem[];
  /** The last problem, shown as text with what to do. */
  problem: CallProblem | null;
  /** How many tool cards and anonymous lines were added (their keys). */
  counter: number;
}

export const initialCallView: CallView = {
  phase: 'connecting',
  state: null,
  callId: null,
  startedAt: null,
  endedReason: null,
  items: [],
  problem: null,
  counter: 0,
};

export type CallEvent =
  | { type: 'server'; message: WebCallServerMessage; at: number }
  | { type: 'socket-open' }
  | { type: 'ending' }
  /** The socket closed: `clean` after `ended` or our own end, else a drop. */
  | { type: 'socket-closed'; code: number }
  | { type: 'failed'; problem: CallProblem }
  | { type: 'restart' };

const VOICE_STATES: readonly string[] = ['listening', 'thinking', 'speaking'];
const over = (phase: CallPhase) => phase === 'ended' || phase === 'failed';

function onServer(view: CallView, message: WebCallServerMessage, at: number): CallView {
  switch (message.type) {
    case 'ready':
      return { ...view, phase: view.phase === 'connecting' ? 'live' : view.phase, callId: message.call_id, startedAt: view.startedAt ?? at, state: view.state ?? 'listening' };
    case 'state': {
      if (message.state === 'ended') return { ...view, state: null };
      return { ...view, state: VOICE_STATES.includes(message.state) ? (message.state as VoiceState) : 'listening' };
    }
    case 'transcript': {
      const id = message.id;
      const index = id === null ? -1 : view.items.findIndex((item) => item.kind === 'line' && item.key === `line:${id}`);
      if (index >= 0) {
        const old = view.items[index] as TranscriptLine;
        const line: TranscriptLine = {
          ...old,
          // Lines grow: a missing text keeps what was there.
          text: message.text ?? old.text,
          final: old.final || message.final,
          interrupted: old.interrupted || message.interrupted === true,
        };
        const items = view.items.slice();
        items[index] = line;
        return { ...view, items };
      }
      const counter = view.counter + 1;
      const line: TranscriptLine = {
        kind: 'line',
        // Three namespaces (the service's ids, ours for lines without one, tools): keys never collide.
        key: id === null ? `anon:${counter}` : `line:${id}`,
        sender: message.sender,
        text: message.text ?? '',
        final: message.final,
        interrupted: message.interrupted === true,
      };
      return { ...view, counter, items: [...view.items, line] };
    }
    case 'tool': {
      const counter = view.counter + 1;
      const tool: ToolItem = { kind: 'tool', key: `tool:${counter}`, name: message.name ?? '', arguments: message.arguments, result: message.result, error: message.error ?? null };
      return { ...view, counter, items: [...view.items, tool] };
    }
    case 'clear':
      // Audio only (the playback drops its buffer); the transcript's interrupted line comes as a transcript.
      return view;
    case 'ended':
      return { ...view, phase: 'ended', state: null, callId: message.call_id ?? view.callId, endedReason: message.reason };
    case 'error':
      return { ...view, problem: { kind: 'service-error', message: message.message ?? '' } };
  }
}

export function callReducer(view: CallView, event: CallEvent): CallView {
  switch (event.type) {
    case 'restart':
      return initialCallView;
    case 'server':
      if (over(view.phase)) return view;
      return onServer(view, event.message, event.at);
    case 'socket-open':
      return view.phase === 'connecting' ? { ...view, phase: 'live' } : view;
    case 'ending':
      return view.phase === 'live' || view.phase === 'connecting' ? { ...view, phase: 'ending' } : view;
    case 'socket-closed': {
      if (over(view.phase)) return view;
      if (view.phase === 'ending') return { ...view, phase: 'ended', state: null };
      // Closed before the call existed (no `ready`): refused. The service may accept the socket and close it at
      // once with a code of its own: a bad ticket, or voice not configured.
      if (view.callId === null) {
        const kind = event.code === 4401 ? 'socket-ticket' : event.code === 4503 ? 'unavailable' : 'socket-refused';
        return { ...view, phase: 'failed', state: null, problem: { kind } };
      }
      // Closed mid-call without `ended`: dropped (unless the service said why before closing). The call ends;
      // what was said stays.
      const said = view.problem?.kind === 'service-error' || event.code === 1000;
      return { ...view, phase: 'ended', state: null, problem: said ? view.problem : { kind: 'dropped' } };
    }
    case 'failed':
      if (over(view.phase)) return view;
      return { ...view, phase: view.callId === null ? 'failed' : 'ended', state: null, problem: event.problem };
  }
}
