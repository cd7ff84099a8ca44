import { ActionIcon, Card, Group, Loader, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ErrorState } from '../../../components/error-state';
import { useMe } from '../api/get-me';
import { formatMoney } from '../lib/money';

/** Who the token belongs to and what is left to spend (GET /user/me), on the Settings page. */
export function AccountCard() {
  const me = useMe();
  return (
    <Card component="section" aria-label="Account" style={{ alignSelf: 'start' }}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          Account
        </Title>
        <Tooltip label="Refresh">
          <ActionIcon variant="subtle" color="gray" aria-label="Refresh the account" onClick={() => void me.refetch()} loading={me.isFetching}>
            <IconRefresh size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {me.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading the account…
          </Text>
        </Group>
      ) : me.isError && !me.data ? (
        <ErrorState error={me.error} title="Could not load the account" onRetry={() => void me.refetch()} retrying={me.isFetching} />
      ) : (
        <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={130}>Name</Table.Th>
              <Table.Td data-testid="account-name">{me.data?.name || '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Td data-testid="account-email" style={{ wordBreak: 'break-all' }}>
                {me.data?.email || '—'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Balance</Table.Th>
              <Table.Td>
                <Text fw={600} size="lg" data-testid="account-balance">
                  {formatMoney(me.data?.total_balance)}
                </Text>
                <Text size="xs" c="dimmed">
                  Calls and phone numbers are paid from it.
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
