import { Group, Progress, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { CampaignSummary } from '@contract/live';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { CampaignStatusBadge } from '@/components/campaign-status-badge';
import { leadsDone } from '@/lib/campaign-progress';

/** Running campaigns, each with a bar of leads done (no longer waiting to be called) of all its leads. */
export function RunningCampaigns({ campaigns }: { campaigns: readonly CampaignSummary[] }) {
  // Bars grow as leads are done: without the slide for a reader who asks for less motion.
  const reduceMotion = useReducedMotion();
  return (
    <Stack gap="md" data-testid="running-campaigns">
      {campaigns.map((c) => {
        const p = leadsDone(c.leads_total, c.leads_by_status);
        const name = c.name || m.overview_campaign_fallback({ id: c.id });
        const done = formatNumber(p.done);
        const total = formatNumber(p.total);
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
                {m.overview_leads_done({ done, total })}
              </Text>
            </Group>
            <Progress value={p.percent} size="md" radius="sm" transitionDuration={reduceMotion ? 0 : undefined} aria-label={m.overview_leads_done_label({ name, done, total })} />
            <Text size="xs" c="dimmed">
              {c.calls_in_progress !== null
                ? m.overview_calls_in_progress({ count: formatNumber(c.calls_in_progress) })
                : m.overview_calls_in_progress_unknown()}
              {c.attempts !== null ? ` · ${m.overview_attempts({ count: formatNumber(c.attempts) })}` : ''}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
