import { Button, Group } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import type { Campaign } from '@contract/campaign';
import { m } from '@/i18n';
import { campaignStatusLabel } from '@/components/campaign-status-badge';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateCampaignStatus, type CampaignAction } from '../api/update-campaign-status';

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
      const name = campaign.name;
      const status = answer.data?.status;
      notifySuccess(
        answer.message,
        status ? m.campaigns_status_now({ name, status: campaignStatusLabel(status) }) : action === 'start' ? m.campaigns_started({ name }) : m.campaigns_stopped({ name }),
      );
    } catch (e) {
      notifyError(e, action === 'start' ? m.campaigns_start_failed() : m.campaigns_stop_failed());
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
            aria-label={m.campaigns_start_named({ name: campaign.name })}
          >
            {m.campaigns_start()}
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
            aria-label={m.campaigns_stop_named({ name: campaign.name })}
          >
            {m.campaigns_stop()}
          </Button>
        ),
      )}
    </Group>
  );
}
