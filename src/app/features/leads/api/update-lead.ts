import type { UpdateLeadRequest } from '@contract/lead';
import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { useRefreshingMutation } from '@/api/refreshing-mutation';
import { leadKeys } from '@/api/query-keys';

/**
 * PUT /user/leads/{id}: only campaign_id, phone_number, status and variables; variables are merged into
 * the stored ones (a key cannot be removed through the API).
 */
export function updateLead(id: number, body: UpdateLeadRequest, signal?: AbortSignal) {
  return api.put(`/user/leads/${id}`, messageResponseSchema, { body, signal });
}

export function useUpdateLead(id: number) {
  return useRefreshingMutation((body: UpdateLeadRequest) => updateLead(id, body), leadKeys.all);
}
