import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeDocumentAnswerSchema } from '@contract/knowledge-read';
import { api } from '@/api';
import { knowledgeKeys } from '@/api/query-keys';

/** A website document: one `url` whose same-site links are followed, or a list of `links` taken as they are. */
export type WebsiteDocumentBody = { name: string; description?: string; type: 'website'; relative_links_limit: number } & (
  | { url: string }
  | { links: { link: string }[] }
);

/** POST /user/knowledgebases/{id}/documents (JSON): 201 `{message, data: document}` in `processing`. */
export function createWebsiteDocument(knowledgeBaseId: number, body: WebsiteDocumentBody) {
  return api.post(`/user/knowledgebases/${knowledgeBaseId}/documents`, knowledgeDocumentAnswerSchema, { body });
}

export function useCreateWebsiteDocument(knowledgeBaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebsiteDocumentBody) => createWebsiteDocument(knowledgeBaseId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(knowledgeBaseId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.detail(knowledgeBaseId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.list() }),
      ]),
  });
}
