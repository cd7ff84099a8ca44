import { queryOptions, useQuery } from '@tanstack/react-query';
import { assistantSummarySchema, listOf } from '@contract';
import { api } from './client';
import { assistantKeys } from './query-keys';

/**
 * GET /user/assistants/outbound: every outbound assistant of the user, in one answer (summaries). One
 * query for the assistants list, the campaign form and the palette, under `assistantKeys.outbound()`, so
 * creating, changing or deleting an assistant refreshes every one of them.
 */
export function getOutboundAssistants(signal?: AbortSignal) {
  return api.get('/user/assistants/outbound', listOf(assistantSummarySchema), { signal });
}

export const outboundAssistantsQuery = () =>
  queryOptions({
    queryKey: assistantKeys.outbound(),
    queryFn: ({ signal }) => getOutboundAssistants(signal),
  });

export function useOutboundAssistants() {
  return useQuery(outboundAssistantsQuery());
}
