import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import type { Campaign } from '../../../../contract/campaign';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateCampaignStatus, type CampaignAction } from '../api/update-campaign-status';

const COLORS: Record<string, string> = { draft: 'gray', running: 'green', stopped: 'orange', completed: 'teal' };

/** A campaign's status: known ones as badges, any other as the service sent it. */
export function CampaignStatusBadge({ status }: { status: string }) {
  const color = COLORS[status];
  if (!color) return <Text span size="sm" data-testid="campaign-status">{status || '—'}</Text>;
  return (
    <Badge color={color} variant={status === 'running' ? 'filled' : 'light'} tt="none" data-testid="campaign-status" miw="max-content">
      {status}
    </Badge>
  );
}

/** What a person can do from a status: start a draft or stopped campaign, stop a running one. */
export function actionsFor(status: string): CampaignAction[] {
  if (status === 'running') return ['stop'];
  if (status === 'draft' || status === 'stopped') return ['start'];
  if (status === 'completed') return [];
  return ['start', 'stop']; // a status we do not know: offer both, the service decides
}

/** Start / stop through update-status; the outcome is a notification in the service's words. */
export function CampaignStatusButtons({ campaign, size = 'xs' }: { campaign: Campaign; size?: 'xs' | 'sm' }) {
  const mutation = useUpdateCampaignStatus();
  const run = async (action: CampaignAction) => {
    try {
      const answer = await mutation.mutateAsync({ campaignId: campaign.id, action });
      notifySuccess(answer.message, `“${campaign.name}” ${answer.data?.status || (action === 'start' ? 'started' : 'stopped')}`);
    } catch (e) {
      notifyError(e, action === 'start' ? 'The campaign did not start' : 'The campaign did not stop');
    }
  };
  const pending = mutation.isPending ? mutation.variables?.action : undefined;
  return (
    <Group gap={6} wrap="nowrap">
      {actionsFor(campaign.status).map((action) =>
        action === 'start' ? (
          <Button
            key={action}
            size={size}
            variant="light"
            color="green"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            loading={pending === 'start'}
            disabled={mutation.isPending && pending !== 'start'}
            onClick={() => void run('start')}
            aria-label={`Start campaign ${campaign.name}`}
          >
            Start
          </Button>
        ) : (
          <Button
            key={action}
            size={size}
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            loading={pending === 'stop'}
            disabled={mutation.isPending && pending !== 'stop'}
            onClick={() => void run('stop')}
            aria-label={`Stop campaign ${campaign.name}`}
          >
            Stop
          </Button>
        ),
      )}
    </Group>
  );
}
