import { useMemo } from 'react';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { errorMessage } from '../../../api/errors';
import { AnchorLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { notifySuccess } from '../../../lib/notify';
import { outboundAssistantsQuery } from '../../../features/campaigns/api/get-outbound-assistants';
import { CampaignForm } from '../../../features/campaigns/components/campaign-form';
import { phoneNumbersQuery } from '../../../features/lookups/api';

export const Route = createFileRoute('/_app/campaigns/new')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.prefetchQuery(outboundAssistantsQuery()), queryClient.prefetchQuery(phoneNumbersQuery('outbound'))]),
  component: NewCampaignPage,
});

function NewCampaignPage() {
  const navigate = Route.useNavigate();
  const assistants = useQuery(outboundAssistantsQuery());
  const numbers = useQuery(phoneNumbersQuery('outbound'));
  const assistantOptions = useMemo(
    () =>
      (assistants.data ?? [])
        // The endpoint returns outbound assistants only; a host that mixes them in is filtered here.
        .filter((a) => a.type === '' || a.type === 'outbound')
        .map((a) => ({ value: a.id, label: a.name || `Assistant ${a.id}`, timezone: a.timezone })),
    [assistants.data],
  );
  const numberOptions = useMemo(
    () =>
      (numbers.data ?? []).map((n) => ({
        value: n.id,
        label: `${n.phone_number ?? `Number ${n.id}`}${n.type_label ? ` · ${n.type_label}` : ''}`,
      })),
    [numbers.data],
  );

  return (
    <>
      <PageHeader title="New campaign" description="Choose the outbound assistant that calls, when it may call, and how often it tries again." />
      {assistants.isSuccess && assistantOptions.length === 0 ? (
        <Alert color="yellow" variant="light" mb="md" title="No outbound assistant">
          A campaign needs an assistant that makes calls. <AnchorLink to="/assistants">Create an outbound assistant</AnchorLink> first.
        </Alert>
      ) : null}
      <CampaignForm
        assistants={assistantOptions}
        assistantsLoading={assistants.isPending}
        phoneNumbers={numberOptions}
        phoneNumbersLoading={numbers.isPending}
        notice={
          assistants.isError || numbers.isError ? (
            <Alert color="red" variant="light" title="Some choices could not be loaded">
              {[assistants.error, numbers.error].filter(Boolean).map((e) => errorMessage(e)).join(' ')}
            </Alert>
          ) : null
        }
        onCancel={() => void navigate({ to: '/campaigns' })}
        onCreated={(c) => {
          notifySuccess(`Campaign “${c.name}” created. Start it when its leads are in.`);
          void navigate({ to: '/campaigns/$campaignId', params: { campaignId: c.id } });
        }}
      />
    </>
  );
}
