import type { z } from 'zod';
import type { createToolRequest, updateToolRequest } from '../../contract';
import type { Db } from '../db/connect';
import type { ToolRow } from '../db/schema';
import { sentFields } from '../db/sent-fields';
import { toDbTimestamp } from '../db/time';
import { notFound } from '../http/errors';
import { checkToolPlanLimit } from './plan-limit';
import { TOOL_NOT_FOUND } from './read';

/** Creates a tool of `userId`, within the plan's limit. */
export function createTool(db: Db, now: () => Date, userId: number, input: z.output<typeof createToolRequest>): Promise<ToolRow> {
  return db.transaction().execute(async (trx) => {
    await checkToolPlanLimit(trx, userId);
    const ts = toDbTimestamp(now());
    return trx
      .insertInto('tools')
      .values({
        user_id: userId,
        name: input.name,
        description: input.description,
        endpoint: input.endpoint,
        method: input.method,
        timeout: input.timeout,
        headers: JSON.stringify(input.headers),
        schema: JSON.stringify(input.schema),
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Sets the fields the request names on one of the caller's tools; a missing or foreign one is a 404. */
export async function updateTool(
  db: Db,
  now: () => Date,
  userId: number,
  id: number,
  input: z.output<typeof updateToolRequest>,
): Promise<ToolRow> {
  const existing = await db.selectFrom('tools').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!existing) throw notFound(TOOL_NOT_FOUND);
  return db
    .updateTable('tools')
    .set({
      ...sentFields(input, ['name', 'description', 'endpoint', 'method', 'timeout']),
      ...(input.headers !== undefined && { headers: JSON.stringify(input.headers) }),
      ...(input.schema !== undefined && { schema: JSON.stringify(input.schema) }),
      updated_at: toDbTimestamp(now()),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes one of the caller's tools; assistant_tools rows go with it (ON DELETE CASCADE): the tool is detached from every assistant. */
export async function deleteTool(db: Db, userId: number, id: number): Promise<void> {
  const res = await db.deleteFrom('tools').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(TOOL_NOT_FOUND);
}
