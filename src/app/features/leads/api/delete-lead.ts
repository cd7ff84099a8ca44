import { messageResponseSchema } from '@contract/answers';
import { api } from '@/api';
import { useRefreshingMutation } from '@/api/refreshing-mutation';
import { leadKeys } from '@/api/query-keys';

/** DELETE /user/leads/{id}; its secondary contacts go with it. */
export function deleteLead(id: number, signal?: AbortSignal) {
  return api.delete(`/user/leads/${id}`, messageResponseSchema, { signal });
}

export function useDeleteLead() {
  return useRefreshingMutation((id: number) => deleteLead(id), leadKeys.all);
}
