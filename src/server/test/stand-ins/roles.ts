/*
 * What the model stand-in (model.ts: service tests, browser tests, benchmarks) answers when it is not asked
 * for the assistant: the customer of a model call
 * (recognised by the first line of the customer's system prompt, engine/talk/persona.ts) and structured
 * output (`response_format: json_schema`: a JSON object following the schema, its values found in the
 * conversation where they are, null otherwise). Deterministic and stateless: everything comes from the
 * request, so parallel calls cannot disturb each other.
 *
 * The customer follows its persona: "never hang up" keeps talking (a call only max_duration ends),
 * "no time" hangs up at once (ended_by_customer); anyone else greets with their name and what they want,
 * gives the persona's details (numbers, dates, e-mail addresses), and says goodbye on the third turn,
 * hanging up with the goal reached. A replay's caller (its persona quotes the original's lines) says those
 * lines in order, one per turn, and hangs up after the last.
 */

import { isJudgeRequest, judgeAnswer } from './judge';
import { isVoicemailGreetingRequest, voicemailGreetingAnswer } from './voicemail-greeting';

export const CUSTOMER_MARKER = /playing the customer on a phone call/i;

export interface RoleMessage {
  role: string;
  content?: unknown;
}

export interface RoleRequest {
  messages?: RoleMessage[];
  tools?: { type?: string; function: { name: string } }[];
  response_format?: { type?: string; json_schema?: { name?: string; schema?: unknown } };
}

export interface RoleAnswer {
  text: string;
  toolCalls: { name: string; arguments: Record<string, unknown> }[];
}

export const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: unknown }) => (typeof p?.text === 'string' ? p.text : '')).join('') : '';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

function personaOf(system: string): string {
  const at = system.indexOf('for the whole call:');
  const rest = at === -1 ? system : system.slice(at + 'for the whole call:'.length);
  return (rest.split('\n\n').find((p) => p.trim() !== '') ?? '').trim();
}

/** The persona's own details in the first person: the sentences with a number, a date or an address. */
function details(persona: string): string[] {
  return persona
    .split(/(?<=[.!?])\s+/)
    .filter((s) => /\d|@/.test(s) && !/^your name is/i.test(s))
    .map((s) => s.replace(/\bYour\b/g, 'My').replace(/\byour\b/g, 'my').replace(/\bYou are\b/g, 'I am').replace(/\bYou\b/g, 'I'));
}

