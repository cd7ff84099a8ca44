import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { conversationAiSwitchSchema, type ConversationHistory, type ConversationsPage } from '@contract/conversation';
import { api } from '@/api';
import { conversationKeys } from '@/api/query-keys';

/**
 * POST /automate/conversations/{uuid}/disable-ai or enable-ai: a person takes the conversation over (no AI
 * replies while off) or hands it back.
 */
export function setAiEnabled(id: string, enabled: boolean) {
  return api.post(`/automate/conversations/${encodeURIComponent(id)}/${enabled ? 'enable-ai' : 'disable-ai'}`, conversationAiSwitchSchema);
}

/** The switch's new state in every cached copy of the conversation (the hosted answer may not repeat it). */
function remember(queryClient: QueryClient, id: string, enabled: boolean) {
  queryClient.setQueriesData<ConversationsPage>({ queryKey: conversationKeys.lists() }, (page) =>
    page ? { ...page, data: page.data.map((c) => (c.id === id ? { ...c, ai_enabled: enabled } : c)) } : page,
  );
  queryClient.setQueryData<ConversationHistory>(conversationKeys.detail(id), (history) =>
    history?.conversation ? { ...history, conversation: { ...history.conversation, ai_enabled: enabled } } : history,
  );
}

export function useSetAiEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setAiEnabled(id, enabled),
    onSuccess: async (_answer, { id, enabled }) => {
      remember(queryClient, id, enabled);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}
