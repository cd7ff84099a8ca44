import { useMemo } from 'react';
import { Alert, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import * as z from '@/lib/zod-mini';
import { AnchorLink, ButtonLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { campaignProgressQuery, useCampaignProgress } from '@/features/campaigns/api/get-campaign-progress';
import { campaignsQuery } from '@/features/campaigns/api/get-campaigns';
import { CampaignProgressSection } from '@/features/campaigns/components/campaign-progress';
import { CampaignStatusBadge } from '@/components/campaign-status-badge';
import { CampaignStatusButtons } from '@/features/campaigns/components/campaign-status';
import { DeleteCampaignButton } from '@/features/campaigns/components/delete-campaign-button';
import { campaignName, formatDays, formatHours, formatRetries } from '@/features/campaigns/lib/format';
import { phoneNumbersQuery } from '@/api/get-phone-numbers';
import { leadsQuery } from '@/features/leads/api/get-leads';
import { useLiveRefetchInterval } from '@/live/live-context';
import { LeadStatusBadge } from '@/components/lead-status-badge';
import { LeadsTable } from '@/features/leads/components/leads-table';
import { useDeleteLeadWithConfirm } from '@/features/leads/components/use-delete-lead';
import { sortLeads } from '@/features/leads/lib/list';

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
    const counts = new Map<string, number>();
    for (const l of own) counts.set(l.status, (counts.get(l.status) ?? 0) + 1);
    return [...counts.entries()];
  }, [own]);
  const numberLabels = (campaign?.phone_number_ids ?? []).map((id) => numbers.data?.find((n) => n.id === id)?.phone_number ?? `#${id}`);

  return (
    <QueryState query={campaigns} errorTitle={m.campaigns_load_one_error()}>
      {() =>
        !campaign ? (
          <>
            <PageHeader title={m.campaigns_campaign()} />
            <Alert color="yellow" variant="light" title={m.campaigns_not_found_title()}>
              {m.campaigns_not_found_text({ id: campaignId })} <AnchorLink to="/campaigns">{m.campaigns_all()}</AnchorLink>
            </Alert>
          </>
        ) : (
          <>
            <PageHeader
              title={campaignName(campaign)}
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
                  <Fact label={m.campaigns_fact_assistant()}>
                    {campaign.assistant?.name || (campaign.assistant_id !== null ? `#${campaign.assistant_id}` : DASH)}
                  </Fact>
                  <Fact label={m.campaigns_fact_days()}>{formatDays(campaign.allowed_days) || DASH}</Fact>
                  <Fact label={m.campaigns_fact_hours()}>
                    {formatHours(campaign.allowed_hours_start_time, campaign.allowed_hours_end_time) || DASH}
                    {campaign.timezone ? <Text size="xs" c="dimmed">{campaign.timezone}</Text> : null}
                  </Fact>
                  <Fact label={m.campaigns_fact_retries()}>{formatRetries(campaign.max_retries, campaign.retry_interval) || DASH}</Fact>
                  <Fact label={m.campaigns_fact_parallel()}>{formatNumber(campaign.max_calls_in_parallel)}</Fact>
                  <Fact label={m.campaigns_fact_numbers()}>{numberLabels.length ? numberLabels.join(', ') : DASH}</Fact>
                </SimpleGrid>
              </Card>
              <CampaignProgressSection query={progress} />
              <Card withBorder padding={compact ? 'xs' : 'lg'}>
                <Group justify="space-between" mb="sm" gap="sm">
                  <Group gap="sm">
                    <Title order={2} size="h4">
                      {m.campaigns_leads()}
                    </Title>
                    <Group gap="sm" role="group" data-testid="campaign-lead-statuses" aria-label={m.campaigns_leads_by_status()}>
                      {byStatus.map(([status, n]) => (
                        <Group key={status} gap={4}>
                          <LeadStatusBadge status={status} />
                          <Text size="sm">{formatNumber(n)}</Text>
                        </Group>
                      ))}
                    </Group>
                  </Group>
                  <Group gap="xs">
                    <ButtonLink to="/leads/import" search={{ campaign: campaign.id }} variant="default" size="xs" leftSection={<IconFileImport size={14} aria-hidden />}>
                      {m.campaigns_import_csv()}
                    </ButtonLink>
                    <ButtonLink to="/leads/new" search={{ campaign: campaign.id }} size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
                      {m.campaigns_add_lead()}
                    </ButtonLink>
                  </Group>
                </Group>
                <QueryState query={leads} errorTitle={m.campaigns_leads_load_error()}>
                  {() =>
                    own.length === 0 ? (
                      <EmptyState py="lg" variant="light" title={m.campaigns_no_leads_title()} description={m.campaigns_no_leads_description()} />
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
                            {m.campaigns_newest_leads({ shown: formatNumber(100), count: formatNumber(own.length) })}{' '}
                            <AnchorLink to="/leads" search={{ campaign: campaign.id }}>
                              {m.campaigns_all_leads_link()}
                            </AnchorLink>
                          </Text>
                        ) : (
                          <Text size="sm" mt="sm" c="dimmed">
                            {`${m.campaigns_leads_count({ count: formatNumber(own.length) })} · `}
                            <AnchorLink to="/leads" search={{ campaign: campaign.id }}>
                              {m.campaigns_search_leads_link()}
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
