import { campaignMutationResponseSchema, type CreateCampaignRequest } from '@contract/campaign';
import { api } from '@/api';
import { useRefreshingMutation } from '@/api/refreshing-mutation';
import { campaignKeys } from '@/api/query-keys';

/** POST /user/campaigns: `{message, data: campaign}` (201), or the campaign itself on some hosts. */
export function createCampaign(body: CreateCampaignRequest, signal?: AbortSignal) {
  return api.post('/user/campaigns', campaignMutationResponseSchema, { body, signal });
}

export function useCreateCampaign() {
  return useRefreshingMutation((body: CreateCampaignRequest) => createCampaign(body), campaignKeys.all);
}
