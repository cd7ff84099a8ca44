import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type UpdateAssistantRequest } from '@contract';
import { api } from '@/api';
import { assistantKeys, lookupKeys } from '@/api/query-keys';

/**
 * PUT /user/assistant/{id}: only the fields sent change; `tool_ids` replaces the attached tools. The answer
 * is `{message, data}` on the local service and undocumented on the hosted one: only its message is read.
 */
export function updateAssistant(id: number, body: UpdateAssistantRequest) {
  return api.put(`/user/assistant/${id}`, messageResponseSchema, { body });
}

export function useUpdateAssistant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssistantRequest) => updateAssistant(id, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.outbound() }),
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]);
    },
  });
}
