import type { Db } from '../db/connect';
import type { ToolRow } from '../db/schema';
import { notFound } from '../http/errors';

export const TOOL_NOT_FOUND = 'Tool not found';

/** The caller's mid-call tools, by id. */
export function listTools(db: Db, userId: number): Promise<ToolRow[]> {
  return db.selectFrom('tools').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** One of the caller's tools; a missing or foreign one is a 404. */
export async function getTool(db: Db, userId: number, id: number): Promise<ToolRow> {
  const row = await db.selectFrom('tools').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(TOOL_NOT_FOUND);
  return row;
}
