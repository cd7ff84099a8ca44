import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Card, EmptyState, Group, Progress, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CampaignProgress } from '@contract/live';
import { ErrorState } from '@/components/error-state';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { CallStatusBadge } from '@/components/call-status-badge';
import { LeadStatusBadge } from '@/components/lead-status-badge';
import { LiveCallsTable } from '@/components/live-calls-table';
import { useNow } from '@/live/use-now';
import { progressNotOffered } from '../api/get-campaign-progress';
import { leadsDone } from '@/lib/campaign-progress';
import { CampaignProgressNotOffered } from './campaign-progress-not-offered';
import { CampaignProgressTable } from './campaign-progress-table';

// The chart (recharts) loads only on a campaign's page, after the figures.
const CampaignProgressChart = lazy(() => import('./campaign-progress-chart'));

/** Lead statuses in the order a campaign moves them, then any other the service sends. */
const LEAD_ORDER = ['created', 'completed', 'reached-max-retries'];
const LEAD_COLORS: Record<string, string> = { created: 'blue', completed: 'teal', 'reached-max-retries': 'orange' };

export function orderedStatuses(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort(([a], [b]) => {
    const ia = LEAD_ORDER.indexOf(a);
    const ib = LEAD_ORDER.indexOf(b);
    return (ia === -1 ? LEAD_ORDER.length : ia) - (ib === -1 ? LEAD_ORDER.length : ib) || a.localeCompare(b);
  });
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Leads by status: a bar split by status, and each status with its count in words beside it. */
function LeadsByStatus({ progress }: { progress: CampaignProgress }) {
  const p = leadsDone(progress.leads_total, progress.leads_by_status);
  const statuses = orderedStatuses(progress.leads_by_status);
  const total = Math.max(p.total, statuses.reduce((s, [, n]) => s + n, 0));
  // The parts grow as leads move on: without the slide for a reader who asks for less motion.
  const reduceMotion = useReducedMotion();
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {m.campaigns_leads()}
        </Text>
        <Text size="sm" c="dimmed" data-testid="progress-leads-done">
          {m.campaigns_progress_done({ done: formatNumber(p.done), total: formatNumber(p.total) })}
        </Text>
      </Group>
      {/* One bar for the whole: its parts (one per status) are drawn, the counts below say the same in words. */}
      <Progress.Root
        size="lg"
        radius="sm"
        transitionDuration={reduceMotion ? 0 : undefined}
        role="progressbar"
        aria-label={m.campaigns_progress_done_label({ done: formatNumber(p.done), total: formatNumber(p.total) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(p.percent)}
      >
        {total > 0
          ? statuses.map(([status, n]) =>
              n > 0 ? <Progress.Section key={status} value={(n / total) * 100} color={LEAD_COLORS[status] ?? 'gray'} aria-hidden /> : null,
            )
          : null}
      </Progress.Root>
      {statuses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.campaigns_progress_no_leads()}
        </Text>
      ) : (
        <Group gap="md" role="group" data-testid="progress-lead-statuses" aria-label={m.campaigns_leads_by_status()}>
          {statuses.map(([status, n]) => (
            <StatusCount key={status} badge={<LeadStatusBadge status={status} />} n={n} data-testid="progress-lead-status" data-status={status} data-count={n} />
          ))}
        </Group>
      )}
    </Stack>
  );
}

function OverTime({ progress }: { progress: CampaignProgress }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  if (progress.series.length === 0) {
    return <EmptyState py="md" variant="light" title={m.campaigns_progress_no_calls_title()} description={m.campaigns_progress_no_calls_description()} />;
  }
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v === 'table' ? 'table' : 'chart')}
          data={[
            { value: 'chart', label: m.campaigns_view_chart() },
            { value: 'table', label: m.campaigns_view_table() },
          ]}
          aria-label={m.campaigns_view_label()}
        />
      </Group>
      {view === 'chart' ? (
        <Suspense fallback={<Skeleton height={220} radius="md" />}>
          <CampaignProgressChart series={progress.series} bucketSeconds={progress.bucket_seconds} />
        </Suspense>
      ) : (
        <CampaignProgressTable series={progress.series} bucketSeconds={progress.bucket_seconds} />
      )}
    </Stack>
  );
}

/** A campaign's progress (the data is in): leads by status, calls in progress, attempts, calls over time. */
export function CampaignProgressView({ progress }: { progress: CampaignProgress }) {
  const live = progress.live_calls;
  const now = useNow(live.length > 0);
  const inProgress = progress.calls_in_progress ?? live.length;
  const callStatuses = Object.entries(progress.calls_by_status).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Stack gap="lg" data-testid="campaign-progress">
      <Card withBorder padding="lg" radius="md">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <Figure label={m.campaigns_progress_in_progress()} value={formatNumber(inProgress)} testId="progress-in-progress" />
            <Figure label={m.campaigns_progress_attempts()} value={progress.attempts !== null ? formatNumber(progress.attempts) : DASH} testId="progress-attempts" />
            <Figure label={m.campaigns_leads()} value={progress.leads_total !== null ? formatNumber(progress.leads_total) : DASH} testId="progress-leads-total" />
          </SimpleGrid>
          <LeadsByStatus progress={progress} />
          {callStatuses.length > 0 ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {m.campaigns_progress_calls_by_status()}
              </Text>
              <Group gap="md" role="group" aria-label={m.campaigns_progress_calls_by_status()} data-testid="progress-call-statuses">
                {callStatuses.map(([status, n]) => (
                  <StatusCount key={status} badge={<CallStatusBadge status={status} />} n={n} />
                ))}
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder padding="lg" radius="md" component="section" aria-label={m.campaigns_progress_in_progress()}>
          <Title order={2} size="h4" mb="sm">
            {m.campaigns_progress_in_progress()}
          </Title>
          {live.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="progress-no-live-calls">
              {m.campaigns_progress_no_live_calls()}
            </Text>
          ) : (
            <LiveCallsTable calls={live} now={now} hideCampaign />
          )}
        </Card>
        <Card withBorder padding="lg" radius="md" component="section" aria-label={m.campaigns_progress_over_time()}>
          <Title order={2} size="h4" mb="sm">
            {m.campaigns_progress_over_time()}
          </Title>
          <OverTime progress={progress} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** The progress query in each state: loading, not offered by this host, failed, or the data. */
export function CampaignProgressSection({ query }: { query: UseQueryResult<CampaignProgress> }) {
  if (query.isPending) return <Skeleton height={180} radius="md" role="status" aria-label={m.campaigns_progress_loading()} />;
  if (query.data === undefined) {
    if (progressNotOffered(query.error)) return <CampaignProgressNotOffered />;
    return (
      <ErrorState error={query.error} title={m.campaigns_progress_error()} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return <CampaignProgressView progress={query.data} />;
}

/** A status's badge and how many are in it. */
function StatusCount({ badge, n, ...rest }: { badge: ReactNode; n: number } & Record<`data-${string}`, string | number>) {
  return (
    <Group gap={6} {...rest}>
      {badge}
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatNumber(n)}
      </Text>
    </Group>
  );
}
