import { randomUUID } from 'node:crypto';
import type { ExpectationInput, VariableCheck } from '../../contract';
import type { JsonRecord } from '../db/schema';
import type { FunctionCallEntry, TalkEntry } from '../engine/talk/entries';

/*
 * Expectations as stored (only the fields of their kind) and checked against a call that has ended: what
 * the transcript shows of tool calls, what the post-call reading put in the call's variables, how the call
 * ended and after how many turns. Pure functions: the judge, which needs the model, is judge.ts. Each check
 * says why it passed or failed (`detail`), points at the transcript entry that shows it (`entry`, an index
 * into the call's transcript, or null), and carries what it found (`value`).
 */

export interface ArgumentMatch {
  name: string;
  match: 'equals' | 'matches';
  value: string;
}

export type StoredExpectation =
  | { id: string; kind: 'tool_called' | 'tool_not_called'; tool: string; arguments: ArgumentMatch[]; min_pass_rate: number | null }
  | { id: string; kind: 'variable'; name: string; check: VariableCheck; value: string; min_pass_rate: number | null }
  | { id: string; kind: 'outcome'; outcome: string; within_turns: number | null; min_pass_rate: number | null }
  | { id: string; kind: 'judge'; criterion: string; min_pass_rate: number | null };

export interface Evidence {
  detail: string;
  entry: number | null;
  value?: unknown;
  reason?: string;
}

export interface ExpectationResult {
  expectation_id: string;
  kind: string;
  pass: boolean;
  evidence: Evidence;
}

/** The expectation as the service keeps it: the fields of its kind, and an id that lasts across edits. */
export function storedExpectation(input: ExpectationInput): StoredExpectation {
  const id = input.id ?? randomUUID().slice(0, 8);
  const min = input.min_pass_rate ?? null;
  switch (input.kind) {
    case 'tool_called':
    case 'tool_not_called':
      return {
        id,
        kind: input.kind,
        tool: (input.tool ?? '').trim(),
        arguments: (input.arguments ?? []).map((a) => ({ name: a.name.trim(), match: a.match ?? 'equals', value: a.value })),
        min_pass_rate: min,
      };
    case 'variable':
      return { id, kind: 'variable', name: (input.name ?? '').trim(), check: input.check ?? 'not_empty', value: input.check === 'not_empty' ? '' : (input.value ?? ''), min_pass_rate: min };
    case 'outcome':
      return { id, kind: 'outcome', outcome: input.outcome ?? 'completed', within_turns: input.within_turns ?? null, min_pass_rate: min };
    case 'judge':
      return { id, kind: 'judge', criterion: (input.criterion ?? '').trim(), min_pass_rate: min };
  }
}

/** A stored expectation read back (rows are ours, but a hand-edited one must not stop a run). */
export function readExpectation(raw: unknown): StoredExpectation | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as JsonRecord;
  const id = typeof r.id === 'string' ? r.id : null;
  if (!id) return null;
  const min = typeof r.min_pass_rate === 'number' ? r.min_pass_rate : null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (r.kind) {
    case 'tool_called':
    case 'tool_not_called': {
      const args = Array.isArray(r.arguments) ? (r.arguments as JsonRecord[]) : [];
      return {
        id,
        kind: r.kind,
        tool: text(r.tool),
        arguments: args.map((a) => ({ name: text(a?.name), match: a?.match === 'matches' ? 'matches' : 'equals', value: text(a?.value) })),
        min_pass_rate: min,
      };
    }
    case 'variable':
      return { id, kind: 'variable', name: text(r.name), check: (['equals', 'contains', 'matches', 'not_empty'].includes(text(r.check)) ? r.check : 'not_empty') as VariableCheck, value: text(r.value), min_pass_rate: min };
    case 'outcome':
      return { id, kind: 'outcome', outcome: text(r.outcome), within_turns: typeof r.within_turns === 'number' ? r.within_turns : null, min_pass_rate: min };
    case 'judge':
      return { id, kind: 'judge', criterion: text(r.criterion), min_pass_rate: min };
    default:
      return null;
  }
}

