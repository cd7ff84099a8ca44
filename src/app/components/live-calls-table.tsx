import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { LiveCall } from '@contract/live';
import { AnchorLink } from './links';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';
import { since } from '@/live/time';
import { CallStatusBadge } from './call-status-badge';
import { PhoneNumber } from './phone-number';
import { ScrollTable } from './scroll-table';

const TYPES: Record<string, () => string> = { inbound: m.live_type_inbound, outbound: m.live_type_outbound };
const typeLabel = (type: string) => (Object.hasOwn(TYPES, type) ? TYPES[type]!() : type);

/**
 * Calls in flight: status (a badge with its word), assistant, the customer's number, and how long since
 * the call was answered (or, before that, placed). Everything from the service is shown as text.
 */
export function LiveCallsTable({ calls, now, hideCampaign = false }: { calls: readonly LiveCall[]; now: number; hideCampaign?: boolean }) {
  return (
    <ScrollTable
      minWidth={hideCampaign ? 400 : 560}
      verticalSpacing="xs"
      highlightOnHover
      data-testid="live-calls"
      titles={[m.common_status(), m.live_col_assistant(), m.live_col_number(), ...(hideCampaign ? [] : [m.live_col_campaign()]), { title: m.live_col_since(), ta: 'right' }]}
    >
      {calls.map((call) => {
        const from = call.answered_at ?? call.created_at;
        return (
          <Table.Tr key={call.id} data-testid="live-call" data-call-id={call.id} data-status={call.status}>
            <Table.Td>
              {/* Named "Call 9101: In progress": the hidden words, then the badge's own (translated) word. */}
              <AnchorLink to="/calls/$callId" params={{ callId: call.id }} underline="never">
                <VisuallyHidden>{`${m.live_call_label({ id: call.id })} `}</VisuallyHidden>
                <CallStatusBadge status={call.status} />
              </AnchorLink>
            </Table.Td>
            <Table.Td>
              {call.assistant_id !== null ? (
                <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(call.assistant_id) }} size="sm">
                  {call.assistant_name || m.live_assistant_fallback({ id: call.assistant_id })}
                </AnchorLink>
              ) : (
                <Text span size="sm">
                  {call.assistant_name || DASH}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text span size="sm">
                <PhoneNumber value={call.client_phone_number} />
              </Text>
              {call.type ? (
                <Text span size="xs" c="dimmed" ml={6}>
                  {typeLabel(call.type)}
                </Text>
              ) : null}
            </Table.Td>
            {hideCampaign ? null : (
              <Table.Td>
                {call.campaign_id !== null ? (
                  <AnchorLink to="/campaigns/$campaignId" params={{ campaignId: call.campaign_id }} size="sm">
                    {call.campaign_name || m.live_campaign_fallback({ id: call.campaign_id })}
                  </AnchorLink>
                ) : (
                  <Text span size="sm" c="dimmed">
                    {call.campaign_name || DASH}
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
    </ScrollTable>
  );
}
