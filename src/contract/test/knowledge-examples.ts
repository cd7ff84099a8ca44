import * as contract from '../index';
import type { ResponseExample } from './response-examples';
import { recordAnswerExample } from './example-builders';

/*
 * Full examples of the knowledge-base response schemas (src/contract/knowledge-read.ts), for response-schemas.test.ts:
 * the hosted documentation's records with our extensions.
 */

const iso = '2025-01-08T10:30:00.000000Z';
const base = {
  id: 1,
  name: 'Produktdokumentation',
  description: 'Technische Dokumentation',
  status: 'active',
  status_label: 'Active',
  documents_count: 5,
  assistants_count: 2,
  language: 'german',
  documents_by_status: { processing: 0, active: 4, failed: 1 },
  created_at: iso,
  updated_at: iso,
};
const document = {
  id: 7,
  name: 'Produkthandbuch',
  description: 'Benutzerhandbuch',
  type: 'pdf',
  type_label: 'PDF',
  status: 'failed',
  status_label: 'Failed',
  size_bytes: 123456,
  error: 'The PDF has no text to read.',
  passages_count: 0,
  url: null,
  knowledgebase_id: 1,
  created_at: iso,
  updated_at: iso,
};
const segment = { text: 'warranty', match: true };
const hit = {
  passage_id: 31,
  document_id: 7,
  document_name: 'Produkthandbuch',
  heading: 'Warranty',
  excerpt: 'The warranty lasts three years.',
  headline: [{ text: 'The ', match: false }, segment, { text: ' lasts three years.', match: false }],
  rank: 0.032,
  ranking: 'hybrid',
  fulltext_rank: 2.4,
  similarity: 0.81,
};

const passage = { document_id: 7, document_name: 'Produkthandbuch', heading: 'Warranty', excerpt: hit.excerpt, headline: hit.headline };

export const KNOWLEDGE_EXAMPLES: readonly ResponseExample[] = [
  { covers: ['knowledgeBaseSchema'], label: 'knowledge base', schema: contract.knowledgeBaseSchema, example: base, idPath: ['id'], required: ['id'] },
  { covers: ['documentsByStatusSchema'], label: 'documents by status', schema: contract.documentsByStatusSchema, example: base.documents_by_status, required: [] },
  { covers: ['knowledgeDocumentSchema'], label: 'knowledge document', schema: contract.knowledgeDocumentSchema, example: document, idPath: ['id'], required: ['id'] },
  { covers: ['knowledgeBasesAnswerSchema'], label: 'knowledge bases ({data})', schema: contract.knowledgeBasesAnswerSchema, example: { data: [base] }, required: ['data', 'data.*', 'data.*.id'] },
  { covers: ['knowledgeDocumentsAnswerSchema'], label: 'documents ({data})', schema: contract.knowledgeDocumentsAnswerSchema, example: { data: [document] }, required: ['data', 'data.*', 'data.*.id'] },
  recordAnswerExample({ covers: ['knowledgeBaseAnswerSchema'], label: 'knowledge base ({message, data})', schema: contract.knowledgeBaseAnswerSchema }, base, 'Knowledgebase created successfully.'),
  recordAnswerExample({ covers: ['knowledgeDocumentAnswerSchema'], label: 'document ({message, data})', schema: contract.knowledgeDocumentAnswerSchema }, document, 'Document created successfully.'),
  { covers: ['headlineSegmentSchema'], label: 'headline segment', schema: contract.headlineSegmentSchema, example: segment, required: [] },
  { covers: ['searchPassageSchema'], label: 'search hit', schema: contract.searchPassageSchema, example: hit, required: [] },
  { covers: ['searchAnswerSchema'], label: 'search result', schema: contract.searchAnswerSchema, example: { data: [hit] }, required: [] },
  { covers: ['knowledgeResultPassageSchema'], label: 'knowledge function result passage', schema: contract.knowledgeResultPassageSchema, example: passage, required: [] },
  {
    covers: ['knowledgeResultSchema'],
    label: 'knowledge function result',
    schema: contract.knowledgeResultSchema,
    example: { query: 'warranty', passages: [passage] },
    required: [],
  },
];
