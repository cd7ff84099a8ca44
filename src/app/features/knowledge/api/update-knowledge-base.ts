import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeBaseAnswerSchema } from '@contract/knowledge-read';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';

export interface UpdateKnowledgeBaseBody {
  name?: string;
  description?: string;
}

/** PUT /user/knowledgebases/{id}: `{message, data: base}`. */
export function updateKnowledgeBase(id: number, body: UpdateKnowledgeBaseBody) {
  return api.put(`/user/knowledgebases/${id}`, knowledgeBaseAnswerSchema, { body });
}

export function useUpdateKnowledgeBase(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateKnowledgeBaseBody) => updateKnowledgeBase(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.list() }),
      ]),
  });
}
