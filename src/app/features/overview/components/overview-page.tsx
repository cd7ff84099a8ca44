import type { ReactNode } from 'react';
import { Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Overview } from '@contract/live';
import { ErrorState } from '@/components/error-state';
import { AnchorLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { TableSkeleton } from '@/components/table-skeleton';
import { LiveCallsTable } from '@/components/live-calls-table';
import { useNow } from '@/live/use-now';
import { browserTimeZone, isNotOffered, useOverview } from '../api/get-overview';
import { DayStatsGrid } from './day-stats';
import { FailedDeliveries } from './failed-deliveries';
import { OverviewNotOffered } from './not-offered';
import { RunningCampaigns } from './running-campaigns';

function Section({ title, aside, children, testId }: { title: string; aside?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** The overview's figures and lists (the data is in). */
export function OverviewContent({ overview }: { overview: Overview }) {
  const live = overview.live_calls;
  const now = useNow(live.length > 0);
  return (
    <Stack gap="lg">
      <DayStatsGrid today={overview.today} yesterday={overview.yesterday} />
      <Section
        title={m.overview_calls_now()}
        testId="overview-live-calls"
        aside={
          <Text size="sm" c="dimmed" data-testid="live-call-count">
            {live.length === 0 ? m.overview_calls_now_none() : m.overview_calls_now_count({ count: formatNumber(live.length) })}
          </Text>
        }
      >
        {live.length === 0 ? (
          <EmptyState py="md" variant="light" title={m.overview_no_calls_title()} description={m.overview_no_calls_description()} />
        ) : (
          <LiveCallsTable calls={live} now={now} />
        )}
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section
          title={m.overview_running_campaigns()}
          testId="overview-campaigns"
          aside={
            <AnchorLink to="/campaigns" size="sm">
              {m.overview_all_campaigns()}
            </AnchorLink>
          }
        >
          {overview.running_campaigns.length === 0 ? (
            <EmptyState py="md" variant="light" title={m.overview_no_campaigns_title()} description={m.overview_no_campaigns_description()} />
          ) : (
            <RunningCampaigns campaigns={overview.running_campaigns} />
          )}
        </Section>
        <Section title={m.overview_failed_deliveries()} testId="overview-deliveries">
          {overview.failed_deliveries.length === 0 ? (
            <EmptyState py="md" variant="light" title={m.overview_no_failures_title()} description={m.overview_no_failures_description()} />
          ) : (
            <FailedDeliveries deliveries={overview.failed_deliveries} />
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={m.overview_loading()}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg" radius="md">
        <TableSkeleton rows={3} columns={4} />
      </Card>
    </Stack>
  );
}

/** What the overview query shows in each state: loading, not offered by this host, failed, or the data. */
export function OverviewBody({ query }: { query: UseQueryResult<Overview> }) {
  if (query.isPending) return <OverviewSkeleton />;
  if (query.data === undefined) {
    if (isNotOffered(query.error)) return <OverviewNotOffered />;
    return <ErrorState error={query.error} title={m.overview_load_error()} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <OverviewContent overview={query.data} />;
}

/** The home page after sign-in. */
export function OverviewPage() {
  const timezone = browserTimeZone();
  const query = useOverview(timezone);
  const zone = query.data?.timezone || timezone;
  return (
    <>
      <PageHeader title={m.overview_title()} description={m.overview_description({ zone })} />
      <OverviewBody query={query} />
    </>
  );
}
