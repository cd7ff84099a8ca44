import type { z } from 'zod';
import type { createAssistantGroupRequest, updateAssistantGroupRequest } from '../../contract';
import type { Db } from '../db/connect';
import type { AssistantGroupRow } from '../db/schema';
import { sentFields } from '../db/sent-fields';
import { toDbTimestamp } from '../db/time';
import { fieldError, notFound } from '../http/errors';
import { groupNotFound, KINDS, type GroupKind } from './kinds';
import { nameTaken } from './read';

/** Laravel's `unique` rule's sentence. */
export const NAME_TAKEN = 'The name has already been taken.';

/** PostgreSQL's unique_violation: two requests raced past the name check, the index refused the second. */
function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('name', NAME_TAKEN);
    throw e;
  }
}

/** A new folder (or label) of the user; a name the user already has (case ignored) is a 422 on `name`. */
export async function createGroup(
  db: Db,
  now: () => Date,
  kind: GroupKind,
  userId: number,
  input: z.output<typeof createAssistantGroupRequest>,
): Promise<AssistantGroupRow> {
  if (await nameTaken(db, kind, userId, input.name, null)) throw fieldError('name', NAME_TAKEN);
  const ts = toDbTimestamp(now());
  return uniqueName(() =>
    db
      .insertInto(KINDS[kind].table)
      .values({ user_id: userId, name: input.name, color: input.color ?? null, created_at: ts, updated_at: ts })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** Renames or recolours one of the user's folders (or labels): only what is sent changes. */
export async function updateGroup(
  db: Db,
  now: () => Date,
  kind: GroupKind,
  userId: number,
  id: number,
  input: z.output<typeof updateAssistantGroupRequest>,
): Promise<AssistantGroupRow> {
  const table = KINDS[kind].table;
  const existing = await db.selectFrom(table).select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!existing) throw notFound(groupNotFound(kind));
  if (input.name !== undefined && (await nameTaken(db, kind, userId, input.name, id))) throw fieldError('name', NAME_TAKEN);
  return uniqueName(() =>
    db
      .updateTable(table)
      .set({
        ...sentFields(input, ['name', 'color']),
        updated_at: toDbTimestamp(now()),
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/**
 * Deletes one of the user's folders (or labels). Its assistants stay: a folder's become unfiled
 * (folder_id set null by the foreign key), a label comes off every assistant (assistant_labels cascade),
 * as the hosted API's clients describe it.
 */
export async function deleteGroup(db: Db, kind: GroupKind, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom(KINDS[kind].table).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(groupNotFound(kind));
}
