import { Text } from '@mantine/core';
import type { Lead } from '@contract/lead';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteLead } from '../api/delete-lead';
import { customerName } from '../lib/format';
import { PhoneText } from './leads-table';

/** Shared by the leads list and a campaign's page: asks, deletes, says how it went. */
export function useDeleteLeadWithConfirm() {
  const del = useDeleteLead();
  const run = async (lead: Lead): Promise<boolean> => {
    const ok = await confirmAction({
      title: m.leads_delete_title(),
      danger: true,
      confirmLabel: m.leads_delete_lead(),
      children: (
        <Text size="sm">
          <PhoneText e164={lead.phone_number} fw={600} />
          {m.leads_delete_body({
            name: customerName(lead) ? ` (${customerName(lead)})` : '',
            campaign: lead.campaign?.name ? m.leads_delete_named_campaign({ campaign: lead.campaign.name }) : m.leads_delete_its_campaign(),
            contacts:
              lead.secondary_contacts.length > 0 ? m.leads_delete_with_contacts({ count: formatNumber(lead.secondary_contacts.length) }) : '',
          })}
        </Text>
      ),
    });
    if (!ok) return false;
    try {
      await del.mutateAsync(lead.id);
      notifySuccess(m.leads_deleted_notice({ lead: lead.phone_number ?? lead.id }));
      return true;
    } catch (e) {
      notifyError(e, m.leads_delete_failed());
      return false;
    }
  };
  return { run, deletingId: del.isPending ? (del.variables ?? null) : null };
}

