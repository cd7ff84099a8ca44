import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { m } from '@/i18n';
import { prefetching } from '@/lib/route-loaders';
import { campaignsQuery } from '@/features/campaigns/api/get-campaigns';

/*
 * The lead pages compose two features here: the lead forms offer the campaigns feature's list. (The
 * leading "-" keeps this file out of the route tree.)
 */

/** The loader of a page with a lead form: warms the campaigns list without failing the route. */
export const prefetchCampaigns = prefetching(campaignsQuery);

/** The campaigns as a lead form offers them (a nameless one by its id), with the query for its state. */
export function useCampaignChoices() {
  const campaigns = useQuery(campaignsQuery());
  const options = useMemo(() => (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name || m.leads_campaign_fallback({ id: c.id }) })), [campaigns.data]);
  return { campaigns, options };
}
