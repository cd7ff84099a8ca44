import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_LIMITS, searchAnswerSchema } from '@contract/knowledge-read';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';

/**
 * POST /user/knowledgebases/{id}/search (our extension) `{query, limit}`: `{data: [passage, ...]}`, best
 * first. A POST that changes nothing, so it is read as a query: the same question is answered from the
 * cache, and a document becoming ready (the live stream) asks it again.
 */
export function searchKnowledgeBase(knowledgeBaseId: number, query: string, signal?: AbortSignal) {
  return api
    .post(`/user/knowledgebases/${knowledgeBaseId}/search`, searchAnswerSchema, {
      body: { query, limit: KNOWLEDGE_LIMITS.searchLimitDefault },
      signal,
    })
    .then((answer) => answer.data);
}

export const knowledgeSearchQuery = (knowledgeBaseId: number, query: string) =>
  queryOptions({
    queryKey: knowledgeKeys.search(knowledgeBaseId, query),
    queryFn: ({ signal }) => searchKnowledgeBase(knowledgeBaseId, query, signal),
    // A 4xx is the answer (no search on this host, a refused query); repeating it changes nothing.
    retry: false,
  });

/** The passages for `query` ('' asks nothing); the previous answer stays on screen while the next one loads. */
export function useKnowledgeSearch(knowledgeBaseId: number, query: string) {
  return useQuery({ ...knowledgeSearchQuery(knowledgeBaseId, query), enabled: query !== '', placeholderData: keepPreviousData });
}
