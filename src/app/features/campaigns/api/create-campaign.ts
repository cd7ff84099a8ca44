import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { campaignSchema, type CreateCampaignRequest } from '../../../../contract/campaign';
import { api } from '../../../api';
import { campaignKeys } from './keys';

/** The create answer: {message, data: campaign} (201), or the campaign itself on some hosts. */
const createCampaignResponse = z.union([
  z.looseObject({ message: z.string().optional(), data: campaignSchema }).transform((v) => v.data),
  campaignSchema,
]);

/** POST /user/campaigns. */
export function createCampaign(body: CreateCampaignRequest, signal?: AbortSignal) {
  return api.post('/user/campaigns', createCampaignResponse, { body, signal });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignRequest) => createCampaign(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
