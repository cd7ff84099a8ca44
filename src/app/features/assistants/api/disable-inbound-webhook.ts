import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { assistantKeys } from '@/api/query-keys';

/** POST /user/assistants/disable-inbound-webhook: the inbound updates stop. */
export function disableInboundWebhook(body: { assistant_id: number }) {
  return api.post('/user/assistants/disable-inbound-webhook', messageResponseSchema, { body });
}

export function useDisableInboundWebhook(assistantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disableInboundWebhook({ assistant_id: assistantId }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.detail(assistantId) }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.lists() }),
      ]);
    },
  });
}
