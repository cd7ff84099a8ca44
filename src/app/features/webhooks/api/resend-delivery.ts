import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { callKeys } from '@/api/query-keys';
import { webhookKeys } from '@/api/query-keys';

/**
 * POST /user/webhook-deliveries/{id}/resend: the same delivery (same webhook-id) goes out again now. Only
 * the message is read: the lists are fetched again after it anyway.
 */
export function resendDelivery(id: number) {
  return api.post(`/user/webhook-deliveries/${id}/resend`, messageResponseSchema);
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resendDelivery(id),
    onSettled: async (_data, _error, id) => {
      // Settled, not only success: a resend whose answer was lost may still have queued it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: callKeys.details() }),
      ]);
    },
  });
}
