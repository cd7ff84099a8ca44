import type { TranscriptEntry } from '@contract/call';
import type { ToolCallView } from './tool-call-format';
import { m } from '@/i18n';
import { formatDuration, formatInstant, formatWallClock } from '@/i18n/format';

/*
 * A transcript arrives in two forms (shared/spec/hosted-quirks.md): one string of `AI: …` / `User: …`
 * lines (the local service, webhooks, older examples), or a list of `{sender, text, type, timestamp}`
 * entries whose sender is `bot`/`human` (hosted call endpoints) or `assistant`/`user`. Both become one
 * list of turns the conversation view draws on two sides. Nothing here produces markup: text stays text.
 */

export type Side = 'assistant' | 'customer' | 'other';

/**
 * What a turn is (our extension's `type`): something said (`message`; the hosted `text`/`transcript` and
 * an unknown type too), a filler phrase said while the assistant waited, or a tool call.
 */
/** keys: keys a caller pressed on a live call (`type: "keypress"`), `text` the keys. */
export type TurnKind = 'message' | 'filler' | 'tool' | 'keys';

export interface Turn {
  side: Side;
  /** The speaker as the source named it, for turns of an unknown side ("Transfer", "system"). */
  speaker: string;
  text: string;
  timestamp: string | number | null;
  kind: TurnKind;
  /** The model's time for this assistant turn (our extension), or null. */
  latencyMs: number | null;
  /** The call, on a tool turn. */
  tool: ToolCallView | null;
}

const ASSISTANT_NAMES = new Set(['ai', 'assistant', 'bot', 'agent', 'ki']);
const CUSTOMER_NAMES = new Set(['user', 'human', 'customer', 'client', 'caller', 'callee', 'kunde']);

export function sideOf(name: string | null | undefined): Side {
  const key = (name ?? '').trim().toLowerCase();
  if (ASSISTANT_NAMES.has(key)) return 'assistant';
  if (CUSTOMER_NAMES.has(key)) return 'customer';
  return 'other';
}

// "AI: text", "User: text", optionally behind a bracketed time ("[00:12] AI: text").
const SPEAKER_LINE = /^\s*(?:\[([^\]]{1,20})\]\s*)?([A-Za-z][A-Za-z _-]{0,19}?)\s*:\s?(.*)$/;

function parseString(source: string): Turn[] {
  const turns: Turn[] = [];
  let current: Turn | null = null;
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const match = SPEAKER_LINE.exec(line);
    const speaker = match?.[2] ?? '';
    const side = match ? sideOf(speaker) : 'other';
    // Only a known speaker starts a turn, so "Note: …" inside a reply stays part of that reply.
    if (match && side !== 'other') {
      current = { side, speaker: speaker.trim(), text: match[3] ?? '', timestamp: match[1] ?? null, kind: 'message', latencyMs: null, tool: null };
      turns.push(current);
    } else if (current) {
      current.text += `\n${line}`;
    } else if (line.trim() !== '') {
      current = { side: 'other', speaker: '', text: line, timestamp: null, kind: 'message', latencyMs: null, tool: null };
      turns.push(current);
    }
  }
  return turns
    .map((t) => ({ ...t, text: t.text.replace(/\s+$/, '') }))
    .filter((t) => t.text.trim() !== '');
}

const nonNegative = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** A `function_call` entry (our extension) as the tool card shows it. */
function toolOf(entry: TranscriptEntry): ToolCallView {
  return {
    name: entry.name ?? '',
    arguments: entry.arguments ?? {},
    result: entry.result ?? null,
    error: entry.error?.trim() ? entry.error : null,
    durationMs: nonNegative(entry.duration_ms),
  };
}

function parseEntries(entries: readonly TranscriptEntry[]): Turn[] {
  const turns: Turn[] = [];
  for (const entry of entries) {
    const loose = entry as Record<string, unknown>;
    const name =
      entry.sender ?? (typeof loose.role === 'string' ? loose.role : null) ?? (typeof loose.speaker === 'string' ? loose.speaker : null);
    const timestamp = entry.timestamp ?? null;
    const type = entry.type?.trim().toLowerCase();
    if (type === 'function_call') {
      // A tool call says nothing aloud: it is kept for its name, arguments and answer.
      turns.push({ side: 'other', speaker: name ?? 'tool', text: entry.text ?? '', timestamp, kind: 'tool', latencyMs: null, tool: toolOf(entry) });
      continue;
    }
    if (type === 'handover') {
      // assistant_transfer (our extension): a note where the call went on with another assistant.
      turns.push({ side: 'other', speaker: '', text: m.calls_handed_over({ name: entry.assistant_name ?? '' }), timestamp, kind: 'message', latencyMs: null, tool: null });
      continue;
    }
    const rawText = entry.text ?? (typeof loose.content === 'string' ? loose.content : null) ?? (typeof loose.message === 'string' ? loose.message : null);
    const text = rawText ?? '';
    if (text.trim() === '') continue;
    const side = sideOf(name);
    turns.push({
      side,
      speaker: name ?? entry.type ?? '',
      text,
      timestamp,
      kind: type === 'filler' ? 'filler' : type === 'keypress' ? 'keys' : 'message',
      latencyMs: side === 'assistant' && type !== 'filler' ? nonNegative(entry.latency_ms) : null,
      tool: null,
    });
  }
  return turns;
}

/** The turns of a transcript in either form; null, empty and unreadable transcripts give none. */
export function parseTranscript(transcript: string | readonly TranscriptEntry[] | null | undefined): Turn[] {
  if (transcript == null) return [];
  if (typeof transcript === 'string') return parseString(transcript);
  if (Array.isArray(transcript)) return parseEntries(transcript);
  return [];
}

export function speakerLabel(turn: Turn): string {
  if (turn.kind === 'tool') return m.calls_speaker_tool();
  if (turn.kind === 'filler') return m.calls_speaker_filler();
  if (turn.kind === 'keys') return m.calls_speaker_keys();
  if (turn.side === 'assistant') return m.calls_speaker_assistant();
  if (turn.side === 'customer') return m.calls_speaker_customer();
  return turn.speaker || m.calls_speaker_note();
}

/** The transcript as plain lines ("Assistant: …"), for the CSV export and copying. */
export function transcriptText(transcript: string | readonly TranscriptEntry[] | null | undefined): string {
  return parseTranscript(transcript)
    .map((t) => `${speakerLabel(t)}: ${t.tool ? t.tool.name : t.text}`)
    .join('\n');
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };

/**
 * A turn's timestamp for display: seconds into the call as m:ss, epoch values as a clock time in the
 * browser's zone, the service's zone-less times as its wall clock, anything else as it came.
 */
export function formatTurnTime(timestamp: string | number | null): string | null {
  if (timestamp === null || timestamp === '') return null;
  const n = typeof timestamp === 'number' ? timestamp : /^\d+(\.\d+)?$/.test(timestamp) ? Number(timestamp) : NaN;
  if (Number.isFinite(n)) {
    if (n < 1e6) return formatDuration(Math.floor(n));
    return formatInstant(n > 1e12 ? n : n * 1000, CLOCK);
  }
  if (typeof timestamp === 'string') {
    if (!/^\d{4}-\d{2}-\d{2}/.test(timestamp)) return timestamp;
    // With a zone (Z, +01:00) it is an instant; without one, the service's own clock.
    if (/(Z|[+-]\d{2}:?\d{2})$/i.test(timestamp)) return formatInstant(timestamp, CLOCK);
    return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(timestamp) ? formatWallClock(timestamp, CLOCK) : timestamp;
  }
  return null;
}
