import { useState } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { AssistantDrawer } from '@/components/assistant-drawer';
import { ErrorState } from '@/components/error-state';
import { m } from '@/i18n';
import { useVoiceInfo } from '../api/get-voice-info';
import { VoiceSetupCard } from './voice-setup-card';
import { WebCallPanel } from './web-call-panel';

export interface WebCallAssistant {
  id: number;
  name: string;
  /** enable_noise_cancellation: the microphone's noise suppression follows it (on when not known). */
  noiseCancellation?: boolean;
  /** The engine mode: a multimodal or dualplex assistant talks through the realtime endpoint (REALTIME_BASE_URL). */
  mode?: string | undefined;
}

const REALTIME_MODES = new Set(['multimodal', 'dualplex']);

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
  const realtimeMode = assistant.mode && REALTIME_MODES.has(assistant.mode) ? assistant.mode : undefined;
  // A speech-to-speech assistant needs only the realtime endpoint (a realtime-only service holds its calls); the others the pipeline.
  if (realtimeMode ? !info.data.realtime : !info.data.web_call) return <VoiceSetupCard info={info.data} realtimeMode={realtimeMode} />;
  return <WebCallPanel key={attempt} assistantId={assistant.id} {...(assistant.noiseCancellation === undefined ? {} : { noiseSuppression: assistant.noiseCancellation })} onRestart={() => setAttempt((n) => n + 1)} onClose={onClose} />;
}

/**
 * The web call's drawer, its own module (loaded by WebCallButton on the first press). Its content is
 * mounted only while it is open: closing it mid-call ends the call.
 */
export default function WebCallDrawer({ assistant, opened, onClose }: { assistant: WebCallAssistant; opened: boolean; onClose: () => void }) {
  return (
    <AssistantDrawer title={m.webcall_title()} assistantName={assistant.name} opened={opened} onClose={onClose} keepMounted={false} testId="web-call">
      <WebCallGate assistant={assistant} onClose={onClose} />
    </AssistantDrawer>
  );
}
