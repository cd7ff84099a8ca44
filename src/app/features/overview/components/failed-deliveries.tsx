import { Badge, Group, Stack, Text } from '@mantine/core';
import type { WebhookDelivery } from '@contract/webhooks';
import { AnchorLink } from '@/components/links';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { formatCallTime } from '@/lib/call-format';

/** Delivery statuses in the reader's language; one the console does not know as it came. */
const STATUS_LABELS: Record<string, () => string> = {
  failed: m.overview_delivery_status_failed,
  pending: m.overview_delivery_status_pending,
  delivered: m.overview_delivery_status_delivered,
};

function statusLabel(status: string): string {
  if (!status) return m.overview_delivery_status_failed();
  return Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status]!() : status;
}

function hostOf(url: string | null): string {
  if (!url) return DASH;
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Recent deliveries that failed for good: what, where, why, with links to the call and the assistant's deliveries. */
export function FailedDeliveries({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  return (
    <Stack gap="sm" data-testid="failed-deliveries">
      {deliveries.map((d) => (
        <Stack key={d.id} gap={2} data-testid="failed-delivery" data-delivery-id={d.id}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge color="red" variant="light" tt="none" radius="sm" miw="max-content">
                {d.last_status_code !== null ? `HTTP ${d.last_status_code}` : statusLabel(d.status)}
              </Badge>
              <Text size="sm" fw={500} truncate>
                {d.event || d.kind || m.overview_delivery()}
              </Text>
              <Text size="sm" c="dimmed" truncate title={d.url ?? undefined}>
                {hostOf(d.url)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatCallTime(d.last_attempt_at ?? d.created_at)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {d.last_error || d.last_response || m.overview_no_answer_recorded()}
            {d.attempts !== null ? ` · ${m.overview_attempts({ count: formatNumber(d.attempts) })}` : ''}
          </Text>
          <Group gap="sm">
            {d.assistant_id !== null ? (
              <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(d.assistant_id) }} size="xs">
                {m.overview_assistant_deliveries({ id: d.assistant_id })}
              </AnchorLink>
            ) : null}
            {d.call_id !== null ? (
              <AnchorLink to="/calls/$callId" params={{ callId: d.call_id }} size="xs">
                {m.overview_call_link({ id: d.call_id })}
              </AnchorLink>
            ) : null}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
