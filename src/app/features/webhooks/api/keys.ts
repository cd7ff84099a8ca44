import type { WebhookDeliveryStatus } from '@contract/webhooks';

/** Filters of the deliveries list as the console asks for them. */
export interface DeliveryListParams {
  assistant_id?: number;
  call_id?: number;
  status?: WebhookDeliveryStatus;
  page: number;
  per_page: number;
}

/**
 * Query keys of webhook deliveries and the signing secret, one factory so invalidation is exact: the live
 * stream invalidates `webhookKeys.deliveries()` on a delivery event.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
  lists: () => [...webhookKeys.deliveries(), 'list'] as const,
  list: (params: DeliveryListParams) => [...webhookKeys.lists(), params] as const,
  details: () => [...webhookKeys.deliveries(), 'detail'] as const,
  detail: (id: number) => [...webhookKeys.details(), id] as const,
  secret: () => [...webhookKeys.all, 'secret'] as const,
};
