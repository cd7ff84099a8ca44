import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconPhonePlus } from '@tabler/icons-react';
import type { Assistant } from '@contract';
import { m } from '@/i18n';
import { LiveCall } from './live-call';
import { SimulateCallForm } from './simulate-call-form';
import { TestCallForm } from './test-call-form';

export type CallPanelMode = 'test' | 'simulate';

/**
 * The dialog's body: the form, then the call it started, live. Loaded on demand: the phone input's
 * number metadata is heavy and the assistant page does not need it until the dialog opens.
 */
export default function CallPanel({
  mode,
  assistant,
  phoneNumber,
  onClose,
}: {
  mode: CallPanelMode;
  assistant: Pick<Assistant, 'id' | 'variables' | 'phone_number_id'>;
  phoneNumber: string | null;
  onClose: () => void;
}) {
  const [callId, setCallId] = useState<number | null>(null);
  if (callId !== null) {
    return (
      <Stack gap="md">
        <LiveCall key={callId} callId={callId} />
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconPhonePlus size={16} aria-hidden />} onClick={() => setCallId(null)}>
            {mode === 'test' ? m.testcall_another_test_call() : m.testcall_another_call()}
          </Button>
          <Button onClick={onClose}>{m.common_close()}</Button>
        </Group>
      </Stack>
    );
  }
  if (mode === 'simulate' && assistant.phone_number_id !== null) {
    return <SimulateCallForm phoneNumberId={assistant.phone_number_id} phoneNumber={phoneNumber} onStarted={setCallId} />;
  }
  return <TestCallForm assistant={assistant} onStarted={setCallId} />;
}
