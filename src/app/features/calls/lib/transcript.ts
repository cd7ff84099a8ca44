import type { TranscriptEntry } from '../../../../contract/call';

/*
 * A transcript arrives in two forms (shared/spec/hosted-quirks.md): one string of `AI: …` / `User: …`
 * lines (the local service, webhooks, older examples), or a list of `{sender, text, type, timestamp}`
 * entries whose sender is `bot`/`human` (hosted call endpoints) or `assistant`/`user`. Both become one
 * list of turns the conversation view draws on two sides. Nothing here produces markup: text stays text.
 */

export type Side = 'assistant' | 'customer' | 'other';

export interface Turn {
  side: Side;
  /** The speaker as the source named it, for turns of an unknown side ("Transfer", "system"). */
  speaker: string;
  text: string;
  timestamp: string | number | null;
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
      current = { side, speaker: speaker.trim(), text: match[3] ?? '', timestamp: match[1] ?? null };
      turns.push(current);
    } else if (current) {
      current.text += `\n${line}`;
    } else if (line.trim() !== '') {
      current = { side: 'other', speaker: '', text: line, timestamp: null };
      turns.push(current);
    }
  }
  return turns
    .map((t) => ({ ...t, text: t.text.replace(/\s+$/, '') }))
    .filter((t) => t.text.trim() !== '');
}

function parseEntries(entries: readonly TranscriptEntry[]): Turn[] {
  const turns: Turn[] = [];
  for (const entry of entries) {
    const loose = entry as Record<string, unknown>;
    const name =
      entry.sender ?? (typeof loose.role === 'string' ? loose.role : null) ?? (typeof loose.speaker === 'string' ? loose.speaker : null);
    const rawText = entry.text ?? (typeof loose.content === 'string' ? loose.content : null) ?? (typeof loose.message === 'string' ? loose.message : null);
    const text = rawText ?? '';
    if (text.trim() === '') continue;
    turns.push({ side: sideOf(name), speaker: name ?? entry.type ?? '', text, timestamp: entry.timestamp ?? null });
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
  if (turn.side === 'assistant') return 'Assistant';
  if (turn.side === 'customer') return 'Customer';
  return turn.speaker || 'Note';
}

/** The transcript as plain lines ("Assistant: …"), for the CSV export and copying. */
export function transcriptText(transcript: string | readonly TranscriptEntry[] | null | undefined): string {
  return parseTranscript(transcript)
    .map((t) => `${speakerLabel(t)}: ${t.text}`)
    .join('\n');
}

/**
 * A turn's timestamp for display: seconds into the call as m:ss, epoch values and date strings as a
 * local clock time, anything else as it came.
 */
export function formatTurnTime(timestamp: string | number | null): string | null {
  if (timestamp === null || timestamp === '') return null;
  const n = typeof timestamp === 'number' ? timestamp : /^\d+(\.\d+)?$/.test(timestamp) ? Number(timestamp) : NaN;
  if (Number.isFinite(n)) {
    if (n < 1e6) {
      const s = Math.floor(n);
      return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    }
    const ms = n > 1e12 ? n : n * 1000;
    return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  }
  if (typeof timestamp === 'string') {
    const parsed = Date.parse(timestamp.includes('T') ? timestamp : timestamp.replace(' ', 'T'));
    if (/^\d{4}-\d{2}-\d{2}/.test(timestamp) && Number.isFinite(parsed)) {
      return new Date(parsed).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    }
    return timestamp;
  }
  return null;
}
