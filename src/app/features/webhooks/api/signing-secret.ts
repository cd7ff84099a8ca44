import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookSecretAnswerSchema, type WebhookSecret } from '@contract/webhooks';
import { api } from '@/api';
import { webhookKeys } from '@/api/query-keys';

/** GET /user/webhook-secret (our extension): the Standard Webhooks secret deliveries are signed with. */
export function getSigningSecret(signal?: AbortSignal) {
  return api.get('/user/webhook-secret', webhookSecretAnswerSchema, { signal });
}

export const signingSecretQuery = () =>
  queryOptions({
    queryKey: webhookKeys.secret(),
    queryFn: ({ signal }) => getSigningSecret(signal),
    staleTime: Infinity,
  });

/** POST /user/webhook-secret/rotate: a new secret; the old one stops signing at once. */
export function rotateSigningSecret() {
  return api.post('/user/webhook-secret/rotate', webhookSecretAnswerSchema);
}

export function useRotateSigningSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSigningSecret,
    onSuccess: (answer: WebhookSecret) => {
      if (answer.secret) queryClient.setQueryData(webhookKeys.secret(), answer);
      else void queryClient.invalidateQueries({ queryKey: webhookKeys.secret() });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.secret() }),
  });
}
