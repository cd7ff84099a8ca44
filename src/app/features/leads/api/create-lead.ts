import { leadMutationResponseSchema, type CreateLeadRequest } from '@contract/lead';
import { api } from '@/api';
import { useRefreshingMutation } from '@/api/refreshing-mutation';
import { leadKeys } from '@/api/query-keys';

/** POST /user/lead (singular). 422 field errors use dotted keys (`secondary_contacts.0.phone_number`). */
export function createLead(body: CreateLeadRequest, signal?: AbortSignal) {
  return api.post('/user/lead', leadMutationResponseSchema, { body, signal });
}

export function useCreateLead() {
  return useRefreshingMutation((body: CreateLeadRequest) => createLead(body), leadKeys.all);
}
