import { queryOptions, useQuery } from '@tanstack/react-query';
import { languageSchema, listOf } from '@contract/lookups';
import { api } from './client';
import { LOOKUP_STALE_TIME, lookupKeys } from './query-keys';

/** GET /user/assistants/languages: every language in one answer. Assistants take the language by name. */
export function getLanguages(signal?: AbortSignal) {
  return api.get('/user/assistants/languages', listOf(languageSchema), { signal });
}

export const languagesQuery = () =>
  queryOptions({
    queryKey: lookupKeys.languages(),
    queryFn: ({ signal }) => getLanguages(signal),
    staleTime: LOOKUP_STALE_TIME,
  });

export function useLanguages() {
  return useQuery(languagesQuery());
}
