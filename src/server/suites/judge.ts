import type { ChatModel, JsonSchemaObject } from '../model/chat-model';
import type { TalkEntry } from '../engine/talk/entries';
import type { ExpectationResult, StoredExpectation } from './expectations';

/*
 * A judgement in words ("the assistant never promised a refund"), decided by the model with structured
 * output: `{pass, reason, line}`, where `line` is the numbered transcript line that shows it best (null when
 * none does), so the console can open the call at that moment. The transcript is given with numbers, one
 * line per entry, tool calls included, so line N is entry N-1 of the call's transcript.
 */

export const JUDGE_SCHEMA_NAME = 'suite_judge';

export const JUDGE_SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    pass: { type: 'boolean', description: 'true when the transcript satisfies the criterion' },
    reason: { type: 'string', description: 'one or two sentences: why, quoting what was said' },
    line: { type: ['integer', 'null'], description: 'the number of the transcript line that shows it best, or null' },
  },
  required: ['pass', 'reason', 'line'],
  additionalProperties: false,
};

export const JUDGE_SYSTEM_PROMPT = [
  'You are a strict test judge. You read the transcript of a phone call between an AI voice assistant and a customer,',
  'and decide whether ONE criterion about the assistant holds. Judge only by what the transcript shows; never assume',
  'what is not there. Answer with one JSON object following the given schema: pass, a short reason quoting the',
  'transcript, and the number of the line that shows it best (null when no single line does).',
].join(' ');

/** The transcript as numbered lines, one per entry (line N is entry N-1). */
export function numberedTranscript(entries: readonly TalkEntry[]): string {
  return entries
    .map((e, i) => {
      const n = i + 1;
      if (e.type === 'function_call') return `${n}. [Tool ${e.name} called with ${JSON.stringify(e.arguments)}: ${e.error ? `failed: ${e.error}` : JSON.stringify(e.result)}]`;
      if (e.type === 'filler') return `${n}. Assistant (filler): ${e.text}`;
      return `${n}. ${e.sender === 'bot' ? 'Assistant' : 'Customer'}: ${e.text}`;
    })
    .join('\n');
}

export interface JudgeInput {
  model: ChatModel;
  modelName: string;
  expectation: Extract<StoredExpectation, { kind: 'judge' }>;
  transcript: readonly TalkEntry[];
}

/** Asks the model; a ModelCallError goes to the caller (the item is tried again later). */
export async function judge(input: JudgeInput): Promise<ExpectationResult> {
  const { expectation: e, transcript } = input;
  const answer = await input.model.object({
    model: input.modelName,
    system: JUDGE_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: `Criterion: ${e.criterion}\n\nTranscript:\n${numberedTranscript(transcript) || '(nothing was said)'}` }],
    schema: JUDGE_SCHEMA,
    schemaName: JUDGE_SCHEMA_NAME,
    temperature: 0,
  });
  const v = answer.value;
  if (!v || typeof v.pass !== 'boolean') {
    // An answer that is not a verdict is a failed check, shown as it came (never a made-up pass).
    return { expectation_id: e.id, kind: e.kind, pass: false, evidence: { detail: 'the judge gave no verdict', entry: null, reason: answer.text.slice(0, 500) } };
  }
  const reason = typeof v.reason === 'string' && v.reason.trim() !== '' ? v.reason.trim().slice(0, 2000) : '(no reason given)';
  const line = typeof v.line === 'number' && Number.isInteger(v.line) && v.line >= 1 && v.line <= transcript.length ? v.line : null;
  return { expectation_id: e.id, kind: e.kind, pass: v.pass, evidence: { detail: `the judge says ${v.pass ? 'it holds' : 'it does not hold'}`, entry: line === null ? null : line - 1, reason } };
}
