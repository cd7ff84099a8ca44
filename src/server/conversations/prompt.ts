import type { ChatTool } from '../model/chat-model';
import type { JsonRecord, ToolRow } from '../db/schema';

/*
 * What the model is given besides the history, as plain functions of the assistant, the conversation and
 * the clock: the system prompt with its {{placeholders}} filled, the date and time where the assistant
 * is, the language to answer in; the assistant's mid-call tools as functions, and the built-in end_call.
 */

/** The built-in tool that ends the conversation (its description is the assistant's end_call_tool.description). */
export const END_CALL_TOOL = 'end_call';

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The conversation's variables over the assistant's defaults. */
export function mergedVariables(conversation: JsonRecord | null, defaults: JsonRecord | null): JsonRecord {
  return { ...(defaults ?? {}), ...(conversation ?? {}) };
}

function asText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * `{{name}}` (spaces inside the braces allowed) becomes the variable's value; a placeholder no variable
 * fills is left as it is, so a prompt's author sees what was missing.
 */
export function fillPlaceholders(text: string, variables: JsonRecord): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(variables, name) ? asText(variables[name]) : whole));
}

/** "Tuesday, 12 May 2026, 14:03 (Europe/Berlin)"; an unknown time zone reads as UTC. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** A formatter per zone, made once (making one costs a few milliseconds; formatting, microseconds). */
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (formats.size < 1000) formats.set(zone, f);
  }
  return f;
}

export function localDateTime(now: Date, timeZone: string): string {
  const format = (zone: string) => {
    const parts = formatIn(zone).formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (${zone})`;
  };
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

export interface PromptAssistant {
  system_prompt: string;
  timezone: string;
  /** The language's name (English, German, ...); null when the assistant has none. */
  language: string | null;
  variables: JsonRecord;
}

/** The system prompt as the model gets it: in a text chat, or on a phone call (engine/model-calls.ts). */
export function systemPrompt(assistant: PromptAssistant, variables: JsonRecord, now: Date, channel: 'chat' | 'call' = 'chat'): string {
  const lines = [fillPlaceholders(assistant.system_prompt, variables).trim()];
  lines.push(`Current date and time: ${localDateTime(now, assistant.timezone)}.`);
  if (assistant.language) lines.push(`Always answer in ${assistant.language}, whatever language the other side writes in.`);
  lines.push(
    channel === 'call'
      ? 'This is a phone call: what you write is spoken aloud. Answer briefly, in plain spoken sentences, one turn at a time (no lists, no markup).'
      : 'This is a text chat: answer in plain text, briefly, as you would speak.',
  );
  return lines.filter((l) => l !== '').join('\n\n');
}

const PARAM_TYPES = new Set(['string', 'number', 'boolean']);

/** A mid-call tool as a function: its schema's fields as JSON Schema properties, each required. */
export function toolFunction(tool: Pick<ToolRow, 'name' | 'description' | 'schema'>): ChatTool {
  const properties: Record<string, unknown> = {};
  for (const field of tool.schema) {
    properties[field.name] = { type: PARAM_TYPES.has(field.type) ? field.type : 'string', description: field.description };
  }
  return {
    name: tool.name,
    description: tool.description,
    parameters: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
  };
}

export function endCallFunction(description: string): ChatTool {
  return { name: END_CALL_TOOL, description, parameters: { type: 'object', properties: {} } };
}

/** The functions offered: the assistant's tools (one named end_call gives way to the built-in), then end_call when it has one. */
export function offeredFunctions(tools: Pick<ToolRow, 'name' | 'description' | 'schema'>[], endCallDescription: string | null): ChatTool[] {
  const out = tools.filter((t) => !(endCallDescription && t.name === END_CALL_TOOL)).map(toolFunction);
  if (endCallDescription) out.push(endCallFunction(endCallDescription));
  return out;
}
