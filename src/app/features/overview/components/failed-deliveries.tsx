import { Badge, Group, Stack, Text } from '@mantine/core';
import type { WebhookDelivery } from '../../../../contract/webhooks';
import { AnchorLink } from '../../../components/links';
import { formatCallTime } from '../../calls/lib/format';

function hostOf(url: string | null): string {
  if (!url) return '—';
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
                {d.last_status_code !== null ? `HTTP ${d.last_status_code}` : d.status || 'failed'}
              </Badge>
              <Text size="sm" fw={500} truncate>
                {d.event || d.kind || 'delivery'}
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
            {d.last_error || d.last_response || 'No answer recorded'}
            {d.attempts !== null ? ` · ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}` : ''}
          </Text>
          <Group gap="sm">
            {d.assistant_id !== null ? (
              <AnchorLink to="/assistants/$assistantId" params={{ assistantId: String(d.assistant_id) }} size="xs">
                Deliveries of assistant #{d.assistant_id}
              </AnchorLink>
            ) : null}
            {d.call_id !== null ? (
              <AnchorLink to="/calls/$callId" params={{ callId: d.call_id }} size="xs">
                Call #{d.call_id}
              </AnchorLink>
            ) : null}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
