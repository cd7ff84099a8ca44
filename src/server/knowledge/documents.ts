import type { z } from 'zod';
import type { createKnowledgeDocumentRequest, updateKnowledgeDocumentRequest } from '../../contract';
import type { Db } from '../db/connect';
import { sentFields } from '../db/sent-fields';
import { toDbTimestamp } from '../db/time';
import { publish } from '../events/bus';
import { knowledgeDocumentEvent } from '../events/build';
import { notFound } from '../http/errors';
import { ownKnowledgebase, publishKnowledgebaseStatus } from './bases';
import { DOCUMENT_COLUMNS, documentResource } from './resource';
import type { CheckedUpload } from './upload';

export const DOCUMENT_NOT_FOUND = 'Document not found.';

export type DocumentRecord = ReturnType<typeof documentResource>;

export async function listDocuments(db: Db, userId: number, baseId: number): Promise<DocumentRecord[]> {
  await ownKnowledgebase(db, userId, baseId);
  const rows = await db.selectFrom('knowledge_documents').select(DOCUMENT_COLUMNS).where('knowledgebase_id', '=', baseId).orderBy('id').execute();
  return rows.map(documentResource);
}

/** One document of one of the caller's knowledge bases; a missing base or document is a 404 naming which. */
export async function getDocument(db: Db, userId: number, baseId: number, id: number): Promise<DocumentRecord> {
  await ownKnowledgebase(db, userId, baseId);
  const row = await db.selectFrom('knowledge_documents').select(DOCUMENT_COLUMNS).where('id', '=', id).where('knowledgebase_id', '=', baseId).executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return documentResource(row);
}

/**
 * A new document, `processing`: the worker (worker.ts) fetches or reads it later. A website keeps its start
 * page (and how many links to follow from it) or its list of links; a file keeps its bytes until processed.
 */
export async function createDocument(
  db: Db,
  now: () => Date,
  userId: number,
  baseId: number,
  input: z.output<typeof createKnowledgeDocumentRequest>,
  upload: CheckedUpload | null,
): Promise<DocumentRecord> {
  await ownKnowledgebase(db, userId, baseId);
  const ts = toDbTimestamp(now());
  const links = input.type === 'website' && input.links ? input.links.map((l) => l.link) : null;
  const row = await db
    .insertInto('knowledge_documents')
    .values({
      knowledgebase_id: baseId,
      user_id: userId,
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      url: input.type === 'website' ? (input.url ?? null) : null,
      links: links ? JSON.stringify(links) : null,
      relative_links_limit: input.type === 'website' && input.url !== undefined ? input.relative_links_limit : null,
      file_name: upload?.fileName ?? null,
      content: upload ? Buffer.from(upload.bytes) : null,
      size_bytes: upload?.bytes.byteLength ?? null,
      created_at: ts,
      updated_at: ts,
    })
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirstOrThrow();
  publish(db, knowledgeDocumentEvent(row));
  await publishKnowledgebaseStatus(db, userId, baseId);
  return documentResource(row);
}

export async function updateDocument(
  db: Db,
  now: () => Date,
  userId: number,
  baseId: number,
  id: number,
  input: z.output<typeof updateKnowledgeDocumentRequest>,
): Promise<DocumentRecord> {
  await ownKnowledgebase(db, userId, baseId);
  const row = await db
    .updateTable('knowledge_documents')
    .set({
      ...sentFields(input, ['name', 'description']),
      updated_at: toDbTimestamp(now()),
    })
    .where('id', '=', id)
    .where('knowledgebase_id', '=', baseId)
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  publish(db, knowledgeDocumentEvent(row));
  return documentResource(row);
}

/** Deletes a document and its passages; a worker processing it finds it gone and stores nothing. */
export async function deleteDocument(db: Db, userId: number, baseId: number, id: number): Promise<void> {
  await ownKnowledgebase(db, userId, baseId);
  const row = await db.deleteFrom('knowledge_documents').where('id', '=', id).where('knowledgebase_id', '=', baseId).returning(['id', 'user_id', 'knowledgebase_id']).executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  publish(db, knowledgeDocumentEvent({ ...row, status: 'deleted' }));
  await publishKnowledgebaseStatus(db, userId, baseId);
}
