import { useMemo } from 'react';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { errorMessage } from '@/api/errors';
import { AnchorLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { m } from '@/i18n';
import { notifySuccess } from '@/lib/notify';
import { outboundAssistantsQuery } from '@/api/get-outbound-assistants';
import { CampaignForm } from '@/features/campaigns/components/campaign-form';
import { phoneNumbersQuery } from '@/api/get-phone-numbers';

export const Route = createFileRoute('/_app/campaigns/new')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.prefetchQuery(outboundAssistantsQuery()), queryClient.prefetchQuery(phoneNumbersQuery('outbound'))]),
  component: NewCampaignPage,
});

/** The sentence with its link where the language puts it ("{link}" in the message). */
function NoAssistantText() {
  const marker = '\u0000';
  const [before = '', after = ''] = m.campaigns_no_assistant_text({ link: marker }).split(marker);
  return (
    <>
      {before}
      <AnchorLink to="/assistants">{m.campaigns_no_assistant_link()}</AnchorLink>
      {after}
    </>
  );
}

function NewCampaignPage() {
  const navigate = Route.useNavigate();
  const assistants = useQuery(outboundAssistantsQuery());
  const numbers = useQuery(phoneNumbersQuery('outbound'));
  const assistantOptions = useMemo(
    () =>
      (assistants.data ?? [])
        // The endpoint returns outbound assistants only; a host that mixes them in is filtered here.
        .filter((a) => a.type === '' || a.type === 'outbound')
        .map((a) => ({ value: a.id, label: a.name || m.campaigns_assistant_fallback({ id: a.id }), timezone: a.timezone })),
    [assistants.data],
  );
  const numberOptions = useMemo(
    () =>
      (numbers.data ?? []).map((n) => ({
        value: n.id,
        label: `${n.phone_number ?? m.campaigns_number_fallback({ id: n.id })}${n.type_label ? ` · ${n.type_label}` : ''}`,
      })),
    [numbers.data],
  );

  return (
    <>
      <PageHeader title={m.campaigns_new()} description={m.campaigns_new_description()} />
      {assistants.isSuccess && assistantOptions.length === 0 ? (
        <Alert color="yellow" variant="light" mb="md" title={m.campaigns_no_assistant_title()}>
          <NoAssistantText />
        </Alert>
      ) : null}
      <CampaignForm
        assistants={assistantOptions}
        assistantsLoading={assistants.isPending}
        phoneNumbers={numberOptions}
        phoneNumbersLoading={numbers.isPending}
        notice={
          assistants.isError || numbers.isError ? (
            <Alert color="red" variant="light" title={m.campaigns_choices_failed()}>
              {[assistants.error, numbers.error].filter(Boolean).map((e) => errorMessage(e)).join(' ')}
            </Alert>
          ) : null
        }
        onCancel={() => void navigate({ to: '/campaigns' })}
        onCreated={(c) => {
          notifySuccess(m.campaigns_created({ name: c.name }));
          void navigate({ to: '/campaigns/$campaignId', params: { campaignId: c.id } });
        }}
      />
    </>
  );
}
