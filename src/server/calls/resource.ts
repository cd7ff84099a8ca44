import { sql } from 'kysely';
import type { CallRow, TranscriptLine } from '../db/schema';
import { laravelDateTime } from '../db/time';

const AI_SENDERS = new Set(['assistant', 'ai', 'bot', 'agent']);
const USER_SENDERS = new Set(['user', 'human', 'customer', 'client']);

function speaker(sender: string): string {
  const key = sender.trim().toLowerCase();
  if (AI_SENDERS.has(key)) return 'AI';
  if (USER_SENDERS.has(key)) return 'User';
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Note';
}

/** The senders as the engine and the seed write them, answered without trimming and lower-casing each line. */
const PLAIN_SPEAKERS = new Map<unknown, string>([
  ['assistant', 'AI'],
  ['user', 'User'],
]);

/**
 * The transcript as the API shows it: one string of `AI: …` / `User: …` lines. The database holds a
 * list of `{sender, text, timestamp}` (or, for imported calls, already a string, kept as it is).
 */
export function transcriptText(transcript: string | readonly TranscriptLine[] | null): string {
  if (transcript === null) return '';
  if (typeof transcript === 'string') return transcript;
  if (!Array.isArray(transcript)) return '';
  // One pass, no intermediate arrays: a page of the call log writes fifteen of these per request
  // (bench:api: filter/map/join was the larger half of callResource's CPU).
  let out = '';
  for (const line of transcript as readonly (TranscriptLine | null | undefined)[]) {
    const text = line?.text;
    // A model call's tool calls are on its timeline, not in what was said.
    if (typeof text !== 'string' || (line as { type?: unknown }).type === 'function_call' || text.trim() === '') continue;
    const sender = line?.sender;
    const who = PLAIN_SPEAKERS.get(sender) ?? speaker(String(sender ?? ''));
    out += out === '' ? `${who}: ${text}` : `\n${who}: ${text}`;
  }
  return out;
}

export function recordingUrl(origin: string, key: string): string {
  return `${origin}/api/recordings/${key}.wav`;
}

/** The Call record's columns as the call endpoints read them (`CALL_RECORD_SELECTION`). */
export type CallRecordRow = Pick<
  CallRow,
  | 'id'
  | 'assistant_id'
  | 'assistant_name'
  | 'campaign_id'
  | 'campaign_name'
  | 'type'
  | 'duration'
  | 'assistant_phone_number'
  | 'client_phone_number'
  | 'status'
  | 'carrier_cost'
  | 'total_cost'
  | 'answered_by'
  | 'recording_key'
  | 'created_at'
  | 'updated_at'
  | 'conversation_mode'
  | 'latency_p50_ms'
  | 'latency_p95_ms'
  | 'latency_turns'
  | 'transferred_to_assistant_id'
  | 'transferred_to_assistant_name'
> & {
  /** The JSON columns as their JSON text (`col::text`): spliced into the answer without a parse and a re-write. */
  transcript: string | null;
  variables: string;
  evaluation: string;
  webhook_response: string | null;
};

const jsonText = <C extends 'transcript' | 'variables' | 'evaluation' | 'webhook_response'>(column: C) =>
  sql<CallRecordRow[C]>`${sql.ref(column)}::text`.as(column);

/**
 * What a query for Call records selects: only the record's columns (not the engine's plan and state),
 * the JSON ones as text. The driver would parse each into objects that the answer writes back to the
 * same text (bench:api: parse and re-write were the larger part of a page's JSON work).
 */
export const CALL_RECORD_SELECTION = [
  'id',
  'assistant_id',
  'assistant_name',
  'campaign_id',
  'campaign_name',
  'type',
  'duration',
  'assistant_phone_number',
  'client_phone_number',
  'status',
  'carrier_cost',
  'total_cost',
  'answered_by',
  'recording_key',
  'created_at',
  'updated_at',
  'conversation_mode',
  'latency_p50_ms',
  'latency_p95_ms',
  'latency_turns',
  'transferred_to_assistant_id',
  'transferred_to_assistant_name',
  jsonText('transcript'),
  jsonText('variables'),
  jsonText('evaluation'),
  jsonText('webhook_response'),
] as const;

const QUOTE = 0x22;
const BRACKET = 0x5b;
const str = (v: string): string => JSON.stringify(v);
const strOrNull = (v: string | null): string => (v === null ? 'null' : JSON.stringify(v));
const intOrNull = (v: number | null): string => (v === null ? 'null' : String(v));
/** A numeric column's text as a JSON number ("0.0140" -> 0.014), as JSON.stringify(Number(v)) writes it. */
const cost = (numeric: string): string => {
  const n = Number(numeric);
  return Number.isFinite(n) ? String(n) : 'null';
};

