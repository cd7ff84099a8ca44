import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationHistorySchema } from '@contract/conversation';
import { api } from '@/api';
import { conversationKeys } from '@/api/query-keys';

/** GET /conversations/{uuid}: the history, oldest first; the local service adds the record (`conversation`). */
export function getConversation(id: string, signal?: AbortSignal) {
  return api.get(`/conversations/${encodeURIComponent(id)}`, conversationHistorySchema, { signal });
}

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
  });

export function useConversation(id: string | undefined) {
  return useQuery({ ...conversationQuery(id ?? ''), enabled: Boolean(id) });
}
