import { ActionIcon, Card, Group, Loader, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ErrorState } from '@/components/error-state';
import { useMe } from '@/api/get-me';
import { formatMoney } from '@/lib/money';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

/** Who the token belongs to and what is left to spend (GET /user/me), on the Settings page. */
export function AccountCard() {
  const me = useMe();
  return (
    <Card component="section" aria-label={m.account_title()} style={{ alignSelf: 'start' }}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          {m.account_title()}
        </Title>
        <Tooltip label={m.account_refresh_tooltip()}>
          <ActionIcon variant="subtle" color="gray" aria-label={m.account_refresh()} onClick={() => void me.refetch()} loading={me.isFetching}>
            <IconRefresh size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {me.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {m.account_loading()}
          </Text>
        </Group>
      ) : me.isError && !me.data ? (
        <ErrorState error={me.error} title={m.account_load_failed()} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      ) : (
        <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={130}>{m.common_name()}</Table.Th>
              <Table.Td data-testid="account-name">{me.data?.name || DASH}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{m.account_email()}</Table.Th>
              <Table.Td data-testid="account-email" style={{ wordBreak: 'break-all' }}>
                {me.data?.email || DASH}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{m.account_balance()}</Table.Th>
              <Table.Td>
                <Text fw={600} size="lg" data-testid="account-balance">
                  {formatMoney(me.data?.total_balance)}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.account_balance_note()}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
