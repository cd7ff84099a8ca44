import { queryOptions, useQuery } from '@tanstack/react-query';
import { knowledgeDocumentsAnswerSchema } from '@contract/knowledge-read';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';
import { isProcessing } from '../lib/status';

/** While a document is processing and no live stream says when it is done, the list is read again this often. */
export const PROCESSING_POLL_MS = 5_000;

/** GET /user/knowledgebases/{id}/documents: `{data: [document, ...]}`. */
export function getDocuments(knowledgeBaseId: number, signal?: AbortSignal) {
  return api.get(`/user/knowledgebases/${knowledgeBaseId}/documents`, knowledgeDocumentsAnswerSchema, { signal });
}

export const documentsQuery = (knowledgeBaseId: number) =>
  queryOptions({
    queryKey: knowledgeKeys.documents(knowledgeBaseId),
    queryFn: ({ signal }) => getDocuments(knowledgeBaseId, signal),
  });

/**
 * The documents, read again every PROCESSING_POLL_MS while one is processing and `poll` is on (the live
 * stream is down, or the host has none: the hosted service sends no events).
 */
export function useDocuments(knowledgeBaseId: number, poll: boolean) {
  return useQuery({
    ...documentsQuery(knowledgeBaseId),
    refetchInterval: (query) => (poll && (query.state.data ?? []).some((d) => isProcessing(d.status)) ? PROCESSING_POLL_MS : false),
  });
}
