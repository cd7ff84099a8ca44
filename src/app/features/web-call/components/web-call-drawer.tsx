import { useState } from 'react';
import { Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ErrorState } from '@/components/error-state';
import { m } from '@/i18n';
import { useVoiceInfo } from '../api/get-voice-info';
import { VoiceSetupCard } from './voice-setup-card';
import { WebCallPanel } from './web-call-panel';

export interface WebCallAssistant {
  id: number;
  name: string;
}

/** Asks the service whether it can take a web call; the call when it can, the setup card when it cannot. */
function WebCallGate({ assistant, onClose }: { assistant: WebCallAssistant; onClose: () => void }) {
  const info = useVoiceInfo();
  // Another call: a new panel (a new key), after one that ended or failed.
  const [attempt, setAttempt] = useState(0);
  if (info.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={m.webcall_checking()}>
        <Skeleton height={28} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (info.isError) return <ErrorState error={info.error} title={m.webcall_info_failed()} onRetry={() => void info.refetch()} retrying={info.isFetching} />;
  if (!info.data.web_call) return <VoiceSetupCard info={info.data} />;
  return <WebCallPanel key={attempt} assistantId={assistant.id} onRestart={() => setAttempt((n) => n + 1)} onClose={onClose} />;
}

/**
 * The web call's drawer, its own module (loaded by WebCallButton on the first press). Its content is
 * mounted only while it is open: closing it mid-call ends the call.
 */
export default function WebCallDrawer({ assistant, opened, onClose }: { assistant: WebCallAssistant; opened: boolean; onClose: () => void }) {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={compact ? '100%' : 'lg'}
      padding="md"
      returnFocus
      keepMounted={false}
      title={
        <Stack gap={0}>
          <Text fw={600}>{m.webcall_title()}</Text>
          <Text size="xs" c="dimmed">
            {assistant.name}
          </Text>
        </Stack>
      }
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
      data-testid="web-call"
    >
      <WebCallGate assistant={assistant} onClose={onClose} />
    </Drawer>
  );
}
