import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { webhookDeliveriesPageSchema } from '@contract/webhooks';
import { api } from '@/api';
import { webhookKeys, type DeliveryListParams } from '@/api/query-keys';

/** GET /user/webhook-deliveries (our extension): one page, newest first, without payloads. */
export function getDeliveries(params: DeliveryListParams, signal?: AbortSignal) {
  return api.get('/user/webhook-deliveries', webhookDeliveriesPageSchema, { query: { ...params }, signal });
}

export const deliveriesQuery = (params: DeliveryListParams) =>
  queryOptions({
    queryKey: webhookKeys.list(params),
    queryFn: ({ signal }) => getDeliveries(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
