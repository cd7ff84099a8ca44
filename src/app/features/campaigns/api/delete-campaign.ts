import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { leadKeys } from '@/api/query-keys';
import { campaignKeys } from '@/api/query-keys';

/** DELETE /user/campaign/{id} (singular, as the hosted documentation prints it). */
export function deleteCampaign(id: number, signal?: AbortSignal) {
  return api.delete(`/user/campaign/${id}`, messageResponseSchema, { signal });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCampaign(id),
    // The campaign's leads go with it; on a refusal the list may still have moved (a running campaign stopped).
    // Not awaited: the campaign's page leaves first instead of flashing "no such campaign" after the refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
