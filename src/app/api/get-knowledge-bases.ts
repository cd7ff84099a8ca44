import { queryOptions, useQuery } from '@tanstack/react-query';
import { knowledgeBasesAnswerSchema } from '@contract/knowledge-read';
import { api } from './client';
import { knowledgeKeys } from './query-keys';

/**
 * GET /user/knowledgebases: every knowledge base of the user, in one answer. Shared (not in the knowledge
 * feature) because the Knowledge page, the assistant form's knowledge-base select and the palette read the
 * same list under one key: creating, renaming or deleting a base refreshes all three.
 */
export function getKnowledgeBases(signal?: AbortSignal) {
  return api.get('/user/knowledgebases', knowledgeBasesAnswerSchema, { signal });
}

export const knowledgeBasesQuery = () =>
  queryOptions({
    queryKey: knowledgeKeys.list(),
    queryFn: ({ signal }) => getKnowledgeBases(signal),
  });

export function useKnowledgeBases() {
  return useQuery(knowledgeBasesQuery());
}
