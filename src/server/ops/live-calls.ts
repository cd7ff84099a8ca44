import type { VoiceEndReason, VoiceEntry } from '../voice/session-types';

/*
 * This process's live voice calls, as their records (voice/call-record.ts) report them: draining waits for
 * them to end (ops/drain.ts), the metrics count them by line and mode (ops/metrics.ts), the traces build a
 * call's spans from its entries (ops/call-spans.ts). Process-wide on purpose, like prom-client's registry:
 * a call record is made in two transports (voice/web-socket.ts, telephony/media.ts) from dependencies that
 * do not carry observers, and a process has exactly one set of live calls to drain.
 */

export interface LiveCall {
  callId: number;
  /** Where the call came in: 'web' (the browser), else the telephony provider ('twilio', 'sip'). */
  line: string;
  /** The assistant's mode (assistants.mode, e.g. 'pipeline'). */
  mode: string;
  direction: 'web' | 'inbound' | 'outbound';
  /** Epoch ms of the answer. */
  answeredAt: number;
}

/** What watches the live calls; every method is optional and none may throw into a call. */
export interface CallObserver {
  opened?(call: LiveCall): void;
  /** A transcript entry is final (`at`: epoch ms when the record received it). */
  entry?(call: LiveCall, entry: VoiceEntry, at: number): void;
  /** The conversation is over; the post-call work (recording, reading, hand-back) begins. */
  ended?(call: LiveCall, reason: VoiceEndReason, at: number): void;
  /** The call is no longer this process's (its post-call work done, or its hold lost). */
  closed?(call: LiveCall, at: number): void;
}

const live = new Map<number, LiveCall>();
const observers = new Set<CallObserver>();
let idle: Array<() => void> = [];

function tell(what: (o: CallObserver) => void): void {
  for (const o of observers) {
    try {
      what(o);
    } catch (e) {
      console.error('A call observer failed:', e instanceof Error ? e.message : e);
    }
  }
}

/** Adds an observer (metrics, traces); returns its removal. */
export function observeCalls(observer: CallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

export function callOpened(call: LiveCall): void {
  live.set(call.callId, call);
  tell((o) => o.opened?.(call));
}

export function callEntry(callId: number, entry: VoiceEntry, at = Date.now()): void {
  const call = live.get(callId);
  if (call) tell((o) => o.entry?.(call, entry, at));
}

export function callEnded(callId: number, reason: VoiceEndReason, at = Date.now()): void {
  const call = live.get(callId);
  if (call) tell((o) => o.ended?.(call, reason, at));
}

/** Idempotent: a record may close on its ending and again when a lost hold hangs up. */
export function callClosed(callId: number, at = Date.now()): void {
  const call = live.get(callId);
  if (!call) return;
  live.delete(callId);
  tell((o) => o.closed?.(call, at));
  if (live.size === 0) {
    const waiting = idle;
    idle = [];
    for (const done of waiting) done();
  }
}

export function liveCalls(): LiveCall[] {
  return [...live.values()];
}

/** Resolves once this process holds no live call (at once when it holds none). */
export function whenNoLiveCalls(): Promise<void> {
  if (live.size === 0) return Promise.resolve();
  return new Promise((done) => idle.push(done));
}
