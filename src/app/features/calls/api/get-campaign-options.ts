import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api';
import { callKeys } from './call-keys';
import { optionSchema, toOptions, type FilterOption } from './filter-option';

// GET /user/campaigns: a bare array, or wrapped ({campaigns: [...]}) on older hosts.
const campaignsSchema = z.union([
  z.array(optionSchema),
  z.looseObject({ campaigns: z.array(optionSchema) }).transform((v) => v.campaigns),
  z.looseObject({ data: z.array(optionSchema) }).transform((v) => v.data),
]);

export async function getCampaignOptions(signal?: AbortSignal): Promise<FilterOption[]> {
  return toOptions(await api.get('/user/campaigns', campaignsSchema, { signal }), 'Campaign');
}

export const campaignOptionsQuery = () =>
  queryOptions({ queryKey: callKeys.campaignOptions(), queryFn: ({ signal }) => getCampaignOptions(signal), staleTime: 60_000 });

export function useCampaignOptions() {
  return useQuery(campaignOptionsQuery());
}
