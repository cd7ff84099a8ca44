import { Badge, Group, Stack, Text } from '@mantine/core';
import type { WebhookDelivery } from '@contract/webhooks';
import { deliveryOutcome } from '../lib/outcome';

/** The delivery's state as a badge and, beside it, what happened in words (colour is never the only sign). */
export function OutcomeBadge({ delivery, stacked = false }: { delivery: WebhookDelivery; stacked?: boolean }) {
  const outcome = deliveryOutcome(delivery);
  const Layout = stacked ? Stack : Group;
  return (
    <Layout gap={stacked ? 2 : 6} align={stacked ? 'flex-start' : 'center'} data-testid="delivery-outcome" data-status={delivery.status}>
      {outcome.color ? (
        <Badge color={outcome.color} variant="light" radius="sm" tt="none" fw={600} style={{ flexShrink: 0 }}>
          {outcome.label}
        </Badge>
      ) : (
        <Text span size="sm" fw={600}>
          {outcome.label}
        </Text>
      )}
      {outcome.text ? (
        <Text span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {outcome.text}
        </Text>
      ) : null}
    </Layout>
  );
}
