/*
 * A line's own answering-machine verdict (Twilio's AsyncAmdStatusCallback, telephony/calls.ts) on its way to the
 * call's gate (gate.ts) in this process: the media stream and the webhooks of a number reach the same service.
 * A verdict that comes before its gate is listening (the stream still starting) waits for it, a short while.
 */

/** Twilio's AnsweredBy values (and any line's, in its words). */
export type LineAnsweredBy = 'human' | 'machine_start' | 'machine_end_beep' | 'machine_end_silence' | 'machine_end_other' | 'fax' | 'unknown';

const ANSWERS = new Set<string>(['human', 'machine_start', 'machine_end_beep', 'machine_end_silence', 'machine_end_other', 'fax', 'unknown']);
const EARLY_KEPT_MS = 60_000;

export function lineAnsweredBy(value: string | undefined): LineAnsweredBy | null {
  return value !== undefined && ANSWERS.has(value) ? (value as LineAnsweredBy) : null;
}

const listening = new Map<number, (answer: LineAnsweredBy) => void>();
const early = new Map<number, { answer: LineAnsweredBy; at: number }>();

/** The gate of call `callId` listens; returns the way to stop. A verdict that came first is handed over at once. */
export function listenForLineVerdict(callId: number, deliver: (answer: LineAnsweredBy) => void): () => void {
  listening.set(callId, deliver);
  const waiting = early.get(callId);
  early.delete(callId);
  if (waiting && Date.now() - waiting.at < EARLY_KEPT_MS) deliver(waiting.answer);
  return () => {
    if (listening.get(callId) === deliver) listening.delete(callId);
  };
}

/** The line's verdict on call `callId`. */
export function deliverLineVerdict(callId: number, answer: LineAnsweredBy): void {
  const deliver = listening.get(callId);
  if (deliver) return deliver(answer);
  for (const [id, e] of early) if (Date.now() - e.at >= EARLY_KEPT_MS) early.delete(id);
  early.set(callId, { answer, at: Date.now() });
}
