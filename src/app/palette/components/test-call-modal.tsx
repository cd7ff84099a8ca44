import { lazy, Suspense, useState } from 'react';
import { Alert, Modal, Select, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { outboundAssistantsQuery } from '@/api/get-outbound-assistants';
import { m } from '@/i18n';

/** The test-call feature's own dialog body (form, then the live call), loaded when an assistant is chosen. */
const CallPanel = lazy(() => import('@/features/test-call/components/call-panel'));

/**
 * "Test call" from the palette: the outbound assistant to call with (chosen here unless the palette named
 * one), then the test-call feature's form and live call, as on the assistant's page.
 */
export function TestCallModal({ opened, assistantId, onClose }: { opened: boolean; assistantId: number | null; onClose: () => void }) {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title={m.palette_action_test_call()} size="xl" fullScreen={compact} closeOnClickOutside={false}>
      {opened ? <TestCallBody key={assistantId ?? 'choose'} initialId={assistantId} onClose={onClose} /> : null}
    </Modal>
  );
}

function TestCallBody({ initialId, onClose }: { initialId: number | null; onClose: () => void }) {
  const assistants = useQuery({ ...outboundAssistantsQuery(), staleTime: 15_000 });
  const [chosen, setChosen] = useState<number | null>(initialId);
  const outbound = (assistants.data ?? []).filter((a) => a.type === 'outbound');
  const assistant = outbound.find((a) => a.id === chosen);
  const loading = (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={m.common_loading()}>
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );

  if (assistants.isPending) return loading;
  if (assistants.isError) return <Alert color="red">{m.palette_test_call_assistants_failed()}</Alert>;
  if (outbound.length === 0) return <Alert color="blue">{m.palette_test_call_no_assistants()}</Alert>;
  return (
    <Stack gap="md">
      <Select
        label={m.palette_test_call_assistant()}
        placeholder={m.palette_test_call_assistant_placeholder()}
        data={outbound.map((a) => ({ value: String(a.id), label: a.name || m.palette_assistant_unnamed({ id: String(a.id) }) }))}
        value={chosen === null ? null : String(chosen)}
        onChange={(value) => setChosen(value === null ? null : Number(value))}
        searchable
        required
        data-autofocus={chosen === null || undefined}
      />
      {assistant ? (
        <Suspense fallback={loading}>
          <CallPanel key={assistant.id} mode="test" assistant={{ id: assistant.id, variables: assistant.variables, phone_number_id: null }} phoneNumber={null} onClose={onClose} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
