import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { m } from '@/i18n';
import { campaignsQuery } from '@/features/campaigns/api/get-campaigns';
import { leadsQuery } from '@/features/leads/api/get-leads';
import { ImportLeads } from '@/features/leads/components/import/import-leads';
import { campaignParamSearch } from '@/features/leads/lib/list-params';
import { browserCountry } from '@/lib/phone';

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
  const options = useMemo(() => (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name || m.leads_campaign_fallback({ id: c.id }) })), [campaigns.data]);
  const country = useMemo(() => browserCountry(), []);

  return (
    <>
      <PageHeader
        title={m.leads_import_title()}
        description={m.leads_import_description()}
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
