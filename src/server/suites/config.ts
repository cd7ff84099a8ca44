import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { JsonRecord } from '../db/schema';

/*
 * What of an assistant decides how its calls go, kept with each run: the prompt, the first words, the model
 * and its temperature, the language, the tools (with what they are told and where they go), end_call, the
 * post-call fields, the variables' defaults, the limits. Its version is a short hash of it, so runs with the
 * same settings share a version, and the fields that differ from the run before show what changed between
 * two results ("since the prompt edit: refund promised in 3 of 5 runs").
 */

export async function assistantConfig(db: Db, assistantId: number): Promise<JsonRecord | undefined> {
  const row = await db
    .selectFrom('assistants as a')
    .leftJoin('llm_models as m', 'm.id', 'a.llm_model_id')
    .leftJoin('languages as l', 'l.id', 'a.language_id')
    .select([
      'a.name',
      'a.type',
      'a.system_prompt',
      'a.initial_message',
      'a.wait_for_customer',
      'a.llm_temperature',
      'a.language',
      'a.end_call_tool_description',
      'a.post_call_schema',
      'a.post_call_evaluation',
      'a.variables',
      'a.max_duration',
      'a.fillers',
      'm.name as model',
      'l.name as language_name',
    ])
    .select(
      sql<JsonRecord[]>`(
        SELECT coalesce(json_agg(json_build_object('name', t.name, 'description', t.description, 'endpoint', t.endpoint, 'method', t.method, 'schema', t.schema) ORDER BY t.name, t.id), '[]'::json)
        FROM tools t JOIN assistant_tools x ON x.tool_id = t.id
        WHERE x.assistant_id = a.id AND t.user_id = a.user_id)`.as('tools'),
    )
    .where('a.id', '=', assistantId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { language_name, language, llm_temperature, ...rest } = row;
  return { ...rest, language: language || language_name || null, llm_temperature: Number(llm_temperature) };
}

/** JSON with keys sorted at every level: the same settings always give the same text. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as JsonRecord)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export function configVersion(config: JsonRecord): string {
  return createHash('sha256').update(canonical(config)).digest('hex').slice(0, 12);
}

/** The settings that differ between two snapshots (a field only one has counts). */
export function configChanges(before: JsonRecord | null, after: JsonRecord): string[] {
  if (!before) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.filter((k) => canonical(before[k]) !== canonical(after[k]));
}
