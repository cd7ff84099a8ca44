/*
 * The stand-in models' test judge (suites/judge.ts asks with the schema named JUDGE_SCHEMA_NAME),
 * deterministic so tests know the verdict in advance. The criterion's quoted words decide:
 *   - "never" / "not" / "no" in the criterion: passes when the assistant's lines hold none of the quoted
 *     words, else fails, pointing at the first assistant line that says one;
 *   - otherwise: passes when an assistant line says one of them (pointing at it), else fails;
 *   - no quoted words: a marker `[pass]` or `[fail]` in the criterion decides; without one it passes.
 * Only the assistant's own lines count (not the customer's, not the tools' answers).
 */


/**
 * The schema name suites/judge.ts asks with (JUDGE_SCHEMA_NAME there). Written out, not imported: this file
 * is also compiled with the browser tests' stand-in (tsconfig.node.json), which must not pull in the service;
 * the suites' tests fail at once if the two ever differ (no verdict would come back).
 */
export const JUDGE_SCHEMA_NAME = 'suite_judge';

/** What roles.ts reads of a request and answers (kept here too: the two files import one way). */
interface JudgeRequest {
  messages?: { role: string; content?: unknown }[];
  response_format?: { json_schema?: { name?: string } };
}
interface Answer {
  text: string;
  toolCalls: never[];
}

const textOf = (content: unknown): string => (typeof content === 'string' ? content : '');

export function isJudgeRequest(request: JudgeRequest): boolean {
  const name = request.response_format?.json_schema?.name;
  return name === JUDGE_SCHEMA_NAME || name === REPLAY_JUDGE_SCHEMA_NAME;
}

/** The replays' judge (replays/judge.ts REPLAY_JUDGE_SCHEMA_NAME, written out for the same reason). */
export const REPLAY_JUDGE_SCHEMA_NAME = 'replay_judge';

/**
 * A replay's verdict: fewer successful tool calls in the replay than in the original is "worse" (resting on
 * the original's first tool line), more is "better" (on the replay's), as many "same"; a replay whose
 * assistant said "[unclear]" is unclear.
 */
function replayJudgeAnswer(asked: string): Answer {
  const section = (title: string) => {
    const at = asked.indexOf(`${title}:\n`);
    if (at === -1) return [];
    const rest = asked.slice(at + title.length + 2);
    const end = rest.indexOf('\n\n');
    return [...(end === -1 ? rest : rest.slice(0, end)).matchAll(/^(\d+)\. (.*)$/gm)].map((m) => ({ n: Number(m[1]), text: m[2]! }));
  };
  const original = section('Original call');
  const replay = section('Replay');
  const tools = (lines: { n: number; text: string }[]) => lines.filter((l) => l.text.startsWith('[Tool ') && !/: failed:/.test(l.text));
  const answer = (verdict: string, reason: string, lines: { transcript: string; line: number }[]): Answer => ({ text: JSON.stringify({ verdict, reason, lines }), toolCalls: [] });
  if (replay.some((l) => l.text.includes('[unclear]'))) return answer('unclear', 'The replay does not show whether it helped.', []);
  const [a, b] = [tools(original), tools(replay)];
  if (b.length < a.length) return answer('worse', `The original called a tool the replay did not: ${a[0]!.text}`, [{ transcript: 'original', line: a[0]!.n }]);
  if (b.length > a.length) return answer('better', `The replay called a tool the original did not: ${b[0]!.text}`, [{ transcript: 'replay', line: b[0]!.n }]);
  return answer('same', 'Both calls went the same way for the caller.', []);
}

export function judgeAnswer(request: JudgeRequest): Answer {
  const asked = textOf([...(request.messages ?? [])].reverse().find((m) => m.role === 'user')?.content);
  if (request.response_format?.json_schema?.name === REPLAY_JUDGE_SCHEMA_NAME) return replayJudgeAnswer(asked);
  const criterion = /^Criterion: (.*)$/m.exec(asked)?.[1] ?? '';
  const lines = [...asked.matchAll(/^(\d+)\. (Assistant|Customer|\[Tool)(.*)$/gm)].map((m) => ({ n: Number(m[1]), assistant: m[2] === 'Assistant', text: `${m[2]}${m[3]}` }));
  const words = [...criterion.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.toLowerCase());
  const verdict = (pass: boolean, reason: string, line: number | null): Answer => ({ text: JSON.stringify({ pass, reason, line }), toolCalls: [] });
  if (words.length === 0) {
    const pass = !/\[fail\]/i.test(criterion);
    return verdict(pass, pass ? 'Nothing in the transcript goes against it.' : 'The criterion is marked to fail.', null);
  }
  const said = lines.find((l) => l.assistant && words.some((w) => l.text.toLowerCase().includes(w)));
  const negative = /\b(never|not|no)\b/i.test(criterion.replace(/"[^"]*"/g, ''));
  if (negative) {
    return said ? verdict(false, `The assistant said it on line ${said.n}: ${said.text}`, said.n) : verdict(true, `The assistant never said ${words.map((w) => `"${w}"`).join(' or ')}.`, null);
  }
  return said ? verdict(true, `The assistant said it on line ${said.n}: ${said.text}`, said.n) : verdict(false, `The assistant never said ${words.map((w) => `"${w}"`).join(' or ')}.`, null);
}
