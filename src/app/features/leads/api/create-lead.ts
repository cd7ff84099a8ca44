import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadMutationResponseSchema, type CreateLeadRequest } from '@contract/lead';
import { api } from '@/api';
import { leadKeys } from '@/api/query-keys';

/** POST /user/lead (singular). 422 field errors use dotted keys (`secondary_contacts.0.phone_number`). */
export function createLead(body: CreateLeadRequest, signal?: AbortSignal) {
  return api.post('/user/lead', leadMutationResponseSchema, { body, signal });
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLeadRequest) => createLead(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
