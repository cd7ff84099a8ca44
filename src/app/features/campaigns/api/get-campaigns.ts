import { queryOptions } from '@tanstack/react-query';
import { campaignsAnswerSchema, type Campaign } from '@contract/campaign';
import { api } from '@/api';
import { campaignKeys } from '@/api/query-keys';

export function getCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return api.get('/user/campaigns', campaignsAnswerSchema, { signal });
}

export const campaignsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.list(),
    queryFn: ({ signal }) => getCampaigns(signal),
  });
