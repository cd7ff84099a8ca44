import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { conversationsPageSchema } from '@contract/conversation';
import { api } from '@/api';
import { conversationKeys, type ConversationListParams } from '@/api/query-keys';

/** GET /user/conversations: one page of the list, newest first, with the cursors to the pages beside it. */
export function getConversations(params: ConversationListParams, signal?: AbortSignal) {
  return api.get('/user/conversations', conversationsPageSchema, { query: { ...params }, signal });
}

export const conversationsQuery = (params: ConversationListParams) =>
  queryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: ({ signal }) => getConversations(params, signal),
  });

/** The page keeps showing the previous page (dimmed) while the next one loads. */
export function useConversations(params: ConversationListParams) {
  return useQuery({ ...conversationsQuery(params), placeholderData: keepPreviousData });
}
