import type { Db } from '../db/connect';
import type { AssistantRow, ToolRow } from '../db/schema';
import { labelIdsOf } from '../folders/assistant-groups';
import { notFound } from '../http/errors';

export const ASSISTANT_NOT_FOUND = 'Assistant not found';

/**
 * The user's live assistants (a deleted one is gone for every reader), as a query to narrow and select from.
 * Its columns are named with the table, so it takes joins.
 */
export function liveAssistantsOf(db: Db, userId: number) {
  return db.selectFrom('assistants').where('assistants.user_id', '=', userId).where('assistants.deleted_at', 'is', null);
}

/** An assistant with its attached mid-call tools, by tool id, and its label ids, ascending. */
export interface AssistantWithTools {
  row: AssistantRow;
  tools: ToolRow[];
  labelIds: number[];
}

/** The list's extension filters: the assistants in one folder, or carrying one label. */
export interface AssistantListFilter {
  folder_id?: number | undefined;
  label_id?: number | undefined;
}

/** The user's live assistants narrowed by the list's filters (another user's folder or label matches none). */
function filteredAssistantsOf(db: Db, userId: number, filter: AssistantListFilter) {
  let q = liveAssistantsOf(db, userId);
  if (filter.folder_id !== undefined) q = q.where('assistants.folder_id', '=', filter.folder_id);
  const labelId = filter.label_id;
  if (labelId !== undefined) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('assistant_labels')
          .select('assistant_labels.label_id')
          .whereRef('assistant_labels.assistant_id', '=', 'assistants.id')
          .where('assistant_labels.label_id', '=', labelId),
      ),
    );
  }
  return q;
}

/** The attached tools of several assistants, in one query: assistant id to its tools, by tool id. */
async function toolsOf(db: Db, userId: number, assistantIds: readonly number[]): Promise<Map<number, ToolRow[]>> {
  const byAssistant = new Map<number, ToolRow[]>();
  if (assistantIds.length === 0) return byAssistant;
  const rows = await db
    .selectFrom('assistant_tools as at')
    .innerJoin('tools', 'tools.id', 'at.tool_id')
    .selectAll('tools')
    .select('at.assistant_id')
    .where('at.assistant_id', 'in', [...assistantIds])
    .where('tools.user_id', '=', userId)
    .orderBy('tools.id')
    .execute();
  for (const { assistant_id, ...tool } of rows) {
    const list = byAssistant.get(assistant_id) ?? [];
    list.push(tool);
    byAssistant.set(assistant_id, list);
  }
  return byAssistant;
}

async function withTools(db: Db, userId: number, rows: AssistantRow[]): Promise<AssistantWithTools[]> {
  const ids = rows.map((a) => a.id);
  const [tools, labels] = await Promise.all([toolsOf(db, userId, ids), labelIdsOf(db, ids)]);
  return rows.map((row) => ({ row, tools: tools.get(row.id) ?? [], labelIds: labels.get(row.id) ?? [] }));
}

/** One page of the caller's live assistants, newest first, and how many there are in all. */
export async function assistantsPage(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
  filter: AssistantListFilter = {},
): Promise<{ total: number; assistants: AssistantWithTools[] }> {
  const own = filteredAssistantsOf(db, userId, filter);
  const { total } = await own.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const offset = (page - 1) * perPage;
  const rows: AssistantRow[] =
    offset >= Number(total) ? [] : await own.selectAll().orderBy('id', 'desc').limit(perPage).offset(offset).execute();
  return { total: Number(total), assistants: await withTools(db, userId, rows) };
}

/** Every live assistant of the caller, newest first like the paginated list. */
export async function allAssistants(db: Db, userId: number, filter: AssistantListFilter = {}): Promise<AssistantWithTools[]> {
  const rows = await filteredAssistantsOf(db, userId, filter).selectAll().orderBy('id', 'desc').execute();
  return withTools(db, userId, rows);
}

/** The caller's live outbound assistants, newest first. */
export function outboundAssistants(db: Db, userId: number): Promise<AssistantRow[]> {
  return liveAssistantsOf(db, userId).selectAll().where('type', '=', 'outbound').orderBy('id', 'desc').execute();
}

/** One of the caller's live assistants; a missing or foreign one is a 404. */
export async function getAssistant(db: Db, userId: number, id: number): Promise<AssistantWithTools> {
  const row = await liveAssistantsOf(db, userId).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ASSISTANT_NOT_FOUND);
  const [assistant] = await withTools(db, userId, [row]);
  if (!assistant) throw notFound(ASSISTANT_NOT_FOUND);
  return assistant;
}
