import { useMemo } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { notifySuccess } from '../../../lib/notify';
import { campaignsQuery } from '../../../features/campaigns/api/get-campaigns';
import { LeadForm } from '../../../features/leads/components/lead-form';
import { campaignParamSearch } from '../../../features/leads/lib/list-params';
import { browserCountry } from '../../../features/leads/lib/phone';

export const Route = createFileRoute('/_app/leads/new')({
  validateSearch: campaignParamSearch,
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(campaignsQuery()),
  component: NewLeadPage,
});

function NewLeadPage() {
  const { campaign } = Route.useSearch();
  const navigate = Route.useNavigate();
  const campaigns = useQuery(campaignsQuery());
  const options = useMemo(() => (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name || `Campaign ${c.id}` })), [campaigns.data]);
  const country = useMemo(() => browserCountry(), []);
  const back = () => void navigate({ to: '/leads', search: campaign !== undefined ? { campaign } : {} });

  return (
    <>
      <PageHeader title="New lead" description="A contact for an outbound campaign. Type numbers the way you know them: the country picker turns them into the international form the service stores." />
      {campaigns.isError ? (
        <Alert color="red" variant="light" mb="md" title="Could not load the campaigns">
          {campaigns.error.message}{' '}
          <Anchor component="button" type="button" onClick={() => void campaigns.refetch()}>
            Try again
          </Anchor>
        </Alert>
      ) : null}
      {campaigns.isSuccess && campaigns.data.length === 0 ? (
        <Alert color="yellow" variant="light" mb="md" title="No campaign yet">
          Leads live in campaigns. <AnchorLink to="/campaigns/new">Create a campaign</AnchorLink> first.
        </Alert>
      ) : null}
      <LeadForm
        campaigns={options}
        campaignsLoading={campaigns.isPending}
        defaultCountry={country}
        initialCampaignId={campaign ?? null}
        onCancel={back}
        onCreated={(lead) => {
          notifySuccess(`Lead ${lead.phone_number ?? ''} created${lead.secondary_contacts.length ? ` with ${lead.secondary_contacts.length} secondary contact${lead.secondary_contacts.length === 1 ? '' : 's'}` : ''}.`);
          void navigate({ to: '/leads', search: { campaign: lead.campaign_id ?? undefined } });
        }}
      />
    </>
  );
}
