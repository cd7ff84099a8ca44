import type { ChatMessage, ChatToolCall } from '../../model/chat-model';

/*
 * A model call's transcript as it is stored (calls.transcript) and served: the hosted list of
 * `{sender: 'bot'|'human', text, timestamp}` with our extension fields (the shared contract of issue 23):
 * `type` ('message', 'filler', 'function_call'), `latency_ms` on the assistant's messages, and on a tool
 * call (`sender: 'tool'`) its name, arguments, result, error and duration. Each side's model reads the
 * conversation back from these entries, so the transcript is the only record of what was said.
 */

export interface MessageEntry {
  sender: 'bot' | 'human';
  type: 'message';
  text: string;
  /** ISO 8601: when it was said. */
  timestamp: string;
  /** Assistant messages from the model: the model's time to produce them (ms). */
  latency_ms?: number;
}

export interface FillerEntry {
  sender: 'bot';
  type: 'filler';
  text: string;
  timestamp: string;
}

export interface FunctionCallEntry {
  sender: 'tool';
  type: 'function_call';
  /** Nothing is spoken: the entry is on the timeline, not in the audio. */
  text: '';
  timestamp: string;
  name: string;
  arguments: Record<string, unknown>;
  result: unknown;
  error: string | null;
  duration_ms: number;
}

/** assistant_transfer: from here the call goes on with another assistant (builtin/transfer.ts). Nothing is spoken. */
export interface HandoverEntry {
  sender: 'tool';
  type: 'handover';
  text: '';
  timestamp: string;
  from_assistant_id: number;
  assistant_id: number;
  assistant_name: string;
}

export type TalkEntry = MessageEntry | FillerEntry | FunctionCallEntry | HandoverEntry;

/** The hand-over's entry, as both kinds of call write it. */
export function handoverEntry(h: { fromAssistantId: number; assistantId: number; assistantName: string }, timestamp: string): HandoverEntry {
  return { sender: 'tool', type: 'handover', text: '', timestamp, from_assistant_id: h.fromAssistantId, assistant_id: h.assistantId, assistant_name: h.assistantName };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored transcript read back (entries of another shape are left out). */
export function readEntries(stored: unknown): TalkEntry[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((e): e is TalkEntry => isRecord(e) && typeof e.sender === 'string' && typeof e.timestamp === 'string' && typeof e.text === 'string');
}

/**
 * The assistant's history: its messages, the customer's as the user's, each run of tool calls as one
 * assistant step with its calls (joined to the words said just before them) and their answers. Fillers
 * are left out: the model did not choose them.
 */
export function assistantHistory(entries: readonly TalkEntry[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let n = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    // The assistant that goes on reads the conversation so far; the hand-over itself is in the transfer call's answer.
    if (e.type === 'filler' || e.type === 'handover') continue;
    if (e.type === 'function_call') {
      const run: FunctionCallEntry[] = [];
      while (i < entries.length && entries[i]!.type === 'function_call') run.push(entries[i++] as FunctionCallEntry);
      i -= 1;
      const calls: ChatToolCall[] = run.map((c) => ({ id: `call_${(n += 1)}`, name: c.name, arguments: c.arguments }));
      const last = out.at(-1);
      if (last?.role === 'assistant' && !last.toolCalls) last.toolCalls = calls;
      else out.push({ role: 'assistant', content: '', toolCalls: calls });
      run.forEach((c, k) => out.push({ role: 'tool', toolCallId: calls[k]!.id, name: c.name, result: c.error ?? c.result, isError: c.error !== null }));
      continue;
    }
    out.push(e.sender === 'bot' ? { role: 'assistant', content: e.text } : { role: 'user', content: e.text });
  }
  return out;
}

/** The customer's history: the same conversation from the other side (tools and fillers unheard as such). */
export function customerHistory(entries: readonly TalkEntry[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const e of entries) {
    if (e.type !== 'message') continue;
    out.push(e.sender === 'human' ? { role: 'assistant', content: e.text } : { role: 'user', content: e.text });
  }
  return out;
}

/** The conversation as lines of text, for the post-call reading. */
export function transcriptLines(entries: readonly TalkEntry[]): string {
  return entries
    .map((e) => {
      if (e.type === 'function_call') return `[Tool ${e.name} called with ${JSON.stringify(e.arguments)}: ${e.error ? `failed: ${e.error}` : JSON.stringify(e.result)}]`;
      if (e.type === 'handover') return `[The call was handed over to the assistant ${e.assistant_name}]`;
      return `${e.sender === 'bot' ? 'Assistant' : 'Customer'}: ${e.text}`;
    })
    .join('\n');
}

/** The p50 and p95 (nearest rank) of the assistant messages' latency_ms; null without any. */
export function latencyOf(entries: readonly TalkEntry[]): { p50_ms: number; p95_ms: number; turns: number } | null {
  const values = entries
    .filter((e): e is MessageEntry => e.type === 'message' && e.sender === 'bot' && typeof e.latency_ms === 'number')
    .map((e) => e.latency_ms as number)
    .sort((a, b) => a - b);
  if (values.length === 0) return null;
  const rank = (p: number) => values[Math.min(values.length - 1, Math.max(0, Math.ceil(p * values.length) - 1))]!;
  return { p50_ms: rank(0.5), p95_ms: rank(0.95), turns: values.length };
}
