import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeBaseAnswerSchema, type KnowledgeLanguage } from '@contract/knowledge-read';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';

export interface CreateKnowledgeBaseBody {
  name: string;
  description?: string;
  /** Our extension (the text-search configuration); the hosted service ignores what it does not know. */
  language?: KnowledgeLanguage;
}

/** POST /user/knowledgebases: 201 `{message, data: base}` (status `empty`); 422 `{message, errors}`. */
export function createKnowledgeBase(body: CreateKnowledgeBaseBody) {
  return api.post('/user/knowledgebases', knowledgeBaseAnswerSchema, { body });
}

export function useCreateKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKnowledgeBase,
    onSuccess: async (base) => {
      queryClient.setQueryData(knowledgeKeys.detail(base.id), base);
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.list() });
    },
  });
}
