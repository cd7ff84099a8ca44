import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { WebhookDelivery } from '../../../../contract/webhooks';
import { AnchorLink } from '../../../components/links';
import { formatCallTime } from '../../calls/lib/format';
import { eventLabel } from '../lib/outcome';
import { OutcomeBadge } from './outcome-badge';

/** "23 Nov 2026" over "18:28:18": two short lines leave the outcome its room. */
function TimeCell({ value }: { value: string | null }) {
  const text = formatCallTime(value, true);
  const [day, time] = text.split(', ');
  if (time === undefined) return <Text size="sm">{text}</Text>;
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
    <Table.ScrollContainer minWidth={700}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Webhook deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Call</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status code</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr
              key={d.id}
              data-testid="delivery-row"
              data-delivery-id={d.id}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(d)}
              tabIndex={0}
              aria-label={`Delivery ${d.id}: ${eventLabel(d.event)}, ${d.status || 'unknown status'}`}
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
                  <Text size="sm">—</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{eventLabel(d.event)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" data-testid="delivery-status-code">
                  {d.last_status_code ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="delivery-attempts">
                  {d.attempts ?? '—'}
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
                  aria-label={`Resend delivery ${d.id}`}
                >
                  Resend
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
