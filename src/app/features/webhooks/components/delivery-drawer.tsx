import { Button, Code, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { WebhookDelivery } from '../../../../contract/webhooks';
import { ErrorState } from '../../../components/error-state';
import { AnchorLink } from '../../../components/links';
import { JsonBlock } from '../../calls/components/json-block';
import { formatCallTime } from '../../calls/lib/format';
import { deliveryQuery } from '../api/get-delivery';
import { eventLabel } from '../lib/outcome';
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

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

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
      title={d ? `${eventLabel(d.event)} · delivery ${d.id}` : 'Delivery'}
      aria-label="Webhook delivery"
    >
      {d ? (
        <Stack gap="md" data-testid="delivery-drawer">
          <Group justify="space-between" align="flex-start">
            <OutcomeBadge delivery={d} />
            <Button size="xs" variant="light" leftSection={<IconSend size={14} aria-hidden />} onClick={() => onResend(d)} loading={resending} disabled={resending}>
              Resend
            </Button>
          </Group>
          <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
            <Table.Tbody>
              <Fact label="URL">
                <Text size="sm" ff="monospace">
                  {dash(d.url)}
                </Text>
              </Fact>
              <Fact label="Webhook id">
                <Text size="sm" ff="monospace">
                  {dash(d.webhook_id)}
                </Text>
              </Fact>
              <Fact label="Call">
                {d.call_id !== null ? (
                  <AnchorLink to="/calls/$callId" params={{ callId: d.call_id }} size="sm">
                    #{d.call_id}
                  </AnchorLink>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Attempts">{dash(d.attempts)}</Fact>
              <Fact label="Status code">{dash(d.last_status_code)}</Fact>
              <Fact label="Error">{dash(d.last_error)}</Fact>
              <Fact label="Created">{formatCallTime(d.created_at, true)}</Fact>
              <Fact label="Last attempt">{formatCallTime(d.last_attempt_at, true)}</Fact>
              <Fact label="Next attempt">{formatCallTime(d.next_attempt_at, true)}</Fact>
              <Fact label="Delivered">{formatCallTime(d.delivered_at, true)}</Fact>
            </Table.Tbody>
          </Table>
          <Stack gap="xs" component="section" aria-label="Last response">
            <Title order={3} size="h5">
              Last response
            </Title>
            {d.last_response ? (
              <Code block style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="delivery-response">
                {d.last_response}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                No response body was recorded.
              </Text>
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-label="Payload">
            <Title order={3} size="h5">
              Payload
            </Title>
            {detail.isPending ? (
              <Skeleton height={160} radius="sm" />
            ) : detail.isError && !detail.data ? (
              <ErrorState error={detail.error} title="The payload could not be loaded" onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
            ) : (
              <JsonBlock data={detail.data?.payload ?? null} empty="No payload was recorded." label="payload" />
            )}
          </Stack>
        </Stack>
      ) : null}
    </Drawer>
  );
}
