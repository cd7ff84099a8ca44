import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { assistantsPageSchema } from '@contract';
import { api } from '@/api';
import { assistantKeys, type AssistantListParams } from '@/api/query-keys';

/** GET /user/assistants/get: one page of the user's assistants, newest first, in a folder or with a label when asked. */
export function getAssistants(params: AssistantListParams, signal?: AbortSignal) {
  const query = { page: params.page, per_page: params.per_page, folder_id: params.folder_id, label_id: params.label_id };
  return api.get('/user/assistants/get', assistantsPageSchema, { query, signal });
}

export const assistantsQuery = (params: AssistantListParams) =>
  queryOptions({
    queryKey: assistantKeys.list(params),
    queryFn: ({ signal }) => getAssistants(params, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAssistants(params: AssistantListParams) {
  return useQuery(assistantsQuery(params));
}