/*
 * A stored list's `AI: …` text as JSON, by the list's own JSON text: a pure function of its key, so never
 * stale. A finished call's transcript does not change and the console reads the same pages again (the log
 * refetches, pages back and forth): the parse, the lines and their escaping were the larger part of a
 * page's own CPU (bench:api). Emptied past 4 M characters of keys and texts (a few MB; ~1,300 of the
 * demo's calls, whose lists are ~1.5 KB).
 */
const SPOKEN_TEXTS_MAX_CHARS = 4_000_000;
const spokenTexts = new Map<string, string>();
let spokenChars = 0;

/**
 * The transcript of the record, as JSON text: a model call's list as the hosted call endpoints send it
 * (the entries with our extension fields, engine/talk/entries.ts) as stored; a transcript stored as a
 * string as it is; every other call's list as the `AI: …` / `User: …` text it has always been.
 */
function transcriptJson(stored: string | null, mode: string | null): string {
  if (stored === null) return '""';
  const first = stored.charCodeAt(0);
  if (first === QUOTE) return stored;
  if (first !== BRACKET) return '""';
  if (mode === 'model') return stored;
  const known = spokenTexts.get(stored);
  if (known !== undefined) return known;
  const text = str(transcriptText(JSON.parse(stored) as readonly TranscriptLine[]));
  if (spokenChars + stored.length + text.length > SPOKEN_TEXTS_MAX_CHARS) {
    spokenTexts.clear();
    spokenChars = 0;
  }
  spokenTexts.set(stored, text);
  spokenChars += stored.length + text.length;
  return text;
}

/** The assistant turns' model latency (p50, p95, turns); null on calls the model did not hold. */
function latencyJson(row: CallRecordRow): string {
  if (row.latency_p50_ms === null || row.latency_p95_ms === null || row.latency_turns === null) return 'null';
  return `{"p50_ms":${row.latency_p50_ms},"p95_ms":${row.latency_p95_ms},"turns":${row.latency_turns}}`;
}

/**
 * The Call record as JSON text (contract `callSchema`), written once: no object per row for
 * JSON.stringify to walk, the JSON columns spliced in as the database wrote them (whitespace after `:`
 * and `,` is PostgreSQL's; the values and their types are the column's). `campaign_name` only when the
 * call belongs to a campaign, `recording_url` only with a recording, `conversation_mode` and `latency`
 * (our extensions) only on calls the engine played: a record from the history (seeded, imported) stays
 * the hosted record.
 */
export function callRecordJson(row: CallRecordRow, origin: string): string {
  let out = `{"id":${row.id},"assistant_id":${intOrNull(row.assistant_id)},"assistant_name":${str(row.assistant_name)},"campaign_id":${intOrNull(row.campaign_id)}`;
  if (row.campaign_name !== null) out += `,"campaign_name":${str(row.campaign_name)}`;
  out +=
    `,"type":${str(row.type)},"duration":${row.duration},"assistant_phone_number":${strOrNull(row.assistant_phone_number)}` +
    `,"client_phone_number":${str(row.client_phone_number)},"status":${str(row.status)}` +
    `,"transcript":${transcriptJson(row.transcript, row.conversation_mode)},"variables":${row.variables},"evaluation":${row.evaluation}` +
    `,"webhook_response":${row.webhook_response ?? 'null'},"carrier_cost":${cost(row.carrier_cost)},"total_cost":${cost(row.total_cost)}` +
    `,"answered_by":${strOrNull(row.answered_by)}`;
  if (row.recording_key !== null) out += `,"recording_url":${str(recordingUrl(origin, row.recording_key))}`;
  out += `,"created_at":${str(laravelDateTime(row.created_at))},"updated_at":${str(laravelDateTime(row.updated_at))}`;
  if (row.conversation_mode !== null) out += `,"conversation_mode":${str(row.conversation_mode)},"latency":${latencyJson(row)}`;
  // assistant_transfer (our extension): only on a call that was handed to another assistant.
  if (row.transferred_to_assistant_id !== null) {
    out += `,"transferred_to_assistant_id":${row.transferred_to_assistant_id},"transferred_to_assistant_name":${strOrNull(row.transferred_to_assistant_name)}`;
  }
  return `${out}}`;
}
