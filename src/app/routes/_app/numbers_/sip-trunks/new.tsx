import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify';
import { useCreateSipTrunk } from '@/features/phone-numbers/api/sip-trunks';
import { OurSipAddress } from '@/features/phone-numbers/components/sip-trunks-card';
import { SipTrunkForm } from '@/features/phone-numbers/components/sip-trunk-form';
import { emptySipTrunkForm, formToCreateSipTrunk } from '@/features/phone-numbers/lib/sip-trunk-form';
import { m } from '@/i18n';

export const Route = createFileRoute('/_app/numbers_/sip-trunks/new')({ component: NewSipTrunkPage });

function NewSipTrunkPage() {
  const navigate = useNavigate();
  const create = useCreateSipTrunk();
  const [initial] = useState(emptySipTrunkForm);

  return (
    <>
      <PageHeader title={m.numbers_sip_new_title()} description={m.numbers_sip_new_description()} />
      <div style={{ maxWidth: 960, marginBottom: 'var(--mantine-spacing-lg)' }}>
        <OurSipAddress />
      </div>
      <SipTrunkForm
        initialValues={initial}
        editing={false}
        submitLabel={m.numbers_sip_create()}
        save={(values) => create.mutateAsync(formToCreateSipTrunk(values))}
        onSaved={(answer) => {
          notifySuccess(m.numbers_sip_created_message({ number: answer.data.phone_number ?? '' }), m.numbers_sip_created());
          void navigate({ to: '/numbers/sip-trunks/$trunkId', params: { trunkId: String(answer.data.id) }, ignoreBlocker: true });
        }}
        onCancel={() => void navigate({ to: '/numbers' })}
      />
    </>
  );
}
