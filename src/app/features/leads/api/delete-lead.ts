import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { leadKeys } from '@/api/query-keys';

/** DELETE /user/leads/{id}; its secondary contacts go with it. */
export function deleteLead(id: number, signal?: AbortSignal) {
  return api.delete(`/user/leads/${id}`, messageResponseSchema, { signal });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteLead(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
