import { lazy, Suspense, useState } from 'react';
import { Button, Modal, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoneIncoming, IconPhoneOutgoing } from '@tabler/icons-react';
import type { Assistant } from '@contract';
import { m } from '@/i18n';
import type { CallPanelMode } from './call-panel';
import { PanelSkeleton } from '@/components/panel-skeleton';

const CallPanel = lazy(() => import('./call-panel'));

/**
 * "Test call" on an outbound assistant, "Simulate a call" on an inbound one: a dialog with the form and
 * then the call's steps as they happen. An assistant of another (or no) type gets neither.
 */
export function CallActions({ assistant, phoneNumber }: { assistant: Pick<Assistant, 'id' | 'type' | 'variables' | 'phone_number_id'>; phoneNumber?: string | null }) {
  const [mode, setMode] = useState<CallPanelMode | null>(null);
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const close = () => setMode(null);

  let trigger: React.ReactNode = null;
  if (assistant.type === 'outbound') {
    trigger = (
      <Button variant="light" leftSection={<IconPhoneOutgoing size={16} aria-hidden />} onClick={() => setMode('test')}>
        {m.testcall_test_call()}
      </Button>
    );
  } else if (assistant.type === 'inbound') {
    const noNumber = assistant.phone_number_id === null;
    const button = (
      <Button variant="light" leftSection={<IconPhoneIncoming size={16} aria-hidden />} onClick={() => setMode('simulate')} disabled={noNumber}>
        {m.testcall_simulate()}
      </Button>
    );
    trigger = noNumber ? (
      <Tooltip label={m.testcall_simulate_needs_number()} multiline w={240}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  }
  if (trigger === null) return null;

  return (
    <>
      {trigger}
      <Modal
        opened={mode !== null}
        onClose={close}
        title={mode === 'simulate' ? m.testcall_simulate() : m.testcall_test_call()}
        size="xl"
        fullScreen={compact}
        closeOnClickOutside={false}
      >
        {mode !== null ? (
          <Suspense fallback={<PanelSkeleton label={m.testcall_loading()} contentHeight={36} />}>
            <CallPanel mode={mode} assistant={assistant} phoneNumber={phoneNumber ?? null} onClose={close} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
