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

/**
 * The transcript as the API shows it: one string of `AI: …` / `User: …` lines. The database holds a
 * list of `{sender, text, timestamp}` (or, for imported calls, already a string, kept as it is).
 */
export function transcriptText(transcript: string | readonly TranscriptLine[] | null): string {
  if (transcript === null) return '';
  if (typeof transcript === 'string') return transcript;
  if (!Array.isArray(transcript)) return '';
  return transcript
    .filter((line) => typeof line?.text === 'string' && line.text.trim() !== '')
    .map((line) => `${speaker(String(line.sender ?? ''))}: ${line.text}`)
    .join('\n');
}

export function recordingUrl(origin: string, key: string): string {
  return `${origin}/api/recordings/${key}.wav`;
}

/** The Call record. `campaign_name` only when the call belongs to a campaign, `recording_url` only with a recording. */
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
    transcript: transcriptText(row.transcript),
    variables: row.variables,
    evaluation: row.evaluation,
    webhook_response: row.webhook_response ?? null,
    carrier_cost: Number(row.carrier_cost),
    total_cost: Number(row.total_cost),
    answered_by: row.answered_by,
    ...(row.recording_key !== null && { recording_url: recordingUrl(origin, row.recording_key) }),
    created_at: laravelDateTime(row.created_at),
    updated_at: laravelDateTime(row.updated_at),
  };
}
export type CallResource = ReturnType<typeof callResource>;
