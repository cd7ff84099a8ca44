import type { Db } from '../db/connect';
import type { ChatModel } from './chat-model';

/*
 * GET /user/assistants/models with a model endpoint configured: the endpoint's own models (its /models,
 * and LLM_MODEL) are listed beside the reference ones, so the assistant form offers what the user's server
 * really has. They become llm_models rows on first sight (ON CONFLICT on the unique name), so an assistant
 * refers to one by id or by name like to any other model.
 */

export interface ModelRow {
  id: number;
  name: string;
}

/** `rows` (the reference models, by id) with the endpoint's models added; text models only. */
export async function withEndpointModels(db: Db, model: ChatModel | null | undefined, rows: ModelRow[], type: string | undefined): Promise<ModelRow[]> {
  if (!model || type === 'multimodal') return rows;
  const names = [...new Set([...(model.info.model ? [model.info.model] : []), ...(await model.listModels())])].filter((n) => n.length <= 255);
  if (names.length === 0) return rows;
  await db
    .insertInto('llm_models')
    .values(names.map((name) => ({ name, multimodal: false })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const endpoint = await db.selectFrom('llm_models').select(['id', 'name']).where('name', 'in', names).execute();
  const known = new Set(rows.map((r) => r.id));
  return [...rows, ...endpoint.filter((r) => !known.has(r.id))].sort((a, b) => a.id - b.id);
}
