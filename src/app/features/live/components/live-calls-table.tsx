import { Table, Text } from '@mantine/core';
import type { LiveCall } from '../../../../contract/live';
import { AnchorLink } from '../../../components/links';
import { PhoneNumber } from '../../calls/components/phone-number';
import { StatusBadge } from '../../calls/components/status-badge';
import { since } from '../lib/time';

/**
 * Calls in flight: status (a badge with its word), assistant, the customer's number, and how long since
 * the call was answered (or, before that, placed). Everything from the service is shown as text.
 */
export function LiveCallsTable({ calls, now, hideCampaign = false }: { calls: readonly LiveCall[]; now: number; hideCampaign?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={hideCampaign ? 400 : 560}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="live-calls">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Assistant</Table.Th>
            <Table.Th>Number</Table.Th>
            {hideCampaign ? null : <Table.Th>Campaign</Table.Th>}
            <Table.Th ta="right">Since</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => {
            const from = call.answered_at ?? call.created_at;
            return (
              <Table.Tr key={call.id} data-testid="live-call" data-call-id={call.id} data-status={call.status}>
                <Table.Td>
                  <AnchorLink to="/calls/$callId" params={{ callId: call.id }} underline="never" aria-label={`Call ${call.id}: ${call.status || 'unknown status'}`}>
                    <StatusBadge status={call.status} />
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  {call.assistant_id !== null ? (
                    <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(call.assistant_id) }} size="sm">
                      {call.assistant_name || `Assistant #${call.assistant_id}`}
                    </AnchorLink>
                  ) : (
                    <Text span size="sm">
                      {call.assistant_name || '—'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text span size="sm">
                    <PhoneNumber value={call.client_phone_number} />
                  </Text>
                  {call.type ? (
                    <Text span size="xs" c="dimmed" ml={6}>
                      {call.type}
                    </Text>
                  ) : null}
                </Table.Td>
                {hideCampaign ? null : (
                  <Table.Td>
                    {call.campaign_id !== null ? (
                      <AnchorLink to="/campaigns/$campaignId" params={{ campaignId: call.campaign_id }} size="sm">
                        {call.campaign_name || `Campaign #${call.campaign_id}`}
                      </AnchorLink>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        {call.campaign_name || '—'}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text span size="sm" title={from ?? undefined}>
                    {since(from, now)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
