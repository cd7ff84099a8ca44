import type { Transaction } from 'kysely';
import { attributeName, PG_INT_MAX, type AssistantWrite, type FieldErrors } from '../../contract';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';

/*
 * The assistant's side of folders and labels: what a create or update may point at, the labels it carries,
 * and the list's filters.
 */

/** Ids the `integer` columns can hold; anything else names no row and must not reach SQL. */
const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= PG_INT_MAX;

/**
 * `folder_id` and each `label_ids.N` must be the caller's own: anything else (another user's, a deleted
 * one, none at all) is a 422 on that key, collected with the assistant's other reference errors.
 */
export async function checkGroupReferences(trx: Transaction<Database>, userId: number, input: AssistantWrite, errors: FieldErrors): Promise<void> {
  const folderId = input.folder_id;
  if (folderId !== undefined && folderId !== null) {
    const folder = isRowId(folderId)
      ? await trx.selectFrom('folders').select('id').where('id', '=', folderId).where('user_id', '=', userId).executeTakeFirst()
      : undefined;
    if (!folder) errors.folder_id = ['The selected folder id is invalid.'];
  }
  const labelIds = input.label_ids ?? [];
  if (labelIds.length > 0) {
    const candidates = [...new Set(labelIds.filter(isRowId))];
    const owned = new Set(
      candidates.length === 0
        ? []
        : (await trx.selectFrom('labels').select('id').where('user_id', '=', userId).where('id', 'in', candidates).execute()).map((l) => l.id),
    );
    labelIds.forEach((labelId, i) => {
      if (!owned.has(labelId)) errors[`label_ids.${i}`] = [`The selected ${attributeName(['label_ids', i])} is invalid.`];
    });
  }
}

/** Replaces the assistant's labels with `labelIds` (a label named twice is carried once). */
export async function setAssistantLabels(trx: Transaction<Database>, assistantId: number, labelIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('assistant_labels').where('assistant_id', '=', assistantId).execute();
  const unique = [...new Set(labelIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('assistant_labels')
    .values(unique.map((labelId) => ({ assistant_id: assistantId, label_id: labelId })))
    .execute();
}

/** The labels of several assistants in one query: assistant id to its label ids, ascending. */
export async function labelIdsOf(db: Db, assistantIds: readonly number[]): Promise<Map<number, number[]>> {
  const byAssistant = new Map<number, number[]>();
  if (assistantIds.length === 0) return byAssistant;
  const rows = await db
    .selectFrom('assistant_labels')
    .select(['assistant_id', 'label_id'])
    .where('assistant_id', 'in', [...assistantIds])
    .orderBy('label_id')
    .execute();
  for (const { assistant_id, label_id } of rows) {
    const list = byAssistant.get(assistant_id) ?? [];
    list.push(label_id);
    byAssistant.set(assistant_id, list);
  }
  return byAssistant;
}
