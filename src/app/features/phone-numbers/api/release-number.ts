import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { invalidateAfterNumberChange } from './invalidate';

/** DELETE /user/phone-numbers/{id}: refused while an assistant or a campaign uses the number. */
export function releaseNumber(id: number, signal?: AbortSignal) {
  return api.delete(`/user/phone-numbers/${id}`, messageResponseSchema, { signal });
}

export function useReleaseNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => releaseNumber(id),
    onSettled: () => invalidateAfterNumberChange(queryClient),
  });
}
