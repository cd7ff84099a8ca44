import * as contract from '../index';
import type { ResponseExample } from './response-examples';

/*
 * Full examples of the knowledge-base response schemas (src/contract/knowledge.ts), for response-schemas.test.ts:
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
  rank: 2.4,
};

export const KNOWLEDGE_EXAMPLES: readonly ResponseExample[] = [
  { covers: ['knowledgebaseSchema'], label: 'knowledge base', schema: contract.knowledgebaseSchema, example: base, idPath: ['id'], required: ['id'] },
  { covers: ['knowledgeDocumentSchema'], label: 'knowledge document', schema: contract.knowledgeDocumentSchema, example: document, idPath: ['id'], required: ['id'] },
  { covers: ['knowledgebaseListSchema'], label: 'knowledge bases ({data})', schema: contract.knowledgebaseListSchema, example: { data: [base] }, required: ['data', 'data.*', 'data.*.id'] },
  { covers: ['knowledgeDocumentListSchema'], label: 'documents ({data})', schema: contract.knowledgeDocumentListSchema, example: { data: [document] }, required: ['data', 'data.*', 'data.*.id'] },
  {
    covers: ['knowledgebaseAnswerSchema'],
    label: 'knowledge base ({message, data})',
    schema: contract.knowledgebaseAnswerSchema,
    example: { message: 'Knowledgebase created successfully.', data: base },
    required: ['data', 'data.id'],
  },
  {
    covers: ['knowledgeDocumentAnswerSchema'],
    label: 'document ({message, data})',
    schema: contract.knowledgeDocumentAnswerSchema,
    example: { message: 'Document created successfully.', data: document },
    required: ['data', 'data.id'],
  },
  { covers: ['headlineSegmentSchema'], label: 'headline segment', schema: contract.headlineSegmentSchema, example: segment, required: [] },
  { covers: ['knowledgeSearchHitSchema'], label: 'search hit', schema: contract.knowledgeSearchHitSchema, example: hit, required: [] },
  { covers: ['knowledgeSearchResultSchema'], label: 'search result', schema: contract.knowledgeSearchResultSchema, example: { data: [hit] }, required: ['data'] },
  {
    covers: ['knowledgeFunctionResultSchema'],
    label: 'knowledge function result',
    schema: contract.knowledgeFunctionResultSchema,
    example: { query: 'warranty', passages: [{ document_id: 7, document_name: 'Produkthandbuch', excerpt: hit.excerpt, headline: hit.headline }] },
    required: [],
  },
];
