import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { assistantKeys } from '@/api/query-keys';

/** POST /user/assistants/enable-inbound-webhook: real-time inbound call updates go to `webhook_url`. */
export function enableInboundWebhook(body: { assistant_id: number; webhook_url: string }) {
  return api.post('/user/assistants/enable-inbound-webhook', messageResponseSchema, { body });
}

export function useEnableInboundWebhook(assistantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookUrl: string) => enableInboundWebhook({ assistant_id: assistantId, webhook_url: webhookUrl }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.detail(assistantId) }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.lists() }),
      ]);
    },
  });
}
