import type { ChatModel, JsonSchemaObject } from '../model/chat-model';
import { ModelCallError } from '../model/chat-model';
import { numberedTranscript } from '../suites/judge';
import type { Diff } from './compare';
import type { CallFacts } from './original';

/*
 * The judge's reading of a pair, asked of the model with structured output as the suites' judge is
 * (suites/judge.ts, the same numbered transcripts): whether the replay went better, the same or worse for
 * the caller's goal, in one paragraph, and the lines it rests on (numbered lines of either transcript).
 * An answer that is not a verdict, or a model that cannot be asked, is "unclear" with what happened.
 */

export const REPLAY_JUDGE_SCHEMA_NAME = 'replay_judge';
export const VERDICTS = ['better', 'same', 'worse', 'unclear'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface VerdictLine {
  transcript: 'original' | 'replay';
  line: number;
}

export interface ReplayVerdict {
  verdict: Verdict;
  reason: string;
  lines: VerdictLine[];
}

export const REPLAY_JUDGE_SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    verdict: { type: 'string', enum: [...VERDICTS], description: "how the replay went for the caller's goal compared with the original" },
    reason: { type: 'string', description: 'one paragraph: what changed and why it is better, the same or worse, quoting the transcripts' },
    lines: {
      type: 'array',
      description: 'the numbered lines the verdict rests on',
      items: {
        type: 'object',
        properties: { transcript: { type: 'string', enum: ['original', 'replay'] }, line: { type: 'integer' } },
        required: ['transcript', 'line'],
        additionalProperties: false,
      },
    },
  },
  required: ['verdict', 'reason', 'lines'],
  additionalProperties: false,
};

export const REPLAY_JUDGE_SYSTEM_PROMPT = [
  'You compare two phone calls between an AI voice assistant and the same customer: the ORIGINAL call, and a REPLAY of it',
  'with the assistant in its current settings, the customer following their original lines while the conversation allowed.',
  "Decide whether the replay went better, the same, or worse for the customer's goal (unclear when the transcripts do not show it).",
  'Judge only by what the transcripts and the listed differences show. Answer with one JSON object following the given schema:',
  'the verdict, one paragraph of reason quoting the transcripts, and the numbered lines it rests on.',
].join(' ');

function differences(diff: Diff): string {
  const out = [`Outcome: ${diff.outcome.before} -> ${diff.outcome.after}`, `Turns: ${diff.turns.before} -> ${diff.turns.after}`];
  for (const t of diff.tools) out.push(`Tool ${t.name} ${t.change}${t.before ? ` (was ${JSON.stringify(t.before)})` : ''}${t.after ? ` (now ${JSON.stringify(t.after)})` : ''}`);
  for (const v of diff.variables) out.push(`Post-call ${v.name}: ${JSON.stringify(v.before)} -> ${JSON.stringify(v.after)}`);
  for (const v of diff.evaluation) out.push(`Evaluation ${v.name}: ${JSON.stringify(v.before)} -> ${JSON.stringify(v.after)}`);
  return out.join('\n');
}

export interface ReplayJudgeInput {
  model: ChatModel;
  modelName: string;
  original: CallFacts;
  replay: CallFacts;
  diff: Diff;
}

const lineCount = (f: CallFacts) => f.transcript.length;

export async function judgeReplay(input: ReplayJudgeInput): Promise<ReplayVerdict> {
  const { original, replay } = input;
  let answer;
  try {
    answer = await input.model.object({
      model: input.modelName,
      system: REPLAY_JUDGE_SYSTEM_PROMPT,
      messages: [
        {
          role: 'user',
          content: [
            `Original call:\n${numberedTranscript(original.transcript) || '(nothing was said)'}`,
            `Replay:\n${numberedTranscript(replay.transcript) || '(nothing was said)'}`,
            `Differences:\n${differences(input.diff)}`,
          ].join('\n\n'),
        },
      ],
      schema: REPLAY_JUDGE_SCHEMA,
      schemaName: REPLAY_JUDGE_SCHEMA_NAME,
      temperature: 0,
    });
  } catch (e) {
    if (!(e instanceof ModelCallError)) throw e;
    return { verdict: 'unclear', reason: `The judge could not be asked: ${e.message}`, lines: [] };
  }
  const v = answer.value;
  const verdict = VERDICTS.find((x) => x === v?.verdict);
  if (!v || !verdict) return { verdict: 'unclear', reason: `The judge gave no verdict: ${answer.text.slice(0, 500)}`, lines: [] };
  const reason = typeof v.reason === 'string' && v.reason.trim() !== '' ? v.reason.trim().slice(0, 4000) : '(no reason given)';
  const lines = (Array.isArray(v.lines) ? v.lines : [])
    .filter((l): l is VerdictLine => {
      if (typeof l !== 'object' || l === null) return false;
      const { transcript, line } = l as Record<string, unknown>;
      if (transcript !== 'original' && transcript !== 'replay') return false;
      return typeof line === 'number' && Number.isInteger(line) && line >= 1 && line <= lineCount(transcript === 'original' ? original : replay);
    })
    .slice(0, 20)
    .map((l) => ({ transcript: l.transcript, line: l.line }));
  return { verdict, reason, lines };
}
