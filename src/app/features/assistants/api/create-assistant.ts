import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assistantMutationResponseSchema, type CreateAssistantRequest } from '@contract';
import { api } from '@/api';
import { assistantKeys, lookupKeys } from '@/api/query-keys';

/** POST /user/assistant: answers `{message, data: {id, name, status, type, mode}}`. */
export function createAssistant(body: CreateAssistantRequest) {
  return api.post('/user/assistant', assistantMutationResponseSchema, { body });
}

export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssistant,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.outbound() }),
        // An inbound assistant takes its number out of the free ones.
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]);
    },
  });
}
