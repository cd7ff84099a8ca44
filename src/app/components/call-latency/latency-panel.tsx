import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import type { Call } from '@contract/call';
import { m } from '@/i18n';
import { latencySummary, latencyTurns, sinceAnswer } from '@/lib/call-latency';
import { parseTranscript } from '@/lib/transcript';

const LatencyDetails = lazy(() => import('./latency-details'));

/** The panel's frame while its code loads: the title, grey where the figures and the chart will be. */
function LatencySkeleton() {
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-busy="true" aria-label={m.calls_latency_loading()}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {m.calls_latency_title()}
        </Text>
        <Skeleton height={48} />
        <Skeleton height={32} />
        <Skeleton height={140} />
      </Stack>
    </Paper>
  );
}

/**
 * The model's time per assistant turn on a call a language model played (our extension): the call's p50
 * and p95 beside the 800 ms people notice, the turns as bars with that line, and the same numbers as a
 * table (for screen readers always; on screen with "Show as table"). Nothing on calls without a model,
 * and then not even its code: the panel (latency-details.tsx) loads for a call that has one.
 */
export function LatencyPanel({ call }: { call: Pick<Call, 'transcript' | 'latency'> }) {
  const turns = useMemo(() => {
    const parsed = parseTranscript(call.transcript);
    return latencyTurns(parsed, sinceAnswer(parsed));
  }, [call.transcript]);
  const summary = latencySummary(call.latency, turns);
  if (!summary) return null;
  return (
    <Suspense fallback={<LatencySkeleton />}>
      <LatencyDetails turns={turns} summary={summary} />
    </Suspense>
  );
}
