import type { ReactNode } from 'react';
import { Group, Stack, Table, Text } from '@mantine/core';
import type { Campaign } from '@contract/campaign';
import { CompactRowCard } from '@/components/compact-row-card';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { campaignName, formatRetries, formatSchedule } from '../lib/format';
import { CampaignStatusBadge } from '@/components/campaign-status-badge';
import { CampaignStatusButtons } from './campaign-status';
import { DeleteCampaignButton } from './delete-campaign-button';
import { ScrollTable } from '@/components/scroll-table';

function assistantName(c: Campaign): string {
  if (c.assistant?.name) return c.assistant.name;
  // Hosted campaign lists may not say which assistant calls: unknown, not "none".
  return c.assistant_id !== null ? m.campaigns_assistant_fallback({ id: c.assistant_id }) : DASH;
}

const leadsCount = (c: Campaign) => (c.leads_count !== null && c.leads_count !== undefined ? m.campaigns_leads_count({ count: formatNumber(c.leads_count) }) : null);

export function CampaignsTable({
  campaigns,
  renderLink,
  compact,
}: {
  campaigns: Campaign[];
  renderLink: (campaign: Campaign, children: ReactNode) => ReactNode;
  compact?: boolean;
}) {
  if (compact) {
    return (
      <Stack gap="sm" data-testid="campaigns-table">
        {campaigns.map((c) => (
          <CompactRowCard
            key={c.id}
            data-testid="campaign-row"
            data-campaign-id={c.id}
            main={
              <>
                {renderLink(c, <Text fw={600} truncate>{campaignName(c)}</Text>)}
                <Text size="xs" c="dimmed" truncate>
                  {assistantName(c)}
                </Text>
              </>
            }
            aside={<CampaignStatusBadge status={c.status} />}
          >
            <Text size="xs" mt={6}>
              {formatSchedule(c.allowed_days, c.allowed_hours_start_time, c.allowed_hours_end_time)}
              {c.timezone ? ` (${c.timezone})` : ''}
            </Text>
            <Group justify="space-between" mt={6}>
              <Text size="xs" c="dimmed">
                {m.campaigns_retries_line({ retries: formatRetries(c.max_retries, c.retry_interval) || DASH })}
                {leadsCount(c) !== null ? ` · ${leadsCount(c)}` : ''}
              </Text>
              <Group gap={6} wrap="nowrap">
                <CampaignStatusButtons campaign={c} />
                <DeleteCampaignButton campaign={c} />
              </Group>
            </Group>
          </CompactRowCard>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollTable
      minWidth={780}
      verticalSpacing="sm"
      horizontalSpacing="xs"
      highlightOnHover
      data-testid="campaigns-table"
      titles={[m.common_name(), m.common_status(), m.campaigns_col_assistant(), m.campaigns_col_schedule(), m.campaigns_col_retries()]}
      actions={m.campaigns_col_actions()}
    >
      {campaigns.map((c) => (
        <Table.Tr key={c.id} data-testid="campaign-row" data-campaign-id={c.id}>
          <Table.Td maw={220}>
            {renderLink(c, <Text size="sm" fw={600} truncate title={campaignName(c)}>{campaignName(c)}</Text>)}
            <Text size="xs" c="dimmed">
              {leadsCount(c) !== null ? `${leadsCount(c)} · ` : ''}
              {c.max_calls_in_parallel !== null ? m.campaigns_in_parallel({ count: formatNumber(c.max_calls_in_parallel) }) : ''}
            </Text>
          </Table.Td>
          <Table.Td>
            <CampaignStatusBadge status={c.status} />
          </Table.Td>
          <Table.Td maw={170}>
            <Text size="sm" truncate title={assistantName(c)} c={c.assistant ? undefined : 'dimmed'}>
              {assistantName(c)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatSchedule(c.allowed_days, c.allowed_hours_start_time, c.allowed_hours_end_time)}
            </Text>
            {c.timezone ? (
              <Text size="xs" c="dimmed">
                {c.timezone}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatRetries(c.max_retries, c.retry_interval) || DASH}</Text>
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <CampaignStatusButtons campaign={c} />
              <DeleteCampaignButton campaign={c} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
