import { lazy, Suspense, useRef, useState } from 'react';
import { EmptyState, Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconWebhook } from '@tabler/icons-react';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus } from '@contract/webhooks';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { notifyError, notifySuccess } from '@/lib/notify';
import { deliveriesQuery } from '../api/get-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import { isNotOffered } from '@/lib/not-offered';
import { DeliveriesTable } from './deliveries-table';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

// Loaded when a row is first opened: most visits to the assistant page never open one.
const DeliveryDrawer = lazy(() => import('./delivery-drawer').then((mod) => ({ default: mod.DeliveryDrawer })));

const PER_PAGE = 10;
const PENDING_REFRESH_MS = 5_000;
/** The status filter's choices, named at render (the language is read then). */
const filters = () => [
  { value: 'all', label: m.common_all() },
  { value: 'pending', label: m.webhooks_status_pending() },
  { value: 'delivered', label: m.webhooks_status_delivered() },
  { value: 'failed', label: m.webhooks_status_failed() },
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
  // Stays true once a row was opened, so the drawer keeps its closing animation.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (open !== null && !drawerWanted) setDrawerWanted(true);
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
      notifySuccess(m.webhooks_resend_message({ message: answer.message || m.webhooks_delivery_queued() }), m.webhooks_resending());
    } catch (e) {
      notifyError(e, m.webhooks_not_queued());
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <SectionCard
      id="webhook-deliveries-title"
      title={m.webhooks_deliveries_title()}
      description={m.webhooks_deliveries_description()}
      aside={
        notOffered ? null : (
          <SegmentedControl
            size="xs"
            aria-label={m.webhooks_show_deliveries()}
            value={status ?? 'all'}
            onChange={(v) => {
              setPage(1);
              onStatusChange(isStatus(v) ? v : undefined);
            }}
            data={filters()}
          />
        )
      }
      headerProps={{ gap: 'sm' }}
      outside={
        drawerWanted ? (
          <Suspense fallback={null}>
            <DeliveryDrawer row={open} onClose={() => setOpen(null)} onResend={(d) => void onResend(d)} resending={open !== null && resendingId === open.id} />
          </Suspense>
        ) : null
      }
    >
      {notOffered ? (
        <Text size="sm" c="dimmed" data-testid="deliveries-not-offered">
          {m.webhooks_deliveries_not_offered()}
        </Text>
      ) : (
        <QueryState
          query={query}
          errorTitle={m.webhooks_deliveries_error()}
          isEmpty={(p) => p.data.length === 0}
          empty={
            <EmptyState
              icon={<IconWebhook size={24} aria-hidden />}
              title={status ? m.webhooks_no_status_deliveries({ status }) : m.webhooks_no_deliveries()}
              description={status ? m.webhooks_try_other_filter() : m.webhooks_no_deliveries_hint()}
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
                    {m.webhooks_deliveries_count({ count: formatNumber(p.total) })}
                  </Text>
                  <Pagination
                    size="sm"
                    total={p.last_page}
                    value={p.current_page}
                    onChange={setPage}
                    aria-label={m.webhooks_delivery_pages()}
                    getControlProps={(control) => (control === 'previous' ? { 'aria-label': m.common_previous() } : control === 'next' ? { 'aria-label': m.common_next() } : {})}
                  />
                </Group>
              ) : null}
            </Stack>
          )}
        </QueryState>
      )}
    </SectionCard>
  );
}
