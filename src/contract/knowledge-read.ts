import { z } from 'zod';
import { recordAnswer, listAnswer } from './answers';
import { anyValue, boolish, idish, lenientList, lenientRecord, nullableIdish, numberish, openString, textish } from './common';

/*
 * Knowledge bases as both sides read them: the vocabulary and limits of their fields (the hosted
 * documentation's numbers, which the service enforces and the console's forms check before sending), and the
 * records the API answers with (the hosted endpoints under /user/knowledgebases and our extensions: counts,
 * language, sizes, failure reasons, search), parsed leniently like every reader: one odd field never costs a
 * record, a record without an id is left out of a list. The write rules (the requests, validated strictly)
 * are in knowledge.ts, as assistant.ts and assistant-write.ts split the assistant.
 */

/** Hosted statuses of a knowledge base: `active` when every document is ready, `failed` when one failed. */
export const KNOWLEDGEBASE_STATUSES = ['empty', 'processing', 'active', 'failed'] as const;
export type KnowledgebaseStatus = (typeof KNOWLEDGEBASE_STATUSES)[number];
export const KNOWLEDGE_DOCUMENT_STATUSES = ['processing', 'active', 'failed'] as const;
export type KnowledgeDocumentStatus = (typeof KNOWLEDGE_DOCUMENT_STATUSES)[number];
/** The types uploaded as a file (multipart/form-data, field `file`); `website` documents are made from URLs. */
export const KNOWLEDGE_FILE_TYPES = ['pdf', 'txt', 'docx'] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_FILE_TYPES)[number];
export const KNOWLEDGE_DOCUMENT_TYPES = ['website', ...KNOWLEDGE_FILE_TYPES] as const;
export type KnowledgeDocumentType = (typeof KNOWLEDGE_DOCUMENT_TYPES)[number];
/** The text-search configuration of a knowledge base (our extension; `english` when not given). */
export const KNOWLEDGE_LANGUAGES = ['english', 'german'] as const;
export type KnowledgeLanguage = (typeof KNOWLEDGE_LANGUAGES)[number];

/** The hosted documentation's limits: the service refuses past them, the console checks them before sending. */
export const KNOWLEDGE_LIMITS = {
  nameMax: 255,
  descriptionMax: 255,
  /** Uploads: "max. 20MB" (decimal megabytes would be 20,000,000; Laravel's `max:20480` is KiB). */
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

/** The function the model calls (mode function_call), and what mode prompt records, so both show as a card. */
export const SEARCH_KNOWLEDGE_BASE_FUNCTION = 'search_knowledge_base';

/** `{processing, active, failed}` document counts of a base (our extension); missing counts read as 0. */
export const documentsByStatusSchema = lenientRecord({
  processing: numberish,
  active: numberish,
  failed: numberish,
});
export type DocumentsByStatus = z.output<typeof documentsByStatusSchema>;

const nullableCounts = anyValue((v): DocumentsByStatus | null => {
  const parsed = documentsByStatusSchema.safeParse(v);
  return typeof v === 'object' && v !== null && !Array.isArray(v) && parsed.success ? parsed.data : null;
});

/**
 * A knowledge base. Status: the hosted `empty | processing | active | failed`; `status_label` is the host's own word for it, in its language.
 */
export const knowledgeBaseSchema = lenientRecord({
  id: idish,
  name: openString,
  description: textish,
  status: openString,
  status_label: textish,
  documents_count: numberish,
  assistants_count: numberish,
  language: textish,
  documents_by_status: nullableCounts,
  created_at: textish,
  updated_at: textish,
});
export type KnowledgeBase = z.output<typeof knowledgeBaseSchema>;

/** GET /user/knowledgebases: `{data: [...]}`; a base without an id is left out rather than failing the page. */
export const knowledgeBasesAnswerSchema = listAnswer(knowledgeBaseSchema, { dropUnreadable: true });
/** GET/POST/PUT of one base: `{data}` (with `message` on changes) or the record itself. */
export const knowledgeBaseAnswerSchema = recordAnswer(knowledgeBaseSchema);

/**
 * A document. Status: `processing | active | failed`; `error` (our extension) says why
 * it failed in words a person understands; `size_bytes` is null for websites and hosts that do not say.
 */
export const knowledgeDocumentSchema = lenientRecord({
  id: idish,
  name: openString,
  description: textish,
  type: openString,
  type_label: textish,
  status: openString,
  status_label: textish,
  size_bytes: numberish,
  error: textish,
  passages_count: numberish,
  url: textish,
  /** Not in the local service's record (the URL names the base); read where a host sends it. */
  knowledgebase_id: nullableIdish.optional(),
  created_at: textish,
  updated_at: textish,
});
export type KnowledgeDocument = z.output<typeof knowledgeDocumentSchema>;

export const knowledgeDocumentsAnswerSchema = listAnswer(knowledgeDocumentSchema, { dropUnreadable: true });
export const knowledgeDocumentAnswerSchema = recordAnswer(knowledgeDocumentSchema);

/** One piece of a passage's headline: the excerpt as text segments, `match` on the words the query found. */
export const headlineSegmentSchema = lenientRecord({ text: openString, match: boolish });
export type HeadlineSegment = z.output<typeof headlineSegmentSchema>;

/** One passage "Try a search" found (our extension: POST /user/knowledgebases/{id}/search). */
export const searchPassageSchema = lenientRecord({
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
export type SearchPassage = z.output<typeof searchPassageSchema>;

/** `{data: [passage, ...]}`: an answer without a list reads as no passages. */
export const searchAnswerSchema = lenientRecord({ data: lenientList(searchPassageSchema) });

/** A passage as the `search_knowledge_base` function's result lists it (the Test chat's and a call's card). */
export const knowledgeResultPassageSchema = lenientRecord({
  document_id: nullableIdish,
  document_name: openString,
  heading: textish.optional(),
  excerpt: openString,
  headline: lenientList(headlineSegmentSchema),
});
export type KnowledgeResultPassage = z.output<typeof knowledgeResultPassageSchema>;

/** `{query, passages}`: what a knowledge search returned to the model. Anything else reads as no passages. */
export const knowledgeResultSchema = z.preprocess(
  (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {}),
  lenientRecord({ query: openString, passages: lenientList(knowledgeResultPassageSchema) }),
);
export type KnowledgeResult = z.output<typeof knowledgeResultSchema>;
