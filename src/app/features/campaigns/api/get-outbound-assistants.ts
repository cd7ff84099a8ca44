import { queryOptions, useQuery } from '@tanstack/react-query';
import { assistantSummarySchema } from '@contract/assistant';
import { listOf } from '@contract/lookups';
import { api } from '@/api';
import { campaignKeys } from '@/api/query-keys';

/**
 * GET /user/assistants/outbound: the assistants a campaign can use (a bare array). The campaign form's
 * own fetcher, so this feature does not reach into the assistants feature.
 */
export function getOutboundAssistants(signal?: AbortSignal) {
  return api.get('/user/assistants/outbound', listOf(assistantSummarySchema), { signal });
}

export const outboundAssistantsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.outboundAssistants(),
    queryFn: ({ signal }) => getOutboundAssistants(signal),
    staleTime: 60_000,
  });

export function useOutboundAssistants() {
  return useQuery(outboundAssistantsQuery());
}
