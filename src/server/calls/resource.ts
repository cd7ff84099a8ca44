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

/**
 * The transcript of the record: a model call's as the hosted call endpoints send it, the list of entries
 * with our extension fields (engine/talk/entries.ts); every other call's as the `AI: …` / `User: …` text
 * it has always been.
 */
function transcriptOf(row: CallRow): string | unknown[] {
  if (row.conversation_mode === 'model' && Array.isArray(row.transcript)) return row.transcript;
  return transcriptText(row.transcript);
}

/** The assistant turns' model latency (p50, p95, turns); null on calls the model did not hold. */
function latencyOf(row: CallRow): { p50_ms: number; p95_ms: number; turns: number } | null {
  if (row.latency_p50_ms === null || row.latency_p95_ms === null || row.latency_turns === null) return null;
  return { p50_ms: row.latency_p50_ms, p95_ms: row.latency_p95_ms, turns: row.latency_turns };
}

/**
 * The Call record. `campaign_name` only when the call belongs to a campaign, `recording_url` only with a
 * recording, `conversation_mode` and `latency` (our extensions) only on calls the engine played.
 */
export function callResource(row: CallRow, origin: string) {
  return {
    id: row.id,
    assistant_id: row.assistant_id,
    assistant_name: row.assistant_name,
    campaign_id: row.campaign_id,
    ...(row.campaign_name !== null && { campaign_name: row.campaign_name }),
    type: row.type,
    duration: row.duration,
    assistant_phone_number: row.assistant_phone_number,
    client_phone_number: row.client_phone_number,
    status: row.status,
    transcript: transcriptOf(row),
    variables: row.variables,
    evaluation: row.evaluation,
    webhook_response: row.webhook_response ?? null,
    carrier_cost: Number(row.carrier_cost),
    total_cost: Number(row.total_cost),
    answered_by: row.answered_by,
    ...(row.recording_key !== null && { recording_url: recordingUrl(origin, row.recording_key) }),
    created_at: laravelDateTime(row.created_at),
    updated_at: laravelDateTime(row.updated_at),
    // Only on calls the engine played: a record from the history (seeded, imported) stays the hosted record.
    ...(row.conversation_mode !== null && { conversation_mode: row.conversation_mode, latency: latencyOf(row) }),
  };
}
export type CallResource = ReturnType<typeof callResource>;
