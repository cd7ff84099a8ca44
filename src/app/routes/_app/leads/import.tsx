import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { prefetchCampaigns, useCampaignChoices } from './-campaign-choices';
import { PageHeader } from '@/components/page-header';
import { m } from '@/i18n';
import { leadsQuery } from '@/features/leads/api/get-leads';
import { ImportLeads } from '@/features/leads/components/import/import-leads';
import { campaignParamSearch } from '@/features/leads/lib/list-params';
import { browserCountry } from '@/lib/phone';

export const Route = createFileRoute('/_app/leads/import')({ validateSearch: campaignParamSearch, loader: prefetchCampaigns, component: ImportPage });

function ImportPage() {
  const { campaign } = Route.useSearch();
  const { campaigns, options } = useCampaignChoices();
  // Fresh: the preview looks for numbers the campaign already holds.
  const leads = useQuery({ ...leadsQuery(), staleTime: 0, refetchOnMount: 'always' });
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
