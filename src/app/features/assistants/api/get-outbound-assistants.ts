import { queryOptions, useQuery } from '@tanstack/react-query';
import { assistantSummarySchema, listOf } from '@contract';
import { api } from '@/api';
import { assistantKeys } from '@/api/query-keys';

/** GET /user/assistants/outbound: every outbound assistant of the user, in one answer (summaries). */
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
