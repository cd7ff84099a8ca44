import { useRef, useState } from 'react';
import { Card, EmptyState, Group, Pagination, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconWebhook } from '@tabler/icons-react';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus } from '../../../../contract/webhooks';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { deliveriesQuery } from '../api/get-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import { isNotOffered } from '../lib/not-offered';
import { DeliveriesTable } from './deliveries-table';
import { DeliveryDrawer } from './delivery-drawer';

const PER_PAGE = 10;
const PENDING_REFRESH_MS = 5_000;
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

function isStatus(v: string): v is WebhookDeliveryStatus {
  return (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(v);
}

/**
 * The assistant's webhook deliveries (post-call and inbound), newest first, with a status filter the page
 * keeps in the URL. A host without a delivery log (the hosted service) gets a quiet note instead.
 */
export function WebhookDeliveriesCard({
  assistantId,
  status,
  onStatusChange,
}: {
  assistantId: number;
  status?: WebhookDeliveryStatus;
  onStatusChange: (status: WebhookDeliveryStatus | undefined) => void;
}) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const query = useQuery({
    ...deliveriesQuery({ assistant_id: assistantId, status, page, per_page: PER_PAGE }),
    // Pending deliveries change on their own: look again now and then, besides the live stream's nudges.
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  });
  const resend = useResendDelivery();
  const resendingId = resend.isPending ? (resend.variables ?? null) : null;
  const notOffered = query.isError && query.data === undefined && isNotOffered(query.error);

  // The mutation's pending state reaches the buttons a render later: a second press before that is dropped here.
  const inFlight = useRef(false);
  async function onResend(d: WebhookDelivery) {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const answer = await resend.mutateAsync(d.id);
      notifySuccess(`${answer.message || 'Delivery queued'}: it goes out again now, with the same webhook id.`, 'Resending');
    } catch (e) {
      notifyError(e, 'The delivery was not queued');
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="webhook-deliveries-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4" id="webhook-deliveries-title">
              Webhook deliveries
            </Title>
            <Text size="sm" c="dimmed">
              What this assistant’s calls sent to its webhook URLs, and what came back. Failed tries are retried after 5 s, 30 s, 5 min, 30 min and 2 h.
            </Text>
          </div>
          {notOffered ? null : (
            <SegmentedControl
              size="xs"
              aria-label="Show deliveries"
              value={status ?? 'all'}
              onChange={(v) => {
                setPage(1);
                onStatusChange(isStatus(v) ? v : undefined);
              }}
              data={FILTERS}
            />
          )}
        </Group>
        {notOffered ? (
          <Text size="sm" c="dimmed" data-testid="deliveries-not-offered">
            Not offered by this service: it keeps no log of webhook deliveries. The local service does.
          </Text>
        ) : (
          <QueryState
            query={query}
            errorTitle="Deliveries could not be loaded"
            isEmpty={(p) => p.data.length === 0}
            empty={
              <EmptyState
                icon={<IconWebhook size={24} aria-hidden />}
                title={status ? `No ${status} deliveries` : 'No deliveries yet'}
                description={status ? 'Try another filter.' : 'Turn on the webhook above; each finished call then sends one.'}
                size="sm"
                py="md"
              />
            }
          >
            {(p) => (
              <Stack gap="sm">
                <DeliveriesTable deliveries={p.data} onOpen={setOpen} onResend={(d) => void onResend(d)} resendingId={resendingId} />
                {p.last_page > 1 ? (
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      {p.total} deliveries
                    </Text>
                    <Pagination size="sm" total={p.last_page} value={p.current_page} onChange={setPage} aria-label="Delivery pages" />
                  </Group>
                ) : null}
              </Stack>
            )}
          </QueryState>
        )}
      </Stack>
      <DeliveryDrawer row={open} onClose={() => setOpen(null)} onResend={(d) => void onResend(d)} resending={open !== null && resendingId === open.id} />
    </Card>
  );
}
