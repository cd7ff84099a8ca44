import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPhoneOff, IconRefresh } from '@tabler/icons-react';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { formatDuration } from '@/i18n/format';
import type { CallProblem, CallView } from '../lib/call-state';
import { useWebCall } from '../lib/use-web-call';
import { CallKeypad } from './call-keypad';
import { CallTranscript } from './call-transcript';
import { MicMeter } from './mic-meter';
import { VoiceSetupCard } from './voice-setup-card';

/** A problem in words, with what to do. */
export function problemText(problem: CallProblem): string {
  switch (problem.kind) {
    case 'mic-denied':
      return m.webcall_mic_denied();
    case 'mic-missing':
      return m.webcall_mic_missing();
    case 'mic-busy':
      return m.webcall_mic_busy();
    case 'mic-unsupported':
      return m.webcall_mic_unsupported();
    case 'mic-failed':
      return m.webcall_mic_failed({ message: problem.message });
    case 'audio-failed':
      return m.webcall_audio_failed({ message: problem.message });
    case 'ticket-failed':
      return m.webcall_ticket_failed({ message: problem.message });
    case 'socket-refused':
      return m.webcall_socket_refused();
    case 'socket-ticket':
      return m.webcall_socket_ticket();
    case 'dropped':
      return m.webcall_dropped();
    case 'service-error':
      return m.webcall_service_error({ message: problem.message });
    case 'unavailable':
      return problem.message ?? '';
  }
}

function stateLabel(view: CallView): string {
  if (view.phase === 'connecting') return m.webcall_state_connecting();
  if (view.phase === 'ending') return m.webcall_ending();
  if (view.phase === 'ended' || view.phase === 'failed') return m.webcall_state_ended();
  if (view.state === 'thinking') return m.webcall_state_thinking();
  if (view.state === 'speaking') return m.webcall_state_speaking();
  return m.webcall_state_listening();
}

const STATE_COLORS: Record<string, string> = { listening: 'teal', thinking: 'yellow', speaking: 'blue' };

/** Seconds since the call was ready, ticking while it lasts. */
function useElapsed(startedAt: number | null, running: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return startedAt === null ? null : Math.max(0, (now - startedAt) / 1000);
}

/**
 * A web call with an assistant, from the microphone to the call log: the state, the microphone's level, the
 * elapsed time and the live transcript while it lasts; where to find it once it has ended; what went wrong
 * and what to do when it could not go on. Unmounting it ends the call.
 */
export function WebCallPanel({ assistantId, noiseSuppression, onRestart, onClose }: { assistantId: number; noiseSuppression?: boolean; onRestart: () => void; onClose: () => void }) {
  const { view, level, end, pressKey } = useWebCall(assistantId, noiseSuppression);
  const running = view.phase === 'live' || view.phase === 'ending';
  const over = view.phase === 'ended' || view.phase === 'failed';
  const elapsed = useElapsed(view.startedAt, running);
  const outcome = useRef<HTMLHeadingElement>(null);
  const failure = useRef<HTMLDivElement>(null);

  // The call is over: the focus moves to what happened (the End call button it was on is gone).
  useEffect(() => {
    if (view.phase === 'ended') outcome.current?.focus();
    else if (view.phase === 'failed') failure.current?.focus();
  }, [view.phase]);

  const problem = view.problem;
  const unavailable = problem?.kind === 'unavailable';

  return (
    <Stack gap="md" style={{ flex: 1, minHeight: 0 }} data-testid="web-call-panel" data-phase={view.phase}>
      <Group gap="sm" wrap="wrap" align="center">
        <Badge
          role="status"
          aria-label={`${m.webcall_state_label()}: ${stateLabel(view)}`}
          variant="light"
          color={over ? 'gray' : view.phase === 'live' ? (STATE_COLORS[view.state ?? 'listening'] ?? 'teal') : 'gray'}
          leftSection={view.phase === 'connecting' || view.phase === 'ending' ? <Loader size={10} aria-hidden /> : null}
          tt="none"
          data-testid="web-call-state"
          data-state={view.state ?? view.phase}
        >
          {stateLabel(view)}
        </Badge>
        <Text size="sm" ff="monospace" aria-label={m.webcall_elapsed()} data-testid="web-call-elapsed" component="span">
          {formatDuration(elapsed ?? 0)}
        </Text>
        <MicMeter level={level} active={view.phase === 'live'} />
      </Group>

      {problem && !unavailable ? (
        <Alert
          color={problem.kind === 'service-error' && !over ? 'orange' : 'red'}
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={over && view.callId === null ? m.webcall_failed_title() : undefined}
          data-testid="web-call-problem"
          ref={failure}
          tabIndex={-1}
        >
          <Text size="sm">{problemText(problem)}</Text>
        </Alert>
      ) : null}
      {unavailable ? <VoiceSetupCard message={problemText(problem)} /> : null}

      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <CallTranscript items={view.items} />
      </div>

      {view.phase === 'live' ? <CallKeypad onKey={pressKey} disabled={false} /> : null}

      {view.phase === 'ended' ? (
        <Stack gap={4} data-testid="web-call-ended">
          <Title order={3} size="sm" ref={outcome} tabIndex={-1}>
            {m.webcall_ended_title()}
          </Title>
          {view.endedReason ? (
            <Text size="sm" c="dimmed">
              {m.webcall_ended_reason({ reason: view.endedReason })}
            </Text>
          ) : null}
          {view.callId !== null ? (
            <AnchorLink to="/calls/$callId" params={{ callId: view.callId }} size="sm" data-testid="web-call-link">
              {m.webcall_open_call({ id: String(view.callId) })}
            </AnchorLink>
          ) : (
            <Text size="sm">
              {m.webcall_no_call_id()}{' '}
              <AnchorLink to="/calls" size="sm">
                {m.webcall_open_log()}
              </AnchorLink>
            </Text>
          )}
        </Stack>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {over ? (
          <>
            <Button variant="default" onClick={onClose}>
              {m.webcall_close()}
            </Button>
            <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRestart}>
              {m.webcall_try_again()}
            </Button>
          </>
        ) : (
          <Button color="red" leftSection={<IconPhoneOff size={16} aria-hidden />} onClick={end} loading={view.phase === 'ending'} data-autofocus data-testid="web-call-end">
            {m.webcall_end()}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
