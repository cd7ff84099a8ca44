import { Badge, Text } from '@mantine/core';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

const COLORS: Record<string, string> = { draft: 'gray', running: 'green', stopped: 'orange', completed: 'teal' };

const LABELS: Record<string, () => string> = {
  draft: m.campaigns_status_draft,
  running: m.campaigns_status_running,
  stopped: m.campaigns_status_stopped,
  completed: m.campaigns_status_completed,
};

/** A known status in the reader's language; any other as the service sent it. */
export function campaignStatusLabel(status: string): string {
  return Object.hasOwn(LABELS, status) ? LABELS[status]!() : status;
}

/** A campaign's status: known ones as badges with their word, any other as the service sent it. */
export function CampaignStatusBadge({ status }: { status: string }) {
  const color = Object.hasOwn(COLORS, status) ? COLORS[status] : undefined;
  if (!color) return <Text span size="sm" data-testid="campaign-status">{status || DASH}</Text>;
  return (
    <Badge color={color} variant={status === 'running' ? 'filled' : 'light'} tt="none" data-testid="campaign-status" data-status={status} miw="max-content">
      {campaignStatusLabel(status)}
    </Badge>
  );
}
