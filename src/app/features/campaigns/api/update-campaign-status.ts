import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignStatusResponseSchema, type CAMPAIGN_ACTIONS } from '@contract/campaign';
import { api } from '@/api';
import { campaignKeys } from '@/api/query-keys';

export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** POST /user/campaigns/update-status {campaign_id, action}: start or stop a campaign. */
export function updateCampaignStatus(campaignId: number, action: CampaignAction, signal?: AbortSignal) {
  return api.post('/user/campaigns/update-status', campaignStatusResponseSchema, {
    body: { campaign_id: campaignId, action },
    signal,
  });
}

export function useUpdateCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, action }: { campaignId: number; action: CampaignAction }) => updateCampaignStatus(campaignId, action),
    // The progress too: its status, and (started) the first calls soon after.
    onSettled: (_answer, _error, { campaignId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.list() }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.progress(campaignId) }),
      ]),
  });
}