/** A replay's caller (replays/original.ts): their original lines, quoted as JSON strings after the marker. */
function replayLines(persona: string): string[] | null {
  const at = persona.indexOf('Your lines from that call, in order:');
  if (at === -1) return null;
  return [...persona.slice(at).matchAll(/\(\d+\) ("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string);
}

function customerAnswer(request: RoleRequest, system: string): RoleAnswer {
  const persona = personaOf(system);
  const spoken = (request.messages ?? []).filter((m) => m.role === 'assistant').length;
  // A replay's caller says the original lines in order, and hangs up after the last (or with its goodbye).
  const lines = replayLines(persona);
  if (lines) {
    const line = lines[spoken];
    if (line === undefined) return { text: 'Thank you. Goodbye!', toolCalls: [{ name: 'hang_up', arguments: { goal_reached: true } }] };
    const last = spoken === lines.length - 1 && /\b(good)?bye\b|no time/i.test(line);
    return { text: line, toolCalls: last ? [{ name: 'hang_up', arguments: { goal_reached: !/no time/i.test(line) } }] : [] };
  }
  const name = /your name is ([^.]+)\./i.exec(persona)?.[1]?.trim() ?? 'Sam Stand-In';
  if (/no time|hang up (at once|immediately)/i.test(persona)) {
    return { text: 'Sorry, I have no time for this. Goodbye.', toolCalls: [{ name: 'hang_up', arguments: { goal_reached: false } }] };
  }
  if (/never hang up|talkative/i.test(persona)) {
    const lines = ['Hello, yes?', 'Interesting, tell me more.', 'And what else?', 'Go on, I am listening.'];
    return { text: spoken === 0 ? `Hello, this is ${name}.` : lines[spoken % lines.length]!, toolCalls: [] };
  }
  const want = /what you want: ([^.]+)\./i.exec(persona)?.[1]?.trim() ?? /\bwants? (?:to )?([^.]+)\./i.exec(persona)?.[1]?.trim();
  if (spoken === 0) return { text: `Hello, this is ${name}.${want ? ` I would like to ${want.replace(/^to /i, '')}.` : ''}`, toolCalls: [] };
  if (spoken === 1) return { text: ['Yes, that sounds good.', ...details(persona)].join(' '), toolCalls: [] };
  return { text: 'Thank you, that is all I needed. Goodbye!', toolCalls: [{ name: 'hang_up', arguments: { goal_reached: true } }] };
}

type Schema = { type?: unknown; properties?: Record<string, Schema>; enum?: unknown[] };

const typesOf = (s: Schema | undefined): string[] => (Array.isArray(s?.type) ? (s.type as string[]) : typeof s?.type === 'string' ? [s.type] : []);

function customerLines(transcript: string): string[] {
  return transcript
    .split('\n')
    .filter((l) => l.startsWith('Customer:'))
    .map((l) => l.slice('Customer:'.length).trim());
}

/** A value for one field, found in what the customer said; null when it is not there. */
function findValue(key: string, schema: Schema | undefined, said: string): unknown {
  const types = typesOf(schema);
  const words = key.toLowerCase().split(/[_\s-]+/).filter((w) => w.length > 2);
  if (types.includes('boolean')) {
    if (words.some((w) => new RegExp(`\\bnot (\\w+ )?${w}`, 'i').test(said))) return false;
    if (words.some((w) => new RegExp(`\\b${w}`, 'i').test(said))) return true;
    if (/interest|agree|confirm|accept/.test(key) && /sounds good|yes/i.test(said)) return true;
    return null;
  }
  if (types.includes('number')) {
    for (const w of words) {
      const m = new RegExp(`${w}\\D{0,20}?(\\d+(?:\\.\\d+)?)`, 'i').exec(said);
      if (m?.[1]) return Number(m[1]);
    }
    return null;
  }
  if (/mail/.test(key)) return EMAIL.exec(said)?.[0] ?? null;
  if (/date|day/.test(key)) return ISO_DATE.exec(said)?.[0] ?? null;
  if (/name/.test(key)) return /(?:this is|my name is|i am|i'm) ([A-Z][\w-]*(?: [A-Z][\w-]*)*)/.exec(said)?.[1] ?? null;
  for (const w of words) {
    const m = new RegExp(`\\b${w}\\w*\\s+(?:is|:)\\s+([^.,!?]+)`, 'i').exec(said);
    if (m?.[1]) return m[1].trim();
  }
  return null;
}

function structuredAnswer(request: RoleRequest): RoleAnswer {
  const schema = (request.response_format?.json_schema?.schema ?? {}) as Schema;
  const transcript = textOf([...(request.messages ?? [])].reverse().find((m) => m.role === 'user')?.content);
  const lines = customerLines(transcript);
  const said = lines.join(' ');
  const out: Record<string, unknown> = {};
  const variables = schema.properties?.variables;
  if (variables) {
    const values: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(variables.properties ?? {})) values[key] = findValue(key, field, said);
    out.variables = values;
  }
  if (schema.properties?.evaluation) {
    const successful = /goodbye/i.test(lines.at(-1) ?? '') && !/no time/i.test(said);
    const name = /(?:this is|my name is) ([A-Z][\w-]*(?: [A-Z][\w-]*)*)/.exec(said)?.[1];
    out.evaluation = {
      successful,
      sentiment: successful ? 'positive' : /no time|not interested/i.test(said) ? 'negative' : 'neutral',
      score: successful ? 8 : 3,
      summary: `${name ? `Spoke with ${name}` : 'Spoke with the customer'} over ${lines.length} turns; ${successful ? 'the call reached its goal' : 'the call ended before its goal'}.`,
    };
  }
  // Any other top-level field of the schema: null (nothing to find).
  for (const key of Object.keys(schema.properties ?? {})) if (!(key in out)) out[key] = null;
  return { text: JSON.stringify(out), toolCalls: [] };
}

/** The customer's turn or a structured answer; null when the request is for the assistant (the stand-in's own script). */
export function roleAnswer(request: RoleRequest): RoleAnswer | null {
  // A suite's judge (judge.ts): its own small, deterministic rule.
  if (isJudgeRequest(request)) return judgeAnswer(request);
  // The voicemail detector's question (voicemail-greeting.ts).
  if (isVoicemailGreetingRequest(request)) return voicemailGreetingAnswer(request);
  if (request.response_format?.type === 'json_schema') return structuredAnswer(request);
  const system = textOf((request.messages ?? []).find((m) => m.role === 'system')?.content);
  if (CUSTOMER_MARKER.test(system)) return customerAnswer(request, system);
  return null;
}
