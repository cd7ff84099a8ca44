import { z } from 'zod';
import { boolish, idish, lenientList, lenientRecord, nestedRecord, nullableIdish, numberish, openString, textish } from './common';
import { laxInt } from './request-fields';
import { httpUrl } from './validation';

/*
 * Knowledge bases and their documents: the hosted service's endpoints (api-reference/knowledgebases), served by
 * the local service too, and its search (our extension). Requests are strict (what the service validates and
 * the console's forms check before sending); records are lenient readers for the console, as everywhere.
 */

/** Hosted statuses of a knowledge base: `active` when every document is ready, `failed` when one failed. */
export const KNOWLEDGEBASE_STATUSES = ['empty', 'processing', 'active', 'failed'] as const;
export type KnowledgebaseStatus = (typeof KNOWLEDGEBASE_STATUSES)[number];
export const KNOWLEDGE_DOCUMENT_STATUSES = ['processing', 'active', 'failed'] as const;
export type KnowledgeDocumentStatus = (typeof KNOWLEDGE_DOCUMENT_STATUSES)[number];
export const KNOWLEDGE_DOCUMENT_TYPES = ['website', 'pdf', 'txt', 'docx'] as const;
export type KnowledgeDocumentType = (typeof KNOWLEDGE_DOCUMENT_TYPES)[number];
/** The types uploaded as a file (multipart/form-data, field `file`). */
export const KNOWLEDGE_FILE_TYPES = ['pdf', 'txt', 'docx'] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_FILE_TYPES)[number];
/** Text-search configurations a knowledge base may use (our extension; `english` unless given). */
export const KNOWLEDGE_LANGUAGES = ['english', 'german'] as const;
export type KnowledgeLanguage = (typeof KNOWLEDGE_LANGUAGES)[number];

export const KNOWLEDGE_LIMITS = {
  nameMax: 255,
  descriptionMax: 255,
  /** The hosted documentation: "max. 20MB". */
  fileMaxBytes: 20 * 1024 * 1024,
  relativeLinksMin: 1,
  relativeLinksMax: 50,
  relativeLinksDefault: 10,
  /** Links one website document may list. */
  linksMax: 50,
  urlMax: 2048,
  searchQueryMax: 500,
  searchLimitMax: 20,
  searchLimitDefault: 5,
} as const;

/** The file extensions (and so the file picker's accept list) of each uploaded type. */
export const KNOWLEDGE_FILE_EXTENSIONS: Record<KnowledgeFileType, readonly string[]> = {
  pdf: ['.pdf'],
  txt: ['.txt', '.text', '.md'],
  docx: ['.docx'],
};

export const KNOWLEDGE_FILE_REQUIRED = 'A file is required for this document type.';
export const KNOWLEDGE_FILE_TOO_LARGE = `The file field must not be greater than ${KNOWLEDGE_LIMITS.fileMaxBytes / 1024} kilobytes.`;
export const knowledgeFileTypeMessage = (type: KnowledgeFileType) => `The file field must be a file of type: ${type}.`;
export const KNOWLEDGE_URL_REQUIRED = 'The url field is required when links is not present.';

// ---- requests (strict) ----

const nameField = z.string().trim().min(1).max(KNOWLEDGE_LIMITS.nameMax);
const descriptionField = z.string().max(KNOWLEDGE_LIMITS.descriptionMax).nullable();

/** POST /user/knowledgebases */
export const createKnowledgebaseRequest = z.object({
  name: nameField,
  description: descriptionField.optional(),
  language: z.enum(KNOWLEDGE_LANGUAGES).default('english'),
});
export type CreateKnowledgebaseRequest = z.input<typeof createKnowledgebaseRequest>;

/** PUT /user/knowledgebases/{id}: only the fields sent change. */
export const updateKnowledgebaseRequest = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
  language: z.enum(KNOWLEDGE_LANGUAGES).optional(),
});
export type UpdateKnowledgebaseRequest = z.input<typeof updateKnowledgebaseRequest>;
export const KNOWLEDGEBASE_UPDATABLE = ['name', 'description', 'language'] as const;

/**
 * POST /user/knowledgebases/{id}/documents, its fields: JSON for a website, multipart/form-data for a file
 * (where every field is a string and `file` is the upload, checked beside this schema).
 */
export const createKnowledgeDocumentRequest = z
  .object({
    name: nameField,
    description: descriptionField.optional(),
    type: z.enum(KNOWLEDGE_DOCUMENT_TYPES),
    url: httpUrl.max(KNOWLEDGE_LIMITS.urlMax).optional(),
    links: z
      .array(z.object({ link: httpUrl.max(KNOWLEDGE_LIMITS.urlMax) }))
      .min(1)
      .max(KNOWLEDGE_LIMITS.linksMax)
      .optional(),
    relative_links_limit: laxInt(z.number().int().min(KNOWLEDGE_LIMITS.relativeLinksMin).max(KNOWLEDGE_LIMITS.relativeLinksMax)).default(
      KNOWLEDGE_LIMITS.relativeLinksDefault,
    ),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'website' && v.url === undefined && v.links === undefined) ctx.addIssue({ code: 'custom', path: ['url'], message: KNOWLEDGE_URL_REQUIRED });
  });
