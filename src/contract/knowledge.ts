import { z } from 'zod';
import { KNOWLEDGE_DOCUMENT_TYPES, KNOWLEDGE_LANGUAGES, KNOWLEDGE_LIMITS, type KnowledgeFileType } from './knowledge-read';
import { laxInt } from './request-fields';
import { httpUrl } from './validation';

/*
 * Knowledge bases' write rules: the requests of the hosted service's endpoints (api-reference/knowledgebases),
 * served by the local service too, and of its search (our extension), as the service validates them
 * (strictly), with its refusals. The vocabulary, the limits and the records the API answers with (lenient
 * readers) are in knowledge-read.ts, the one place both sides take them from.
 */

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
