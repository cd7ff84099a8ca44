import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { assistantKeys, knowledgeKeys } from '@/api/query-keys';

/** DELETE /user/knowledgebases/{id}: `{message}`; its documents go too, and assistants lose the reference. */
export function deleteKnowledgeBase(id: number) {
  return api.delete(`/user/knowledgebases/${id}`, messageResponseSchema);
}

export function useDeleteKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKnowledgeBase,
    // The base's own queries are left to expire: its page is still on screen until the caller leaves it,
    // and asking for them again now would only meet a 404.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.list() }),
        // Assistants that used it no longer point at it.
        queryClient.invalidateQueries({ queryKey: assistantKeys.details() }),
      ]),
  });
}
