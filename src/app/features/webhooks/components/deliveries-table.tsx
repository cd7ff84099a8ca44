import { Button, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { WebhookDelivery } from '@contract/webhooks';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { eventLabel, formatDeliveryTime, statusWord } from '../lib/outcome';
import { OutcomeBadge } from './outcome-badge';
import { ScrollTable } from '@/components/scroll-table';

/** The day over the time ("23 Nov 2026" over "18:28:18"): two short lines leave the outcome its room. */
function TimeCell({ value }: { value: string | null }) {
  const day = formatDeliveryTime(value, 'date');
  const time = formatDeliveryTime(value, 'time');
  // What is not a service time shows once, as it came.
  if (!value || day === value) return <Text size="sm">{day}</Text>;
  return (
    <>
      <Text size="sm">{day}</Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </>
  );
}

/**
 * Deliveries as rows: when, which call, what event, the receiver's last status code, attempts, outcome.
 * A row opens the delivery; "Resend" queues it again without opening it.
 */
export function DeliveriesTable({
  deliveries,
  onOpen,
  onResend,
  resendingId,
}: {
  deliveries: WebhookDelivery[];
  onOpen: (delivery: WebhookDelivery) => void;
  onResend: (delivery: WebhookDelivery) => void;
  /** The delivery whose resend is under way: its button waits, so it is not sent twice. */
  resendingId: number | null;
}) {
  return (
    <ScrollTable
      minWidth={700}
      highlightOnHover
      verticalSpacing="xs"
      aria-label={m.webhooks_deliveries_title()}
      titles={[m.webhooks_col_time(), m.webhooks_col_call(), m.webhooks_col_event(), m.webhooks_col_status_code(), m.webhooks_col_attempts(), m.webhooks_col_outcome()]}
      actions={m.common_actions()}
    >
      {deliveries.map((d) => (
        <Table.Tr
          key={d.id}
          data-testid="delivery-row"
          data-delivery-id={d.id}
          style={{ cursor: 'pointer' }}
          onClick={() => onOpen(d)}
          tabIndex={0}
          aria-label={m.webhooks_row_aria({ id: String(d.id), event: eventLabel(d.event), status: statusWord(d.status) })}
          onKeyDown={(e) => {
            if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
              e.preventDefault();
              onOpen(d);
            }
          }}
        >
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <TimeCell value={d.last_attempt_at ?? d.created_at} />
          </Table.Td>
          <Table.Td onClick={(e) => e.stopPropagation()}>
            {d.call_id !== null ? (
              <AnchorLink to="/calls/$callId" params={{ callId: d.call_id }} size="sm">
                #{d.call_id}
              </AnchorLink>
            ) : (
              <Text size="sm">{DASH}</Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{eventLabel(d.event)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" ff="monospace" data-testid="delivery-status-code">
              {d.last_status_code ?? DASH}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" data-testid="delivery-attempts">
              {d.attempts === null || d.attempts === undefined ? DASH : formatNumber(d.attempts)}
            </Text>
          </Table.Td>
          <Table.Td miw={170}>
            <OutcomeBadge delivery={d} stacked />
          </Table.Td>
          <Table.Td onClick={(e) => e.stopPropagation()} style={{ textAlign: 'right' }}>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconSend size={12} aria-hidden />}
              onClick={() => onResend(d)}
              loading={resendingId === d.id}
              disabled={resendingId !== null}
              aria-label={m.webhooks_resend_aria({ id: String(d.id) })}
            >
              {m.webhooks_resend()}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
