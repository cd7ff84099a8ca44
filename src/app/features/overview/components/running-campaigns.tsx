import { Group, Progress, Stack, Text } from '@mantine/core';
import type { CampaignSummary } from '../../../../contract/live';
import { AnchorLink } from '../../../components/links';
import { CampaignStatusBadge } from '../../campaigns/components/campaign-status';
import { leadsDone } from '../../campaigns/lib/progress';

const number = new Intl.NumberFormat('en-US');

/** Running campaigns, each with a bar of leads done (no longer waiting to be called) of all its leads. */
export function RunningCampaigns({ campaigns }: { campaigns: readonly CampaignSummary[] }) {
  return (
    <Stack gap="md" data-testid="running-campaigns">
      {campaigns.map((c) => {
        const p = leadsDone(c.leads_total, c.leads_by_status);
        const name = c.name || `Campaign #${c.id}`;
        return (
          <Stack key={c.id} gap={6} data-testid="running-campaign" data-campaign-id={c.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <AnchorLink to="/campaigns/$campaignId" params={{ campaignId: c.id }} fw={600} size="sm" truncate>
                  {name}
                </AnchorLink>
                {c.status && c.status !== 'running' ? <CampaignStatusBadge status={c.status} /> : null}
              </Group>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="leads-done">
                {number.format(p.done)} / {number.format(p.total)} leads done
              </Text>
            </Group>
            <Progress value={p.percent} size="md" radius="sm" aria-label={`${name}: ${p.done} of ${p.total} leads done`} />
            <Text size="xs" c="dimmed">
              {c.calls_in_progress !== null ? `${number.format(c.calls_in_progress)} call${c.calls_in_progress === 1 ? '' : 's'} in progress` : 'Calls in progress not reported'}
              {c.attempts !== null ? ` · ${number.format(c.attempts)} attempt${c.attempts === 1 ? '' : 's'}` : ''}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