const quote = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

/** The expectation in a line of English (the CLI's table, the API's summary; the console words its own). */
export function expectationLabel(e: StoredExpectation): string {
  const args = (list: ArgumentMatch[]) => (list.length === 0 ? '' : ` with ${list.map((a) => `${a.name} ${a.match === 'matches' ? '~' : '='} ${quote(a.value)}`).join(', ')}`);
  switch (e.kind) {
    case 'tool_called':
      return `${e.tool} called${args(e.arguments)}`;
    case 'tool_not_called':
      return `${e.tool} not called${args(e.arguments)}`;
    case 'variable':
      return e.check === 'not_empty' ? `${e.name} not empty` : `${e.name} ${e.check} ${quote(e.value)}`;
    case 'outcome':
      return `ends ${e.outcome}${e.within_turns === null ? '' : ` within ${e.within_turns} turns`}`;
    case 'judge':
      return `judge: ${e.criterion}`;
  }
}

/** What a check reads of a call that has ended. */
export interface CallFacts {
  /** The call's final status (its outcome). */
  status: string;
  /** Turns taken (each side speaking is one). */
  turns: number;
  /** Why the conversation ended (end_call, hang_up, goal_reached, max_duration, turn_limit, model_error), when known. */
  endReason: string | null;
  transcript: readonly TalkEntry[];
  /** The call's variables: those it started with, and the post-call reading's over them. */
  variables: JsonRecord;
  /** The post-call fields' declared types, by name. */
  fieldTypes: Record<string, 'string' | 'number' | 'boolean'>;
}

/** Long enough for any value a call produces; bounds a pattern's work on a runaway one. */
const MAX_SUBJECT = 10_000;

const asText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).slice(0, MAX_SUBJECT);

export function patternMatches(pattern: string, value: unknown): boolean {
  try {
    return new RegExp(pattern, 'iu').test(asText(value));
  } catch {
    return false;
  }
}

/** Equal as written: numbers by value ("42" and 42), everything else by its text, trimmed. */
function equalsValue(actual: unknown, expected: string): boolean {
  const a = asText(actual).trim();
  const b = expected.trim();
  if (a === b) return true;
  if (a !== '' && b !== '' && Number.isFinite(Number(a)) && Number.isFinite(Number(b))) return Number(a) === Number(b);
  return false;
}

/** A dotted path into the arguments (`address.city`); the whole key first, as a tool may name it so. */
function argumentAt(args: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(args, path)) return args[path];
  let node: unknown = args;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function argumentsMatch(call: FunctionCallEntry, wanted: readonly ArgumentMatch[]): boolean {
  return wanted.every((w) => {
    const v = argumentAt(call.arguments, w.name);
    if (v === undefined) return false;
    return w.match === 'matches' ? patternMatches(w.value, v) : equalsValue(v, w.value);
  });
}

function toolCalls(transcript: readonly TalkEntry[], tool: string): { entry: number; call: FunctionCallEntry }[] {
  const out: { entry: number; call: FunctionCallEntry }[] = [];
  transcript.forEach((e, i) => {
    if (e.type === 'function_call' && e.name === tool) out.push({ entry: i, call: e });
  });
  return out;
}

