import type { JsonRecord } from '../db/schema';
import type { TalkEntry } from '../engine/talk/entries';
import { canonical } from '../suites/config';
import type { CallFacts } from './original';

/*
 * What changed between an original call and its replay, worked out from the two calls' facts alone (no
 * model): how each ended, the turns, the tools called with their arguments (matched by name in the order
 * they were called: one only the replay called is "added", one only the original called "missing", the
 * same call with other arguments "changed"), the post-call values that differ, the evaluation, and the
 * first point where the two transcripts part (entry indexes into each transcript).
 */

export type ToolChangeKind = 'added' | 'missing' | 'changed';

export interface ToolChange {
  name: string;
  change: ToolChangeKind;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface ValueChange {
  name: string;
  before: unknown;
  after: unknown;
}

export interface Diff {
  outcome: { before: string; after: string; changed: boolean };
  end_reason: { before: string | null; after: string | null };
  turns: { before: number; after: number };
  tools: ToolChange[];
  variables: ValueChange[];
  evaluation: ValueChange[];
  /** The first entry where the transcripts differ, in each; null when they say the same. */
  divergence: { original: number | null; replay: number | null } | null;
}

type Call = Extract<TalkEntry, { type: 'function_call' }>;

function toolCalls(transcript: readonly TalkEntry[]): Call[] {
  return transcript.filter((e): e is Call => e.type === 'function_call');
}

export function toolChanges(before: readonly TalkEntry[], after: readonly TalkEntry[]): ToolChange[] {
  const a = toolCalls(before);
  const b = toolCalls(after);
  const names = [...new Set([...a, ...b].map((c) => c.name))];
  const out: ToolChange[] = [];
  for (const name of names) {
    const was = a.filter((c) => c.name === name);
    const now = b.filter((c) => c.name === name);
    for (let i = 0; i < Math.max(was.length, now.length); i++) {
      const x = was[i];
      const y = now[i];
      if (x && !y) out.push({ name, change: 'missing', before: x.arguments, after: null });
      else if (!x && y) out.push({ name, change: 'added', before: null, after: y.arguments });
      else if (x && y && canonical(x.arguments) !== canonical(y.arguments)) out.push({ name, change: 'changed', before: x.arguments, after: y.arguments });
    }
  }
  return out;
}

export function valueChanges(before: JsonRecord, after: JsonRecord, keys?: readonly string[]): ValueChange[] {
  const names = keys ?? [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.filter((k) => canonical(before[k] ?? null) !== canonical(after[k] ?? null)).map((k) => ({ name: k, before: before[k] ?? null, after: after[k] ?? null }));
}

const said = (e: TalkEntry) => `${e.sender}:${e.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()}`;

/** The first spoken line (or tool call) where the two transcripts differ; fillers do not count. */
export function divergence(before: readonly TalkEntry[], after: readonly TalkEntry[]): Diff['divergence'] {
  const steps = (t: readonly TalkEntry[]) =>
    t.flatMap((e, i) => (e.type === 'filler' ? [] : [{ i, key: e.type === 'function_call' ? `tool:${e.name}:${canonical(e.arguments)}` : said(e) }]));
  const a = steps(before);
  const b = steps(after);
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    if (a[k]?.key !== b[k]?.key) return { original: a[k]?.i ?? null, replay: b[k]?.i ?? null };
  }
  return null;
}

const EVALUATION_KEYS = ['successful', 'sentiment', 'score'] as const;

export function compareCalls(original: CallFacts, replay: CallFacts): Diff {
  return {
    outcome: { before: original.status, after: replay.status, changed: original.status !== replay.status },
    end_reason: { before: original.end_reason, after: replay.end_reason },
    turns: { before: original.turns, after: replay.turns },
    tools: toolChanges(original.transcript, replay.transcript),
    variables: valueChanges(original.variables, replay.variables),
    evaluation: valueChanges(original.evaluation, replay.evaluation, EVALUATION_KEYS),
    divergence: divergence(original.transcript, replay.transcript),
  };
}
