import type { JsonRecord } from '../../db/schema';
import type { FinalStatus } from '../plan';

/*
 * Where a model call's conversation is (calls.talk_state): whose turn is next, the conversation's time
 * since the answer (the sum of the turns' durations: the model's time, tools, and speaking time estimated
 * from the text), what the models cost, and, once it has ended, how and what the post-call reading found.
 */

export type EndReason = 'end_call' | 'hang_up' | 'goal_reached' | 'max_duration' | 'turn_limit' | 'model_error' | 'realtime_unavailable' | 'voicemail' | 'transferred';

export interface TalkState {
  phase: 'talking' | 'post_call';
  next: 'assistant' | 'customer';
  /** The initial message has been said (or there is none to say). */
  opened: boolean;
  elapsed_ms: number;
  turns: number;
  /** Every request to the model for this call (both sides and the post-call reading). */
  model_requests: number;
  /** Tokens the user pays for: the assistant's and the post-call reading's (the customer is a stand-in for a person). */
  billed_tokens: number;
  /** Failed attempts at the current step in a row (the model endpoint down). */
  failures: number;
  /** The caller the model plays (the given persona, or the one made from the variables). */
  persona: string;
  /** assistant_transfer: the assistant holding the call now, when it was handed over (the call's assistant_id otherwise). */
  assistant_id?: number;
  /** The most turns of this call (a suite scenario's); none: MAX_TURNS (turn.ts). */
  max_turns?: number;
  end?: { status: FinalStatus; reason: EndReason };
  extracted?: JsonRecord;
  evaluation?: JsonRecord;
}

/** A talk nothing has happened in yet: no time, turns, requests, tokens or failures, no persona. */
export function freshTalkState(phase: TalkState['phase'], next: TalkState['next'], opened: boolean): TalkState {
  return { phase, next, opened, elapsed_ms: 0, turns: 0, model_requests: 0, billed_tokens: 0, failures: 0, persona: '' };
}

const isRecord = (v: unknown): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function readTalkState(stored: unknown): TalkState | null {
  if (!isRecord(stored)) return null;
  const phase = stored.phase === 'post_call' ? 'post_call' : stored.phase === 'talking' ? 'talking' : null;
  if (!phase) return null;
  const end = isRecord(stored.end) && typeof stored.end.status === 'string' && typeof stored.end.reason === 'string' ? (stored.end as TalkState['end']) : undefined;
  return {
    phase,
    next: stored.next === 'customer' ? 'customer' : 'assistant',
    opened: stored.opened === true,
    elapsed_ms: num(stored.elapsed_ms),
    turns: num(stored.turns),
    model_requests: num(stored.model_requests),
    billed_tokens: num(stored.billed_tokens),
    failures: num(stored.failures),
    persona: typeof stored.persona === 'string' ? stored.persona : '',
    ...(typeof stored.max_turns === 'number' && stored.max_turns > 0 && { max_turns: stored.max_turns }),
    ...(typeof stored.assistant_id === 'number' && stored.assistant_id > 0 && { assistant_id: stored.assistant_id }),
    ...(end && { end }),
    ...(isRecord(stored.extracted) && { extracted: stored.extracted }),
    ...(isRecord(stored.evaluation) && { evaluation: stored.evaluation }),
  };
}

/** Speaking time of a text at about 15 characters a second (150 words a minute), at least half a second. */
export function speakingMs(text: string): number {
  return Math.max(500, Math.round(text.trim().length * 65));
}

/** A person's pause before answering (the customer's model time is the simulation's, not the call's). */
export const CUSTOMER_REACTION_MS = 600;
