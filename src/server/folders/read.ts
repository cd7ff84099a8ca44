import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/connect';
import type { AssistantGroupRow } from '../db/schema';
import { notFound } from '../http/errors';
import { groupNotFound, KINDS, type GroupKind } from './kinds';

export interface GroupWithCount {
  row: AssistantGroupRow;
  assistantsCount: number;
}

/**
 * How many of the user's live assistants a folder or label holds, as a correlated subquery on the group's
 * id (a soft-deleted assistant keeps its folder and labels for the record, but is no longer counted).
 */
function assistantsCount(kind: GroupKind) {
  return kind === 'folder'
    ? sql<number>`(SELECT count(*) FROM assistants a WHERE a.folder_id = g.id AND a.deleted_at IS NULL)`
    : sql<number>`(SELECT count(*) FROM assistant_labels al JOIN assistants a ON a.id = al.assistant_id
                   WHERE al.label_id = g.id AND a.deleted_at IS NULL)`;
}

function groupsOf(db: Db, kind: GroupKind, userId: number) {
  return db.selectFrom(`${KINDS[kind].table} as g`).where('g.user_id', '=', userId);
}

/** One page of the user's folders (or labels) by name, ignoring case, and how many there are in all. */
export async function groupsPage(
  db: Db,
  kind: GroupKind,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ total: number; groups: GroupWithCount[] }> {
  const own = groupsOf(db, kind, userId);
  const { total } = await own.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const offset = (page - 1) * perPage;
  if (offset >= Number(total)) return { total: Number(total), groups: [] };
  const rows = await own
    .selectAll('g')
    .select(assistantsCount(kind).as('assistants_count'))
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .limit(perPage)
    .offset(offset)
    .execute();
  return { total: Number(total), groups: rows.map(({ assistants_count, ...row }) => ({ row, assistantsCount: Number(assistants_count) })) };
}

/** One of the user's folders (or labels) with its count; another user's or a missing one is a 404. */
export async function getGroup(db: Db, kind: GroupKind, userId: number, id: number): Promise<GroupWithCount> {
  const found = await groupsOf(db, kind, userId)
    .selectAll('g')
    .select(assistantsCount(kind).as('assistants_count'))
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!found) throw notFound(groupNotFound(kind));
  const { assistants_count, ...row } = found;
  return { row, assistantsCount: Number(assistants_count) };
}

/** Another of the user's folders (or labels) already called `name` (case ignored), apart from `exceptId`. */
export async function nameTaken(db: Db, kind: GroupKind, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = groupsOf(db, kind, userId)
    .select('g.id')
    // Both sides lowered by the database, so the check and the unique index agree on every character.
    .where(sql<SqlBool>`lower(g.name) = lower(${name})`);
  if (exceptId !== null) q = q.where('g.id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
