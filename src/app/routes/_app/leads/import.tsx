import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header';
import { campaignsQuery } from '../../../features/campaigns/api/get-campaigns';
import { leadsQuery } from '../../../features/leads/api/get-leads';
import { ImportLeads } from '../../../features/leads/components/import/import-leads';
import { campaignParamSearch } from '../../../features/leads/lib/list-params';
import { browserCountry } from '../../../features/leads/lib/phone';

export const Route = createFileRoute('/_app/leads/import')({
  validateSearch: campaignParamSearch,
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(campaignsQuery()),
  component: ImportPage,
});

function ImportPage() {
  const { campaign } = Route.useSearch();
  const campaigns = useQuery(campaignsQuery());
  // Fresh: the preview looks for numbers the campaign already holds.
  const leads = useQuery({ ...leadsQuery(), staleTime: 0, refetchOnMount: 'always' });
  const options = useMemo(() => (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name || `Campaign ${c.id}` })), [campaigns.data]);
  const country = useMemo(() => browserCountry(), []);

  return (
    <>
      <PageHeader
        title="Import leads"
        description="Bring a spreadsheet of contacts into a campaign. Every row is checked before anything is sent, and every row that is not imported is listed with its reason."
      />
      <ImportLeads
        campaigns={options}
        campaignsLoading={campaigns.isPending}
        leads={leads.isFetchedAfterMount ? leads.data : undefined}
        leadsError={leads.isError ? leads.error : null}
        onRetryLeads={() => void leads.refetch()}
        defaultCountry={country}
        initialCampaignId={campaign ?? null}
      />
    </>
  );
}
