import { useMemo } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { prefetchCampaigns, useCampaignChoices } from './-campaign-choices';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify';
import { LeadForm } from '@/features/leads/components/lead-form';
import { campaignParamSearch } from '@/features/leads/lib/list-params';
import { browserCountry } from '@/lib/phone';

export const Route = createFileRoute('/_app/leads/new')({ validateSearch: campaignParamSearch, loader: prefetchCampaigns, component: NewLeadPage });

function NewLeadPage() {
  const { campaign } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { campaigns, options } = useCampaignChoices();
  const country = useMemo(() => browserCountry(), []);
  const back = () => void navigate({ to: '/leads', search: campaign !== undefined ? { campaign } : {} });

  return (
    <>
      <PageHeader title={m.leads_new_lead()} description={m.leads_new_description()} />
      {campaigns.isError ? (
        <Alert color="red" variant="light" mb="md" title={m.leads_campaigns_load_error()}>
          {campaigns.error.message}{' '}
          <Anchor component="button" type="button" onClick={() => void campaigns.refetch()}>
            {m.common_retry()}
          </Anchor>
        </Alert>
      ) : null}
      {campaigns.isSuccess && campaigns.data.length === 0 ? (
        <Alert color="yellow" variant="light" mb="md" title={m.leads_no_campaign_title()}>
          {m.leads_no_campaign_before()}
          <AnchorLink to="/campaigns/new">{m.leads_no_campaign_link()}</AnchorLink>
          {m.leads_no_campaign_after()}
        </Alert>
      ) : null}
      <LeadForm
        campaigns={options}
        campaignsLoading={campaigns.isPending}
        defaultCountry={country}
        initialCampaignId={campaign ?? null}
        onCancel={back}
        onCreated={(lead) => {
          notifySuccess(
            m.leads_created_notice({
              phone: lead.phone_number ?? '',
              contacts: lead.secondary_contacts.length ? m.leads_created_with_contacts({ count: formatNumber(lead.secondary_contacts.length) }) : '',
            }),
          );
          void navigate({ to: '/leads', search: { campaign: lead.campaign_id ?? undefined } });
        }}
      />
    </>
  );
}
