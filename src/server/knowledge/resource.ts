import type { KnowledgebaseStatus, KnowledgeDocumentStatus } from '../../contract';
import type { KnowledgebaseRow, KnowledgeDocumentRow } from '../db/schema';
import { isoMicros } from '../db/time';

/*
 * Knowledge bases and documents as the API shows them: the hosted record's fields (ISO 8601 with
 * microseconds, a label beside each status and type) and our extensions (contract/knowledge.ts).
 */

const BASE_LABELS: Record<KnowledgebaseStatus, string> = { empty: 'Empty', processing: 'Processing', active: 'Active', failed: 'Failed' };
const DOCUMENT_LABELS: Record<KnowledgeDocumentStatus, string> = { processing: 'Processing', active: 'Active', failed: 'Failed' };
const TYPE_LABELS: Record<string, string> = { website: 'Website', pdf: 'PDF', txt: 'TXT', docx: 'DOCX' };

export interface DocumentCounts {
  processing: number;
  active: number;
  failed: number;
}

/**
 * A knowledge base's status follows its documents, as the hosted documentation lists them: `processing`
 * while one is, else `failed` when one failed, else `active` when it has any, else `empty`.
 */
export function knowledgebaseStatus(counts: DocumentCounts): KnowledgebaseStatus {
  if (counts.processing > 0) return 'processing';
  if (counts.failed > 0) return 'failed';
  if (counts.active > 0) return 'active';
  return 'empty';
}

export interface KnowledgebaseWithCounts extends KnowledgebaseRow, DocumentCounts {
  assistants_count: number;
}

export function knowledgebaseResource(row: KnowledgebaseWithCounts) {
  const counts = { processing: Number(row.processing), active: Number(row.active), failed: Number(row.failed) };
  const status = knowledgebaseStatus(counts);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status,
    status_label: BASE_LABELS[status],
    documents_count: counts.processing + counts.active + counts.failed,
    assistants_count: Number(row.assistants_count),
    language: row.language,
    documents_by_status: counts,
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
  };
}

/** The document columns a record shows (never the upload itself). */
export const DOCUMENT_COLUMNS = [
  'id',
  'knowledgebase_id',
  'user_id',
  'name',
  'description',
  'type',
  'status',
  'error',
  'url',
  'links',
  'size_bytes',
  'passages_count',
  'created_at',
  'updated_at',
] as const;
export type DocumentRecordRow = Pick<KnowledgeDocumentRow, (typeof DOCUMENT_COLUMNS)[number]>;

export function documentResource(row: DocumentRecordRow) {
  const status = (row.status in DOCUMENT_LABELS ? row.status : 'processing') as KnowledgeDocumentStatus;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    type_label: TYPE_LABELS[row.type] ?? row.type,
    status,
    status_label: DOCUMENT_LABELS[status],
    size_bytes: row.size_bytes,
    error: row.error,
    passages_count: row.passages_count,
    url: row.url ?? row.links?.[0] ?? null,
    created_at: isoMicros(row.created_at),
    updated_at: isoMicros(row.updated_at),
  };
}
