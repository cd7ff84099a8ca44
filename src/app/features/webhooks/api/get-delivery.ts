import { queryOptions } from '@tanstack/react-query';
import { webhookDeliveryAnswerSchema } from '@contract/webhooks';
import { api } from '@/api';
import { webhookKeys } from '@/api/query-keys';

/** GET /user/webhook-deliveries/{id}: one delivery with its payload. */
export function getDelivery(id: number, signal?: AbortSignal) {
  return api.get(`/user/webhook-deliveries/${id}`, webhookDeliveryAnswerSchema, { signal });
}

export const deliveryQuery = (id: number) =>
  queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) => getDelivery(id, signal),
    staleTime: 5_000,
  });
