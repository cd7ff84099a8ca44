import { useRef } from 'react';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Campaign } from '../../../../contract/campaign';
import { confirmAction } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteCampaign } from '../api/delete-campaign';

function confirmDeleteCampaign(c: Campaign): Promise<boolean> {
  const name = c.name || `Campaign ${c.id}`;
  return confirmAction({
    title: `Delete the campaign “${name}”?`,
    danger: true,
    confirmLabel: 'Delete campaign',
    children: (
      <Text size="sm">
        <Text span fw={600}>
          {name}
        </Text>{' '}
        and its {c.leads_count !== null && c.leads_count !== undefined ? `${c.leads_count} lead${c.leads_count === 1 ? '' : 's'}` : 'leads'} are removed.
        {c.status === 'running' ? ' It is running: deleting it stops its calls.' : ''} Past calls stay in the call log. This cannot be
        undone.
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
  const name = campaign.name || `Campaign ${campaign.id}`;
  // One dialog and one request at a time, from the first click on.
  const inFlight = useRef(false);

  async function run() {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      if (!(await confirmDeleteCampaign(campaign))) return;
      const answer = await del.mutateAsync(campaign.id);
      notifySuccess(answer.message ?? `“${name}” was deleted.`, 'Campaign deleted');
      onDeleted?.();
    } catch (e) {
      notifyError(e, `“${name}” was not deleted`);
    } finally {
      inFlight.current = false;
    }
  }

  if (variant === 'button') {
    return (
      <Button variant="light" color="red" size="sm" leftSection={<IconTrash size={16} aria-hidden />} loading={del.isPending} onClick={() => void run()}>
        Delete
      </Button>
    );
  }
  return (
    <Tooltip label="Delete campaign">
      <ActionIcon variant="subtle" color="red" aria-label={`Delete campaign ${name}`} loading={del.isPending} onClick={() => void run()}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
