import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeDocumentAnswerSchema } from '@contract/knowledge-read';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';

/** PUT .../documents/{documentId}: name and description only (content changes mean delete and add again). */
export function updateDocument(knowledgeBaseId: number, documentId: number, body: { name: string }) {
  return api.put(`/user/knowledgebases/${knowledgeBaseId}/documents/${documentId}`, knowledgeDocumentAnswerSchema, { body });
}

export function useUpdateDocument(knowledgeBaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, name }: { documentId: number; name: string }) => updateDocument(knowledgeBaseId, documentId, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(knowledgeBaseId) }),
  });
}
