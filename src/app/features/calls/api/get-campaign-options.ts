import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignNamesAnswerSchema } from '@contract/campaign';
import { api } from '@/api';
import { m } from '@/i18n';
import { callKeys } from '@/api/query-keys';
import { toOptions, type FilterOption } from './filter-option';

export async function getCampaignOptions(signal?: AbortSignal): Promise<FilterOption[]> {
  return toOptions(await api.get('/user/campaigns', campaignNamesAnswerSchema, { signal }), (id) => m.calls_campaign_id({ id }));
}

export const campaignOptionsQuery = () =>
  queryOptions({ queryKey: callKeys.campaignOptions(), queryFn: ({ signal }) => getCampaignOptions(signal), staleTime: 60_000 });

export function useCampaignOptions() {
  return useQuery(campaignOptionsQuery());
}
