import { Text } from '@mantine/core';
import type { Lead } from '../../../../contract/lead';
import { confirmAction } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteLead } from '../api/delete-lead';
import { customerName } from '../lib/format';
import { PhoneText } from './leads-table';

/** Shared by the leads list and a campaign's page: asks, deletes, says how it went. */
export function useDeleteLeadWithConfirm() {
  const del = useDeleteLead();
  const run = async (lead: Lead): Promise<boolean> => {
    const ok = await confirmAction({
      title: 'Delete this lead?',
      danger: true,
      confirmLabel: 'Delete lead',
      children: (
        <Text size="sm">
          <PhoneText e164={lead.phone_number} fw={600} />
          {customerName(lead) ? ` (${customerName(lead)})` : ''} is removed from {lead.campaign?.name ? `“${lead.campaign.name}”` : 'its campaign'}
          {lead.secondary_contacts.length > 0
            ? `, with its ${lead.secondary_contacts.length} secondary contact${lead.secondary_contacts.length === 1 ? '' : 's'}`
            : ''}
          . This cannot be undone.
        </Text>
      ),
    });
    if (!ok) return false;
    try {
      await del.mutateAsync(lead.id);
      notifySuccess(`Lead ${lead.phone_number ?? lead.id} deleted.`);
      return true;
    } catch (e) {
      notifyError(e, 'The lead was not deleted');
      return false;
    }
  };
  return { run, deletingId: del.isPending ? (del.variables ?? null) : null };
}

