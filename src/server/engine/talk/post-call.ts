import type { JsonRecord, PostCallField } from '../../db/schema';
import type { JsonSchemaObject } from '../../model/chat-model';

/*
 * After a model call: what the assistant gathered (one value per post_call_schema field, of its declared
 * type) and, when post_call_evaluation is on, its judgement of the call, asked of the model with structured
 * output. The JSON Schema makes every field nullable: a value the conversation does not give is null, and
 * code never fills one in. The evaluation has the shape the scripted engine sends (engine/content.ts):
 * successful, sentiment, score (0-10), summary.
 */

export const POST_CALL_SCHEMA_NAME = 'post_call';
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;

type FieldType = 'string' | 'number' | 'boolean';

/** The declared type as JSON Schema names it (bool/boolean, number/integer/float; anything else a string). */
export function fieldType(declared: unknown): FieldType {
  const t = typeof declared === 'string' ? declared.trim().toLowerCase() : '';
  if (t === 'bool' || t === 'boolean') return 'boolean';
  if (t === 'number' || t === 'integer' || t === 'float' || t === 'int') return 'number';
  return 'string';
}

/** The assistant's fields that have a name (a nameless one cannot be answered). */
export function namedFields(fields: readonly PostCallField[]): PostCallField[] {
  return fields.filter((f) => typeof f?.name === 'string' && f.name.trim() !== '');
}

export function postCallSchema(fields: readonly PostCallField[], withEvaluation: boolean): JsonSchemaObject {
  const properties: Record<string, unknown> = {};
  for (const f of namedFields(fields)) {
    properties[f.name] = {
      type: [fieldType(f.type), 'null'],
      description: `${typeof f.description === 'string' && f.description.trim() ? f.description.trim() : f.name} (null when the call does not say)`,
    };
  }
  const schema: JsonSchemaObject = {
    type: 'object',
    properties: { variables: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false } },
    required: ['variables'],
    additionalProperties: false,
  };
  if (withEvaluation) {
    schema.properties.evaluation = {
      type: 'object',
      properties: {
        successful: { type: 'boolean', description: 'whether the call reached what the assistant was there for' },
        sentiment: { type: 'string', enum: [...SENTIMENTS], description: "the customer's mood over the call" },
        score: { type: 'number', minimum: 0, maximum: 10, description: 'how well the call went, 0 (badly) to 10 (perfectly)' },
        summary: { type: 'string', description: 'one or two sentences on what happened in the call' },
      },
      required: ['successful', 'sentiment', 'score', 'summary'],
      additionalProperties: false,
    };
    schema.required = ['variables', 'evaluation'];
  }
  return schema;
}

export function postCallSystemPrompt(language: string | null): string {
  return [
    'You read the transcript of a phone call between an AI voice assistant and a customer, and answer with one JSON object following the given schema.',
    'variables: for each field, the value the conversation gives, of the field\'s type. When the conversation does not give a value, the field is null: never guess, never make one up.',
    'evaluation (when asked for): whether the call reached its goal, the customer\'s sentiment, a score from 0 to 10, and a short summary.',
    language ? `Write texts (summary, text values) in ${language}.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

const isRecord = (v: unknown): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The model's value as the field's type, or null: a wrong type is no value (never coerced into one it did not give). */
function typed(value: unknown, type: FieldType): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    return null;
  }
  if (type === 'number') {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
    return null;
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

export interface PostCallReading {
  /** One entry per named field: its value, or null. */
  extracted: JsonRecord;
  /** {} unless asked for and given. */
  evaluation: JsonRecord;
}

/** The model's answer read against the fields (a missing answer: every field null). */
export function readPostCall(answer: JsonRecord | null, fields: readonly PostCallField[], withEvaluation: boolean): PostCallReading {
  const given = isRecord(answer?.variables) ? answer.variables : {};
  const extracted: JsonRecord = {};
  for (const f of namedFields(fields)) extracted[f.name] = typed(given[f.name], fieldType(f.type));
  const evaluation: JsonRecord = {};
  const e = answer?.evaluation;
  if (withEvaluation && isRecord(e)) {
    if (typeof e.successful === 'boolean') evaluation.successful = e.successful;
    if (typeof e.sentiment === 'string' && (SENTIMENTS as readonly string[]).includes(e.sentiment)) evaluation.sentiment = e.sentiment;
    if (typeof e.score === 'number' && Number.isFinite(e.score)) evaluation.score = Math.min(10, Math.max(0, e.score));
    if (typeof e.summary === 'string' && e.summary.trim() !== '') evaluation.summary = e.summary.trim();
  }
  return { extracted, evaluation };
}
