import { Button, Code, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { WebhookDelivery } from '@contract/webhooks';
import { ErrorState } from '@/components/error-state';
import { TitledSection } from '@/components/titled-section';
import { AnchorLink } from '@/components/links';
import { JsonBlock } from '@/components/json-block';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { deliveryQuery } from '../api/get-delivery';
import { eventLabel, formatDeliveryTime } from '../lib/outcome';
import { OutcomeBadge } from './outcome-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? DASH : String(v));

/** One delivery: where it went, what the receiver last said, and the payload as sent (text, never markup). */
export function DeliveryDrawer({
  row,
  onClose,
  onResend,
  resending,
}: {
  /** The row that was opened (shown at once); the full record with the payload loads beside it. */
  row: WebhookDelivery | null;
  onClose: () => void;
  onResend: (delivery: WebhookDelivery) => void;
  resending: boolean;
}) {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const detail = useQuery({ ...deliveryQuery(row?.id ?? 0), enabled: row !== null });
  const d = detail.data ?? row;

  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size={compact ? '100%' : 'xl'}
      title={d ? m.webhooks_drawer_title({ event: eventLabel(d.event), id: String(d.id) }) : m.webhooks_delivery()}
    >
      {d ? (
        <Stack gap="md" data-testid="delivery-drawer">
          <Group justify="space-between" align="flex-start">
            <OutcomeBadge delivery={d} />
            <Button size="xs" variant="light" leftSection={<IconSend size={14} aria-hidden />} onClick={() => onResend(d)} loading={resending} disabled={resending}>
              {m.webhooks_resend()}
            </Button>
          </Group>
          <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
            <Table.Tbody>
              <Fact label="URL">
                <Text size="sm" ff="monospace">
                  {dash(d.url)}
                </Text>
              </Fact>
              <Fact label={m.webhooks_fact_webhook_id()}>
                <Text size="sm" ff="monospace">
                  {dash(d.webhook_id)}
                </Text>
              </Fact>
              <Fact label={m.webhooks_col_call()}>
                {d.call_id !== null ? (
                  <AnchorLink to="/calls/$callId" params={{ callId: d.call_id }} size="sm">
                    #{d.call_id}
                  </AnchorLink>
                ) : (
                  DASH
                )}
              </Fact>
              <Fact label={m.webhooks_col_attempts()}>{d.attempts === null || d.attempts === undefined ? DASH : formatNumber(d.attempts)}</Fact>
              <Fact label={m.webhooks_col_status_code()}>{dash(d.last_status_code)}</Fact>
              <Fact label={m.webhooks_fact_error()}>{dash(d.last_error)}</Fact>
              <Fact label={m.common_created()}>{formatDeliveryTime(d.created_at)}</Fact>
              <Fact label={m.webhooks_fact_last_attempt()}>{formatDeliveryTime(d.last_attempt_at)}</Fact>
              <Fact label={m.webhooks_fact_next_attempt()}>{formatDeliveryTime(d.next_attempt_at)}</Fact>
              <Fact label={m.webhooks_status_delivered()}>{formatDeliveryTime(d.delivered_at)}</Fact>
            </Table.Tbody>
          </Table>
          <TitledSection title={m.webhooks_last_response()}>
            {d.last_response ? (
              <Code block style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="delivery-response">
                {d.last_response}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                {m.webhooks_no_response()}
              </Text>
            )}
          </TitledSection>
          <TitledSection title={m.webhooks_payload()}>
            {detail.isPending ? (
              <Skeleton height={160} radius="sm" />
            ) : detail.isError && !detail.data ? (
              <ErrorState error={detail.error} title={m.webhooks_payload_error()} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
            ) : (
              <JsonBlock data={detail.data?.payload ?? null} empty={m.webhooks_no_payload()} label={m.webhooks_payload_word()} />
            )}
          </TitledSection>
        </Stack>
      ) : null}
    </Drawer>
  );
}
