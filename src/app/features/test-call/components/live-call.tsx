import { useEffect, useState } from 'react';
import { Alert, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';
import { callQueryOptions } from '@/api/get-call';
import { RecordingPlayer } from '@/components/recording-player';
import { TranscriptView } from '@/components/transcript-view';
import { LatencyPanel } from '@/components/call-latency/latency-panel';
import { parseTranscript } from '@/lib/transcript';
import { formatCost, formatDuration, humanize } from '@/lib/call-format';
import { callProgress } from '../lib/steps';
import { CallSteps } from './call-steps';

/** Looked at every second while the call moves (the live stream nudges it too); less often after a while. */
export const FAST_REFRESH_MS = 1_000;
const SLOW_REFRESH_MS = 5_000;
const FAST_FOR_MS = 3 * 60_000;
const GIVE_UP_AFTER_MS = 30 * 60_000;
/** A call left at `ended` this long is taken as ended for good (a host whose final status is `ended`). */
export const ENDED_GRACE_MS = 20_000;

const ANSWERED_BY: Record<string, () => string> = { human: m.testcall_answered_by_human, machine: m.testcall_answered_by_machine };

/** Who answered, in the reader's language; a value the console does not know as the service sent it. */
function answeredByLabel(value: string): string {
  return Object.hasOwn(ANSWERED_BY, value) ? ANSWERED_BY[value]!() : humanize(value);
}

/** A call as it happens: its steps live, then its outcome, transcript and recording. */
export function LiveCall({ callId }: { callId: number }) {
  const [startedAt] = useState(() => Date.now());
  // Statuses seen on the way (a failed call seen ringing did ring), kept as state adjusted while rendering.
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const [endedLong, setEndedLong] = useState(false);

  const query = useQuery({
    ...callQueryOptions(callId),
    staleTime: 0,
    refetchInterval: (q) => {
      const call = q.state.data;
      if (call && !callProgress(call.status, call.answered_by, { endedIsFinal: endedLong }).live) return false;
      const elapsed = Date.now() - startedAt;
      if (elapsed > GIVE_UP_AFTER_MS) return false;
      return elapsed < FAST_FOR_MS ? FAST_REFRESH_MS : SLOW_REFRESH_MS;
    },
    refetchIntervalInBackground: true,
  });
  const call = query.data;
  const status = call?.status;

  if (status !== undefined && !seen.has(status)) setSeen(new Set(seen).add(status));

  useEffect(() => {
    if (status !== 'ended') return;
    const timer = setTimeout(() => setEndedLong(true), ENDED_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (!call) {
    if (query.isError) return <ErrorState error={query.error} title={m.testcall_load_error()} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return (
      <Text size="sm" c="dimmed">
        {m.testcall_waiting_first_status({ id: callId })}
      </Text>
    );
  }

  const progress = callProgress(call.status, call.answered_by, { seen, endedIsFinal: endedLong });

  return (
    <Stack gap="md" data-testid="live-call" data-call-id={callId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {call.type === 'inbound'
            ? m.testcall_call_inbound({ id: callId, from: call.client_phone_number ?? DASH, to: call.assistant_phone_number ?? DASH })
            : m.testcall_call_outbound({ id: callId, to: call.client_phone_number ?? DASH })}
        </Text>
        <AnchorLink to="/calls/$callId" params={{ callId }} size="sm">
          {m.testcall_open_in_log()}
        </AnchorLink>
      </Group>
      <CallSteps progress={progress} />
      {query.isError && progress.live ? (
        <Alert color="yellow" variant="light" title={m.testcall_updates_paused()}>
          <Text size="sm">{`${errorMessage(query.error)} ${m.testcall_retrying()}`}</Text>
        </Alert>
      ) : null}
      {progress.live ? (
        // A model's conversation takes a while: its turns show as they are said.
        parseTranscript(call.transcript).length > 0 ? (
          <Stack gap="xs" component="section" aria-label={m.testcall_transcript()}>
            <Title order={3} size="h5">
              {m.testcall_transcript()}
            </Title>
            <TranscriptView transcript={call.transcript} />
          </Stack>
        ) : null
      ) : (
        <>
          <Divider />
          <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={130}>{m.testcall_duration()}</Table.Th>
                <Table.Td data-testid="live-call-duration">{formatDuration(call.duration)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.testcall_answered_by()}</Table.Th>
                <Table.Td>{call.answered_by ? answeredByLabel(call.answered_by) : DASH}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.testcall_cost()}</Table.Th>
                <Table.Td>{formatCost(call.total_cost)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Stack gap="xs" component="section" aria-label={m.testcall_recording()}>
            <Title order={3} size="h5">
              {m.testcall_recording()}
            </Title>
            <RecordingPlayer key={call.recording_url ?? 'none'} url={call.recording_url} callId={call.id} />
          </Stack>
          <Stack gap="xs" component="section" aria-label={m.testcall_transcript()}>
            <Title order={3} size="h5">
              {m.testcall_transcript()}
            </Title>
            {call.conversation_mode === 'scripted' ? (
              <Text size="sm" c="dimmed" data-testid="scripted-note">
                {m.testcall_simulated_without_model()}
              </Text>
            ) : null}
            <LatencyPanel call={call} />
            <TranscriptView transcript={call.transcript} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
