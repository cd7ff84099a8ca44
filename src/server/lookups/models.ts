import type { z } from 'zod';
import type { modelsQuerySchema } from '../../contract';
import type { Db } from '../db/connect';

/** The LLM models, by id: all, or only the multimodal ones or only the others. */
export function llmModels(db: Db, { type }: z.output<typeof modelsQuerySchema>) {
  let q = db.selectFrom('llm_models').select(['id', 'name']);
  if (type) q = q.where('multimodal', '=', type === 'multimodal');
  return q.orderBy('id').execute();
}
