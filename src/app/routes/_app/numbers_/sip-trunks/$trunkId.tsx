import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { SipTrunkDetail } from '@contract/sip-trunks';
import { PageHeader } from '@/components/page-header';
import { loadOrNotFound, pathIdOrNotFound } from '@/lib/route-loaders';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { sipTrunkQuery, useUpdateSipTrunk } from '@/features/phone-numbers/api/sip-trunks';
import { useReleaseNumber } from '@/features/phone-numbers/api/release-number';
import { OurSipAddress } from '@/features/phone-numbers/components/sip-trunks-card';
import { SipTrunkForm } from '@/features/phone-numbers/components/sip-trunk-form';
import { formToUpdateSipTrunk, sipTrunkToForm } from '@/features/phone-numbers/lib/sip-trunk-form';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

export const Route = createFileRoute('/_app/numbers_/sip-trunks/$trunkId')({
  loader: async ({ context, params }) => {
    const trunkId = pathIdOrNotFound(params.trunkId);
    await loadOrNotFound(context.queryClient.ensureQueryData(sipTrunkQuery(trunkId)));
    return { trunkId };
  },
  component: SipTrunkPage,
});

function SipTrunkPage() {
  const { trunkId } = Route.useLoaderData();
  const { data: trunk } = useSuspenseQuery(sipTrunkQuery(trunkId));
  return <EditSipTrunk key={trunkId} trunk={trunk} />;
}

function EditSipTrunk({ trunk }: { trunk: SipTrunkDetail }) {
  const navigate = useNavigate();
  const update = useUpdateSipTrunk(trunk.id);
  // The form's baseline is the trunk as loaded when the page opened; a refetch does not reset typing.
  const [initial] = useState(() => sipTrunkToForm(trunk));
  const number = trunk.phone_number ?? `#${trunk.id}`;
  const release = useReleaseNumber();

  // A trunk is released as any number is: refused, with the service's words, while an assistant or a campaign uses it.
  async function onRelease() {
    if (release.isPending) return;
    const sure = await confirmAction({
      title: m.numbers_release_title({ number }),
      danger: true,
      confirmLabel: m.numbers_release_confirm(),
      children: <Text size="sm">{m.numbers_sip_release_body()}</Text>,
    });
    if (!sure) return;
    try {
      const answer = await release.mutateAsync(trunk.id);
      notifySuccess(answer.message || m.numbers_released_message({ number }), m.numbers_released());
      void navigate({ to: '/numbers', ignoreBlocker: true });
    } catch (e) {
      notifyError(e, m.numbers_not_released({ number }));
    }
  }

  return (
    <>
      <PageHeader
        title={m.numbers_sip_edit_title({ number })}
        description={m.numbers_sip_edit_description()}
        actions={
          <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} loading={release.isPending} onClick={() => void onRelease()} data-testid="release-sip-trunk">
            {m.numbers_release_confirm()}
          </Button>
        }
      />
      <div style={{ maxWidth: 960, marginBottom: 'var(--mantine-spacing-lg)' }}>
        <OurSipAddress />
        {trunk.inbound_trunk_id || trunk.outbound_trunk_id ? (
          <Text size="xs" c="dimmed" mt="xs" data-testid="sip-trunk-ids">
            {m.numbers_sip_trunk_ids({ inbound: trunk.inbound_trunk_id ?? DASH, outbound: trunk.outbound_trunk_id ?? DASH })}
          </Text>
        ) : null}
      </div>
      <SipTrunkForm
        initialValues={initial}
        editing
        submitLabel={m.common_save_changes()}
        save={async (values, base) => {
          const body = formToUpdateSipTrunk(base, values);
          if (Object.keys(body).length === 0) return null;
          return update.mutateAsync(body);
        }}
        onSaved={(answer) => {
          notifySuccess(answer ? m.numbers_sip_saved_message({ number: answer.data.phone_number ?? number }) : m.numbers_sip_nothing_changed(), answer ? m.numbers_sip_saved() : undefined);
          void navigate({ to: '/numbers', ignoreBlocker: true });
        }}
        onCancel={() => void navigate({ to: '/numbers' })}
      />
    </>
  );
}
