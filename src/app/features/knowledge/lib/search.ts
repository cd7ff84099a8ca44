import * as z from '@/lib/zod-mini';

/*
 * The knowledge pages' state in the URL, in zod/mini (validateSearch sits in the entry chunk, see
 * lib/search-params): the list page's open create dialog, and a base page's "Try a search" question.
 * Every field falls back instead of failing.
 */

export const knowledgeListSearchSchema = z.object({
  /** The "New knowledge base" dialog is open (the palette's action links here). */
  create: z.catch(z.optional(z.boolean()), undefined),
});

/** The contract's KNOWLEDGE_LIMITS.searchQueryMax, written out for the reason above. */
const SEARCH_QUERY_MAX = 500;

export const knowledgeBaseSearchSchema = z.object({
  q: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(SEARCH_QUERY_MAX))), undefined),
});
