import type { CallRow, JsonRecord } from '../db/schema';
import { readPlan } from '../engine/plan';
import { readEntries, type TalkEntry } from '../engine/talk/entries';
import { personaFor } from '../engine/talk/persona';
import { readTalkState } from '../engine/talk/state';
import type { Language } from '../engine/random';

/*
 * What a call showed, kept with its replay pair: the original as it was when the set started (an edit or a
 * delete later does not change what was compared), and the same facts read from the replay once it ended.
 * The replay's caller is the original caller as the transcript shows them: the persona the call had (or the
 * one made from its variables, talk/persona.ts), their details, and their lines in order, to follow while
 * the conversation allows.
 */

export interface CallFacts {
  call_id: number;
  type: 'inbound' | 'outbound';
  status: string;
  end_reason: string | null;
  turns: number;
  transcript: TalkEntry[];
  /** The variables the call started with (kept for the replay). */
  input_variables: JsonRecord;
  /** The post-call reading: one value per post-call field. */
  variables: JsonRecord;
  evaluation: JsonRecord;
  /** The persona the call was placed with, if any. */
  persona: string | null;
  created_at: string;
}

const isRecord = (v: unknown): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

export function callFacts(call: CallRow): CallFacts {
  const state = readTalkState(call.talk_state);
  const plan = readPlan(call.engine_plan);
  const transcript = readEntries(call.transcript);
  const extracted = plan?.extracted_variables ?? state?.extracted ?? {};
  const input = plan?.input_variables ?? Object.fromEntries(Object.entries(call.variables ?? {}).filter(([k]) => !(k in extracted)));
  return {
    call_id: call.id,
    // A web call (the browser's) is replayed as a call coming in: the caller started it.
    type: call.type === 'inbound' || call.type === 'web' ? 'inbound' : 'outbound',
    status: call.status,
    end_reason: state?.end?.reason ?? null,
    turns: state?.turns ?? transcript.filter((e) => e.type !== 'filler').length,
    transcript,
    input_variables: input,
    variables: extracted,
    evaluation: isRecord(call.evaluation) ? call.evaluation : {},
    persona: call.persona,
    created_at: call.created_at,
  };
}

export function readFacts(raw: unknown): CallFacts | null {
  if (!isRecord(raw) || typeof raw.call_id !== 'number') return null;
  return {
    call_id: raw.call_id,
    type: raw.type === 'inbound' ? 'inbound' : 'outbound',
    status: typeof raw.status === 'string' ? raw.status : '',
    end_reason: typeof raw.end_reason === 'string' ? raw.end_reason : null,
    turns: typeof raw.turns === 'number' ? raw.turns : 0,
    transcript: readEntries(raw.transcript),
    input_variables: isRecord(raw.input_variables) ? raw.input_variables : {},
    variables: isRecord(raw.variables) ? raw.variables : {},
    evaluation: isRecord(raw.evaluation) ? raw.evaluation : {},
    persona: typeof raw.persona === 'string' ? raw.persona : null,
    created_at: typeof raw.created_at === 'string' ? raw.created_at : '',
  };
}

/** What the customer said, in order (their spoken lines only). */
export function customerLines(transcript: readonly TalkEntry[]): string[] {
  return transcript.filter((e) => e.sender === 'human' && e.text.trim() !== '').map((e) => e.text.trim());
}

/** The marker of the lines in a replay's persona (the stand-in models of the tests follow them by it). */
export const LINES_MARKER = 'Your lines from that call, in order:';
const MAX_LINES = 20;
const MAX_LINE = 240;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The replay's caller: one paragraph (the customer's prompt takes the persona as one), the original's
 * persona (or one made from its variables), their details, and their lines in order, quoted as JSON strings.
 */
export function replayPersona(original: CallFacts, language: Language): string {
  const base = oneLine(personaFor({ given: original.persona, variables: original.input_variables, type: original.type, seed: original.call_id, language }));
  const details = Object.entries(original.input_variables)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .slice(0, 12)
    .map(([k, v]) => `${k}: ${oneLine(String(v)).slice(0, 80)}`);
  const lines = customerLines(original.transcript)
    .slice(0, MAX_LINES)
    .map((l, i) => `(${i + 1}) ${JSON.stringify(oneLine(l).slice(0, MAX_LINE))}`);
  return [
    base,
    'You are calling about the same thing as in an earlier call, and you are the same person.',
    details.length > 0 ? `Your details: ${details.join('; ')}.` : '',
    lines.length > 0
      ? `${LINES_MARKER} ${lines.join(' ')}. Say them in this order, one per turn, in their language, while the conversation allows. When the assistant answers differently and a line no longer fits, stay in character and go after the same goal in your own words.`
      : 'In the earlier call you said nothing: answer as this person would.',
  ]
    .filter(Boolean)
    .join(' ');
}