function toolNamesCalled(transcript: readonly TalkEntry[]): string[] {
  return [...new Set(transcript.filter((e): e is FunctionCallEntry => e.type === 'function_call').map((e) => e.name))];
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

function checkTool(e: Extract<StoredExpectation, { kind: 'tool_called' | 'tool_not_called' }>, facts: CallFacts): ExpectationResult {
  const calls = toolCalls(facts.transcript, e.tool);
  const matching = calls.filter((c) => argumentsMatch(c.call, e.arguments));
  const found = matching[0] ?? calls[0];
  const value = found ? { name: found.call.name, arguments: found.call.arguments, result: found.call.result, error: found.call.error } : undefined;
  const withArgs = e.arguments.length > 0 ? ' with the arguments asked for' : '';
  let detail: string;
  if (calls.length === 0) {
    const others = toolNamesCalled(facts.transcript);
    detail = `${e.tool} was not called${others.length > 0 ? ` (called: ${others.join(', ')})` : ' (no tool was called)'}`;
  } else if (matching.length === 0) {
    detail = `${e.tool} was called ${times(calls.length)}, never${withArgs}: ${JSON.stringify(calls[0]!.call.arguments)}`;
  } else {
    detail = `${e.tool} was called${withArgs}: ${JSON.stringify(matching[0]!.call.arguments)}`;
  }
  const pass = e.kind === 'tool_called' ? matching.length > 0 : matching.length === 0;
  return { expectation_id: e.id, kind: e.kind, pass, evidence: { detail, entry: found?.entry ?? null, ...(value && { value }) } };
}

/** A value of the field's declared type that says something: a non-blank text, a finite number, a boolean. */
function filledOfType(v: unknown, type: 'string' | 'number' | 'boolean' | undefined): boolean {
  if (type === 'number') return typeof v === 'number' && Number.isFinite(v);
  if (type === 'boolean') return typeof v === 'boolean';
  if (type === 'string') return typeof v === 'string' && v.trim() !== '';
  return v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');
}

function checkVariable(e: Extract<StoredExpectation, { kind: 'variable' }>, facts: CallFacts): ExpectationResult {
  const has = Object.hasOwn(facts.variables, e.name);
  const actual = has ? facts.variables[e.name] : undefined;
  const type = facts.fieldTypes[e.name];
  let pass: boolean;
  switch (e.check) {
    case 'not_empty':
      pass = filledOfType(actual, type);
      break;
    case 'equals':
      pass = has && actual !== null && equalsValue(actual, e.value);
      break;
    case 'contains':
      pass = has && actual !== null && asText(actual).toLowerCase().includes(e.value.toLowerCase());
      break;
    case 'matches':
      pass = has && actual !== null && patternMatches(e.value, actual);
      break;
  }
  const shown = !has ? 'is not among the call\'s variables' : actual === null ? 'is empty (the call did not give it)' : `is ${quote(actual)}`;
  const detail = `${e.name} ${shown}${type && e.check === 'not_empty' && has && actual !== null && !pass ? ` (not a ${type})` : ''}`;
  return { expectation_id: e.id, kind: e.kind, pass, evidence: { detail, entry: null, value: actual ?? null } };
}

function checkOutcome(e: Extract<StoredExpectation, { kind: 'outcome' }>, facts: CallFacts): ExpectationResult {
  const sameOutcome = facts.status === e.outcome;
  const inTime = e.within_turns === null || facts.turns <= e.within_turns;
  const turns = `${facts.turns} turn${facts.turns === 1 ? '' : 's'}`;
  const detail = `the call ended ${facts.status} after ${turns}${facts.endReason ? ` (${facts.endReason})` : ''}${sameOutcome && !inTime ? `, more than ${e.within_turns}` : ''}`;
  const last = facts.transcript.length > 0 ? facts.transcript.length - 1 : null;
  return { expectation_id: e.id, kind: e.kind, pass: sameOutcome && inTime, evidence: { detail, entry: last, value: { outcome: facts.status, turns: facts.turns, reason: facts.endReason } } };
}

/** Every check but the judge's. */
export function checkExpectation(e: Exclude<StoredExpectation, { kind: 'judge' }>, facts: CallFacts): ExpectationResult {
  switch (e.kind) {
    case 'tool_called':
    case 'tool_not_called':
      return checkTool(e, facts);
    case 'variable':
      return checkVariable(e, facts);
    case 'outcome':
      return checkOutcome(e, facts);
  }
}
