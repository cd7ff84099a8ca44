import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';

/** DELETE .../documents/{documentId}: `{message}`; its passages leave the searches. */
export function deleteDocument(knowledgeBaseId: number, documentId: number) {
  return api.delete(`/user/knowledgebases/${knowledgeBaseId}/documents/${documentId}`, messageResponseSchema);
}

export function useDeleteDocument(knowledgeBaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => deleteDocument(knowledgeBaseId, documentId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(knowledgeBaseId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.detail(knowledgeBaseId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.list() }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.searches() }),
      ]),
  });
}
