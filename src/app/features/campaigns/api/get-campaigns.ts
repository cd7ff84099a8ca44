import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { campaignSchema, type Campaign } from '../../../../contract/campaign';
import { paginatedSchema } from '../../../../contract/pagination';
import { api } from '../../../api';
import { campaignKeys } from './keys';

/**
 * GET /user/campaigns: a bare array; older hosts wrapped it ({"campaigns": [...]}), and a paginator or a
 * {data} wrapper is read too (only its page: campaigns are few).
 */
export const campaignsAnswerSchema = z.union([
  z.array(campaignSchema),
  z.looseObject({ campaigns: z.array(campaignSchema) }).transform((v) => v.campaigns),
  paginatedSchema(campaignSchema).transform((p) => p.data),
  z.looseObject({ data: z.array(campaignSchema) }).transform((v) => v.data),
]);

export function getCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return api.get('/user/campaigns', campaignsAnswerSchema, { signal });
}

export const campaignsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.list(),
    queryFn: ({ signal }) => getCampaigns(signal),
  });

export function useCampaigns() {
  return useQuery(campaignsQuery());
}
