import { useMemo } from 'react';
import { Alert, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import * as z from '../../../lib/zod-mini';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { campaignProgressQuery, useCampaignProgress } from '../../../features/campaigns/api/get-campaign-progress';
import { campaignsQuery } from '../../../features/campaigns/api/get-campaigns';
import { CampaignProgressSection } from '../../../features/campaigns/components/campaign-progress';
import { CampaignStatusBadge, CampaignStatusButtons } from '../../../features/campaigns/components/campaign-status';
import { DeleteCampaignButton } from '../../../features/campaigns/components/delete-campaign-button';
import { formatDays, formatHours, formatRetries } from '../../../features/campaigns/lib/format';
import { phoneNumbersQuery } from '../../../features/lookups/api';
import { leadsQuery } from '../../../features/leads/api/get-leads';
import { useLiveRefetchInterval } from '../../../features/live/live-context';
import { LeadStatusBadge } from '../../../features/leads/components/lead-status-badge';
import { LeadsTable } from '../../../features/leads/components/leads-table';
import { useDeleteLeadWithConfirm } from '../../../features/leads/components/use-delete-lead';
import { sortLeads } from '../../../features/leads/lib/list';

// zod/mini: params parsing stays in the entry chunk with the route tree.
const campaignParams = z.object({ campaignId: z.coerce.number().check(z.refine(Number.isInteger), z.gt(0)) });

export const Route = createFileRoute('/_app/campaigns/$campaignId')({
  params: { parse: (raw) => z.parse(campaignParams, raw), stringify: ({ campaignId }) => ({ campaignId: String(campaignId) }) },
  loader: ({ context: { queryClient }, params: { campaignId } }) =>
    Promise.all([
      queryClient.prefetchQuery(campaignsQuery()),
      queryClient.prefetchQuery(leadsQuery()),
      queryClient.prefetchQuery(campaignProgressQuery(campaignId)),
    ]),
  component: CampaignPage,
});

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function CampaignPage() {
  const { campaignId } = Route.useParams();
  const navigate = useNavigate();
  // While it runs, its status and leads move: the live stream refreshes them, or a 5 s poll when it is down.
  const interval = useLiveRefetchInterval();
  const campaigns = useQuery({
    ...campaignsQuery(),
    refetchInterval: (q) => (q.state.data?.find((c) => c.id === campaignId)?.status === 'running' ? interval : false),
  });
  const campaign = campaigns.data?.find((c) => c.id === campaignId);
  const running = campaign?.status === 'running';
  const leads = useQuery({ ...leadsQuery(), refetchInterval: running ? interval : false });
  const progress = useCampaignProgress(campaignId);
  const numbers = useQuery(phoneNumbersQuery());
  const remove = useDeleteLeadWithConfirm();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const own = useMemo(
    () => sortLeads((leads.data ?? []).filter((l) => (l.campaign_id ?? l.campaign?.id) === campaignId), 'created', 'desc'),
    [leads.data, campaignId],
  );
  const byStatus = useMemo(() => {
    const m = new Map<string, number>();
    for (const l of own) m.set(l.status, (m.get(l.status) ?? 0) + 1);
    return [...m.entries()];
  }, [own]);
  const numberLabels = (campaign?.phone_number_ids ?? []).map((id) => numbers.data?.find((n) => n.id === id)?.phone_number ?? `#${id}`);

  return (
    <QueryState query={campaigns} errorTitle="Could not load the campaign">
      {() =>
        !campaign ? (
          <>
            <PageHeader title="Campaign" />
            <Alert color="yellow" variant="light" title="No such campaign">
              There is no campaign {campaignId}. <AnchorLink to="/campaigns">All campaigns</AnchorLink>
            </Alert>
          </>
        ) : (
          <>
            <PageHeader
              title={campaign.name || `Campaign ${campaign.id}`}
              description={<CampaignStatusBadge status={campaign.status} />}
              actions={
                <>
                  {/* Delete first: start/stop keep their place at the right edge. */}
                  <DeleteCampaignButton campaign={campaign} variant="button" onDeleted={() => void navigate({ to: '/campaigns' })} />
                  <CampaignStatusButtons campaign={campaign} size="sm" />
                </>
              }
            />
            <Stack gap="lg">
              <Card withBorder padding="lg">
                <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
                  <Fact label="Assistant">{campaign.assistant?.name || (campaign.assistant_id !== null ? `#${campaign.assistant_id}` : '—')}</Fact>
                  <Fact label="Days">{formatDays(campaign.allowed_days) || '—'}</Fact>
                  <Fact label="Hours">
                    {formatHours(campaign.allowed_hours_start_time, campaign.allowed_hours_end_time) || '—'}
                    {campaign.timezone ? <Text size="xs" c="dimmed">{campaign.timezone}</Text> : null}
                  </Fact>
                  <Fact label="Retries">{formatRetries(campaign.max_retries, campaign.retry_interval) || '—'}</Fact>
                  <Fact label="Parallel calls">{campaign.max_calls_in_parallel ?? '—'}</Fact>
                  <Fact label="Calls from">{numberLabels.length ? numberLabels.join(', ') : '—'}</Fact>
                </SimpleGrid>
              </Card>
              <CampaignProgressSection query={progress} />
              <Card withBorder padding={compact ? 'xs' : 'lg'}>
                <Group justify="space-between" mb="sm" gap="sm">
                  <Group gap="sm">
                    <Title order={2} size="h4">
                      Leads
                    </Title>
                    <Group gap="sm" data-testid="campaign-lead-statuses" aria-label="Leads by status">
                      {byStatus.map(([status, n]) => (
                        <Group key={status} gap={4}>
                          <LeadStatusBadge status={status} />
                          <Text size="sm">{n}</Text>
                        </Group>
                      ))}
                    </Group>
                  </Group>
                  <Group gap="xs">
                    <ButtonLink to="/leads/import" search={{ campaign: campaign.id }} variant="default" size="xs" leftSection={<IconFileImport size={14} aria-hidden />}>
                      Import CSV
                    </ButtonLink>
                    <ButtonLink to="/leads/new" search={{ campaign: campaign.id }} size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
                      Add lead
                    </ButtonLink>
                  </Group>
                </Group>
                <QueryState query={leads} errorTitle="Could not load the leads">
                  {() =>
                    own.length === 0 ? (
                      <EmptyState py="lg" variant="light" title="No leads in this campaign" description="Add leads by hand or import them from a CSV file." />
                    ) : (
                      <>
                        <LeadsTable
                          leads={own.slice(0, 100)}
                          hideCampaign
                          compact={compact}
                          onDelete={(lead) => void remove.run(lead)}
                          deletingId={remove.deletingId}
                          renderEditLink={(lead, children) => (
                            <AnchorLink to="/leads/$leadId" params={{ leadId: lead.id }} c="inherit" underline="hover">
                              {children}
                            </AnchorLink>
                          )}
                        />
                        {own.length > 100 ? (
                          <Text size="sm" mt="sm">
                            The newest 100 of {own.length} leads.{' '}
                            <AnchorLink to="/leads" search={{ campaign: campaign.id }}>
                              All leads of this campaign
                            </AnchorLink>
                          </Text>
                        ) : (
                          <Text size="sm" mt="sm" c="dimmed">
                            {own.length} lead{own.length === 1 ? '' : 's'} ·{' '}
                            <AnchorLink to="/leads" search={{ campaign: campaign.id }}>
                              Search and sort them in Leads
                            </AnchorLink>
                          </Text>
                        )}
                      </>
                    )
                  }
                </QueryState>
              </Card>
            </Stack>
          </>
        )
      }
    </QueryState>
  );
}
