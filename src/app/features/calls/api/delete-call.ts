import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { callKeys } from '@/api/query-keys';

export function deleteCall(id: number) {
  return api.delete(`/user/calls/${id}`, messageResponseSchema);
}

/** Deletes a call; the lists and charts are fetched again, the call's record is dropped. */
export function useDeleteCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCall(id),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: callKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: callKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: callKeys.samples() }),
      ]);
    },
  });
}
