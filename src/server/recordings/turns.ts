import type { TranscriptLine } from '../db/schema';
import type { SpeechVoice } from '../speech/speech';

/*
 * What of a transcript is spoken, and when: the assistant's and the customer's turns (messages and fillers;
 * tool calls are silent), each at its timestamp measured from the answer (or the first turn).
 */

export interface SpokenTurn {
  /** Milliseconds after the recording's start. */
  atMs: number;
  voice: SpeechVoice;
  text: string;
}

const ASSISTANT = new Set(['assistant', 'ai', 'bot', 'agent']);
const CUSTOMER = new Set(['user', 'human', 'customer', 'client']);
/** OpenAI's speech endpoint takes 4,096 characters; a longer turn is cut there (no call says that much at once). */
export const MAX_TURN_CHARS = 4_000;
/** Turns with no usable timestamp follow the one before after this pause. */
const PAUSE_MS = 600;

function voiceOf(sender: unknown): SpeechVoice | null {
  const key = typeof sender === 'string' ? sender.trim().toLowerCase() : '';
  if (ASSISTANT.has(key)) return 'assistant';
  if (CUSTOMER.has(key)) return 'customer';
  return null;
}

function timeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 1e11 ? value : value * 1000;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** A database timestamp (UTC text) as epoch ms. */
export function dbTimeMs(ts: string | null): number | null {
  if (ts === null) return null;
  const ms = Date.parse(`${ts.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The spoken turns of a stored transcript (a list of entries; the older single string has no timestamps and
 * speaks nothing). Times count from `answeredAtMs` when the call has one at or before its first turn.
 */
export function spokenTurns(transcript: string | readonly TranscriptLine[] | null, answeredAtMs: number | null): SpokenTurn[] {
  if (!Array.isArray(transcript)) return [];
  const entries = (transcript as readonly unknown[]).flatMap((raw) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const e = raw as Record<string, unknown>;
    const kind = typeof e.type === 'string' ? e.type : 'message';
    const voice = voiceOf(e.sender);
    const text = typeof e.text === 'string' ? e.text.trim() : '';
    if (voice === null || text === '' || (kind !== 'message' && kind !== 'filler')) return [];
    return [{ voice, text: text.slice(0, MAX_TURN_CHARS), at: timeOf(e.timestamp) }];
  });
  const firstAt = entries.find((e) => e.at !== null)?.at ?? null;
  const origin = firstAt === null ? 0 : answeredAtMs !== null && answeredAtMs <= firstAt ? answeredAtMs : firstAt;
  const turns: SpokenTurn[] = [];
  let previous = 0;
  for (const e of entries) {
    const atMs = e.at === null ? (turns.length === 0 ? 0 : previous + PAUSE_MS) : Math.max(0, e.at - origin);
    turns.push({ atMs, voice: e.voice, text: e.text });
    previous = atMs;
  }
  return turns;
}
