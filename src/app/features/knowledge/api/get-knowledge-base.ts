import { queryOptions, useQuery } from '@tanstack/react-query';
import { knowledgeBaseAnswerSchema } from '@contract/knowledge-read';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';

/** GET /user/knowledgebases/{id}: `{data: base}`; another user's base is a 404 (the route's not-found page). */
export function getKnowledgeBase(id: number, signal?: AbortSignal) {
  return api.get(`/user/knowledgebases/${id}`, knowledgeBaseAnswerSchema, { signal });
}

export const knowledgeBaseQuery = (id: number) =>
  queryOptions({
    queryKey: knowledgeKeys.detail(id),
    queryFn: ({ signal }) => getKnowledgeBase(id, signal),
  });

export function useKnowledgeBase(id: number) {
  return useQuery(knowledgeBaseQuery(id));
}
