import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { createKnowledgebaseRequest, updateKnowledgebaseRequest } from '../../contract';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import { sentFields } from '../db/sent-fields';
import { toDbTimestamp } from '../db/time';
import { publish } from '../events/bus';
import { knowledgebaseEvent } from '../events/build';
import { notFound } from '../http/errors';
import { knowledgebaseResource, type KnowledgebaseWithCounts } from './resource';

export const KNOWLEDGEBASE_NOT_FOUND = 'Knowledgebase not found.';

/** The caller's knowledge bases with their documents counted by status and the assistants that use them. */
function withCounts(db: Kysely<Database>, userId: number) {
  const count = (status: string) =>
    sql<number>`(SELECT count(*) FROM knowledge_documents d WHERE d.knowledgebase_id = k.id AND d.status = ${status})`;
  return db
    .selectFrom('knowledgebases as k')
    .selectAll('k')
    .select([
      count('processing').as('processing'),
      count('active').as('active'),
      count('failed').as('failed'),
      sql<number>`(SELECT count(*) FROM assistants a WHERE a.knowledgebase_id = k.id AND a.user_id = k.user_id AND a.deleted_at IS NULL)`.as('assistants_count'),
    ])
    .where('k.user_id', '=', userId);
}

export type KnowledgebaseRecord = ReturnType<typeof knowledgebaseResource>;

export async function listKnowledgebases(db: Db, userId: number): Promise<KnowledgebaseRecord[]> {
  const rows: KnowledgebaseWithCounts[] = await withCounts(db, userId).orderBy('k.id').execute();
  return rows.map(knowledgebaseResource);
}

/** One of the caller's knowledge bases; a missing or foreign one is a 404. */
export async function getKnowledgebase(db: Kysely<Database>, userId: number, id: number): Promise<KnowledgebaseRecord> {
  const row: KnowledgebaseWithCounts | undefined = await withCounts(db, userId).where('k.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(KNOWLEDGEBASE_NOT_FOUND);
  return knowledgebaseResource(row);
}

/** The knowledge base's row when it is the caller's, else a 404. */
export async function ownKnowledgebase(db: Kysely<Database>, userId: number, id: number) {
  const row = await db.selectFrom('knowledgebases').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(KNOWLEDGEBASE_NOT_FOUND);
  return row;
}

export async function createKnowledgebase(db: Db, now: () => Date, userId: number, input: z.output<typeof createKnowledgebaseRequest>): Promise<KnowledgebaseRecord> {
  const ts = toDbTimestamp(now());
  const row = await db
    .insertInto('knowledgebases')
    .values({ user_id: userId, name: input.name, description: input.description ?? null, language: input.language, created_at: ts, updated_at: ts })
    .returning('id')
    .executeTakeFirstOrThrow();
  const record = await getKnowledgebase(db, userId, row.id);
  publish(db, knowledgebaseEvent({ id: row.id, user_id: userId, status: record.status }));
  return record;
}

/** Sets the fields sent; a new language re-indexes the passages in it (their generated tsvector follows). */
export async function updateKnowledgebase(
  db: Db,
  now: () => Date,
  userId: number,
  id: number,
  input: z.output<typeof updateKnowledgebaseRequest>,
): Promise<KnowledgebaseRecord> {
  const record = await db.transaction().execute(async (trx) => {
    const existing = await ownKnowledgebase(trx, userId, id);
    await trx
      .updateTable('knowledgebases')
      .set({
        ...sentFields(input, ['name', 'description', 'language']),
        updated_at: toDbTimestamp(now()),
      })
      .where('id', '=', id)
      .execute();
    if (input.language !== undefined && input.language !== existing.language) {
      await trx.updateTable('knowledge_passages').set({ config: input.language }).where('knowledgebase_id', '=', id).execute();
    }
    return getKnowledgebase(trx, userId, id);
  });
  publish(db, knowledgebaseEvent({ id, user_id: userId, status: record.status }));
  return record;
}

/**
 * Deletes a knowledge base with its documents and passages (ON DELETE CASCADE); the assistants that used it
 * lose the reference and go on without it, as the hosted documentation says.
 */
export async function deleteKnowledgebase(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownKnowledgebase(trx, userId, id);
    await trx.updateTable('assistants').set({ knowledgebase_id: null }).where('user_id', '=', userId).where('knowledgebase_id', '=', id).execute();
    await trx.deleteFrom('knowledgebases').where('id', '=', id).where('user_id', '=', userId).execute();
  });
  publish(db, knowledgebaseEvent({ id, user_id: userId, status: 'deleted' }));
}

/** Publishes the base's status as it is now (after one of its documents changed). */
export async function publishKnowledgebaseStatus(db: Db, userId: number, id: number): Promise<void> {
  const row = await withCounts(db, userId).where('k.id', '=', id).executeTakeFirst();
  if (row) publish(db, knowledgebaseEvent({ id, user_id: userId, status: knowledgebaseResource(row).status }));
}
