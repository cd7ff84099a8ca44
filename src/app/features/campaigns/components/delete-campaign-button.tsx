import { useRef } from 'react';
import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Campaign } from '@contract/campaign';
import { confirmAction } from '@/lib/confirm';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteCampaign } from '../api/delete-campaign';
import { campaignName } from '../lib/format';
import { DeleteButton } from '@/components/delete-button';

function confirmDeleteCampaign(c: Campaign): Promise<boolean> {
  const name = campaignName(c);
  return confirmAction({
    title: m.campaigns_delete_title({ name }),
    danger: true,
    confirmLabel: m.campaigns_delete(),
    children: (
      <Text size="sm">
        <Text span fw={600}>
          {name}
        </Text>{' '}
        {c.leads_count !== null && c.leads_count !== undefined
          ? m.campaigns_delete_leads({ count: formatNumber(c.leads_count) })
          : m.campaigns_delete_leads_unknown()}
        {c.status === 'running' ? ` ${m.campaigns_delete_running()}` : ''} {m.campaigns_delete_final()}
      </Text>
    ),
  });
}

/**
 * Asks, deletes, says how it went in the service's words (a running campaign may be refused).
 * `icon` for the list rows, a labelled button on the campaign's page.
 */
export function DeleteCampaignButton({ campaign, variant = 'icon', onDeleted }: { campaign: Campaign; variant?: 'icon' | 'button'; onDeleted?: () => void }) {
  const del = useDeleteCampaign();
  const name = campaignName(campaign);
  // One dialog and one request at a time, from the first click on.
  const inFlight = useRef(false);

  async function run() {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      if (!(await confirmDeleteCampaign(campaign))) return;
      const answer = await del.mutateAsync(campaign.id);
      notifySuccess(answer.message ?? m.campaigns_deleted_message({ name }), m.campaigns_deleted_title());
      onDeleted?.();
    } catch (e) {
      notifyError(e, m.campaigns_delete_failed({ name }));
    } finally {
      inFlight.current = false;
    }
  }

  if (variant === 'button') {
    return <DeleteButton loading={del.isPending} onClick={() => void run()} />;
  }
  return (
    <Tooltip label={m.campaigns_delete()}>
      <ActionIcon variant="subtle" color="red" aria-label={m.campaigns_delete_named({ name })} loading={del.isPending} onClick={() => void run()}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