export type CreateKnowledgeDocumentRequest = z.input<typeof createKnowledgeDocumentRequest>;

/** The website form of the create request (JSON), for the console's "Add website" form. */
export const createWebsiteDocumentRequest = createKnowledgeDocumentRequest;

/** PUT .../documents/{documentId}: name and description only (the content cannot change). */
export const updateKnowledgeDocumentRequest = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
});
export type UpdateKnowledgeDocumentRequest = z.input<typeof updateKnowledgeDocumentRequest>;
export const KNOWLEDGE_DOCUMENT_UPDATABLE = ['name', 'description'] as const;

/** POST /user/knowledgebases/{id}/search (our extension). */
export const knowledgeSearchRequest = z.object({
  query: z.string().trim().min(1).max(KNOWLEDGE_LIMITS.searchQueryMax),
  limit: laxInt(z.number().int().min(1).max(KNOWLEDGE_LIMITS.searchLimitMax)).default(KNOWLEDGE_LIMITS.searchLimitDefault),
});
export type KnowledgeSearchRequest = z.input<typeof knowledgeSearchRequest>;

// ---- records (lenient readers) ----

const statusCounts = lenientRecord({ processing: numberish, active: numberish, failed: numberish });

/**
 * A knowledge base. `documents_count` and `assistants_count` as the hosted list shows them; `language` and
 * `documents_by_status` are our extensions.
 */
export const knowledgebaseSchema = lenientRecord({
  id: idish,
  name: openString,
  description: textish,
  status: openString,
  status_label: openString,
  documents_count: numberish,
  assistants_count: numberish.optional(),
  language: textish.optional(),
  documents_by_status: nestedRecord(statusCounts).optional(),
  created_at: textish,
  updated_at: textish,
});
export type Knowledgebase = z.output<typeof knowledgebaseSchema>;

/**
 * A document. `size_bytes`, `error` (why it failed, for a person), `passages_count`, `url` (a website's
 * start page) are our extensions.
 */
export const knowledgeDocumentSchema = lenientRecord({
  id: idish,
  name: openString,
  description: textish,
  type: openString,
  type_label: openString,
  status: openString,
  status_label: openString,
  size_bytes: numberish.optional(),
  error: textish.optional(),
  passages_count: numberish.optional(),
  url: textish.optional(),
  created_at: textish,
  updated_at: textish,
});
export type KnowledgeDocument = z.output<typeof knowledgeDocumentSchema>;

/** `{data: [...]}` lists. */
export const knowledgebaseListSchema = lenientRecord({ data: lenientList(knowledgebaseSchema) }, ['data']);
export const knowledgeDocumentListSchema = lenientRecord({ data: lenientList(knowledgeDocumentSchema) }, ['data']);
/** `{data}` of one record, and `{message, data}` of creates and updates. */
export const knowledgebaseAnswerSchema = lenientRecord({ message: openString.optional(), data: knowledgebaseSchema }, ['data']);
export const knowledgeDocumentAnswerSchema = lenientRecord({ message: openString.optional(), data: knowledgeDocumentSchema }, ['data']);

/** A piece of an excerpt: matching words (`match: true`) are highlighted by the console, as text. */
export const headlineSegmentSchema = lenientRecord({ text: openString, match: boolish });
export type HeadlineSegment = z.output<typeof headlineSegmentSchema>;

/** One passage found by a search; `excerpt` is plain text, `headline` the same text in segments. */
export const knowledgeSearchHitSchema = lenientRecord({
  passage_id: nullableIdish,
  document_id: nullableIdish,
  document_name: openString,
  heading: textish,
  excerpt: openString,
  headline: lenientList(headlineSegmentSchema),
  /** Full text's rank, or (ranking `hybrid`) the fused Reciprocal Rank Fusion score. */
  rank: numberish,
  /** `fulltext` (full text alone) or `hybrid` (fused with vector search: LLM_EMBEDDING_MODEL and pgvector). */
  ranking: openString.optional(),
  /** hybrid: full text's own rank of the passage, null when full text did not find it. */
  fulltext_rank: numberish.optional(),
  /** hybrid: the passage's cosine similarity to the question, null when it has no embedding. */
  similarity: numberish.optional(),
});
export type KnowledgeSearchHit = z.output<typeof knowledgeSearchHitSchema>;
export const knowledgeSearchResultSchema = lenientRecord({ data: lenientList(knowledgeSearchHitSchema) }, ['data']);

/** The function an assistant searches its knowledge base with (function_call mode), and how prompt mode records it. */
export const SEARCH_KNOWLEDGE_BASE_FUNCTION = 'search_knowledge_base';

/** What a search_knowledge_base function call's `result` holds (Test chat and call transcripts show it as a card). */
export const knowledgeFunctionResultSchema = lenientRecord({
  query: openString,
  passages: lenientList(
    lenientRecord({ document_id: nullableIdish, document_name: openString, excerpt: openString, headline: lenientList(headlineSegmentSchema) }),
  ),
});
export type KnowledgeFunctionResult = z.output<typeof knowledgeFunctionResultSchema>;
