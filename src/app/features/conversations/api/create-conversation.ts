import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationCreatedSchema, type CreateConversationRequest } from '@contract/conversation';
import { api } from '@/api';
import { conversationKeys } from '@/api/query-keys';

/**
 * POST /conversations: a new conversation with an assistant (`assistant_id` is its UUID; the local service
 * takes the integer id too) and its history, which holds the assistant's initial message or nothing.
 */
export function createConversation(body: CreateConversationRequest, signal?: AbortSignal) {
  return api.post('/conversations', conversationCreatedSchema, { body, signal });
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationRequest) => createConversation(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}
