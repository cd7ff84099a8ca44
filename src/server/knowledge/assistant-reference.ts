import type { Transaction } from 'kysely';
import { PG_INT_MAX, type AssistantWrite, type FieldErrors } from '../../contract';
import type { Database } from '../db/schema';

/**
 * An assistant's `knowledgebase_id` must name one of the caller's own knowledge bases: another user's (or
 * one that does not exist) is a 422 on the key, collected with the assistant's other reference errors. The
 * conversations never read another user's base anyway (knowledge/search.ts filters by owner); this keeps
 * the record from pointing at one.
 */
export async function checkKnowledgeReference(trx: Transaction<Database>, userId: number, input: AssistantWrite, errors: FieldErrors): Promise<void> {
  const id = input.knowledgebase_id;
  if (id === undefined || id === null) return;
  const owned =
    Number.isInteger(id) && id >= 1 && id <= PG_INT_MAX
      ? await trx.selectFrom('knowledgebases').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
      : undefined;
  if (!owned) errors.knowledgebase_id = ['The selected knowledgebase id is invalid.'];
}
