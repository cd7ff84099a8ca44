import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOf, llmModelSchema } from '@contract/lookups';
import { api } from './client';
import { LOOKUP_STALE_TIME, lookupKeys } from './query-keys';

/** GET /user/assistants/models: every LLM model in one answer. Assistants take the model by name. */
export function getModels(signal?: AbortSignal) {
  return api.get('/user/assistants/models', listOf(llmModelSchema), { signal });
}

export const modelsQuery = () =>
  queryOptions({
    queryKey: lookupKeys.models(),
    queryFn: ({ signal }) => getModels(signal),
    staleTime: LOOKUP_STALE_TIME,
  });

export function useModels() {
  return useQuery(modelsQuery());
}
