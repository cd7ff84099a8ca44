import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { assistantKeys, lookupKeys } from '@/api/query-keys';

/** DELETE /user/assistant/{id}: the number it held is freed, its tools detached. */
export function deleteAssistant(id: number) {
  return api.delete(`/user/assistant/${id}`, messageResponseSchema);
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: assistantKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.outbound() }),
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]);
    },
  });
}
