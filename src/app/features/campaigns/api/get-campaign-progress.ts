import { queryOptions } from '@tanstack/react-query';
import { campaignProgressAnswerSchema, type CampaignProgress } from '@contract/live';
import { api, isExtensionNotOffered } from '@/api';
import { useLiveRefetchInterval } from '@/live/live-context';
import { campaignKeys } from '@/api/query-keys';
import { useExtensionQuery } from '@/api/extension-query';

/** GET /user/campaigns/{id}/progress: `{data: CampaignProgress}` (our extension). */
export function getCampaignProgress(id: number, signal?: AbortSignal): Promise<CampaignProgress> {
  return api.get(`/user/campaigns/${id}/progress`, campaignProgressAnswerSchema, { signal });
}

/**
 * No progress from this host: the hosted service has no such endpoint (404/405). The campaign itself is
 * known from the list, so a 404 here means the endpoint, not the campaign.
 */
export const progressNotOffered = isExtensionNotOffered;

export const campaignProgressQuery = (id: number) => queryOptions({ queryKey: campaignKeys.progress(id), queryFn: ({ signal }) => getCampaignProgress(id, signal), staleTime: 5_000 });

/** A campaign's progress, refreshed by the live stream, or every 5 s while it is down. */
export function useCampaignProgress(id: number) {
  return useExtensionQuery(campaignProgressQuery(id), useLiveRefetchInterval());
}
