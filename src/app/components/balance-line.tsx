import { Group, Loader, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { errorMessage } from '@/api/errors';
import { useMe } from '@/api/get-me';
import { formatMoney } from '@/lib/money';
import { m } from '@/i18n';

/** The balance in the user menu: one line, quiet about failures (the Settings page says more). */
export function BalanceLine() {
  const me = useMe();
  return (
    <Group gap={6} px="sm" py={4} wrap="nowrap" data-testid="menu-balance">
      <IconWallet size={16} aria-hidden />
      <Text size="sm">{m.account_balance()}</Text>
      {me.isPending ? (
        <Loader size={12} role="status" aria-label={m.account_balance_loading()} />
      ) : me.data ? (
        <Text size="sm" fw={600} ml="auto" data-testid="menu-balance-amount">
          {formatMoney(me.data.total_balance)}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" ml="auto" title={errorMessage(me.error)}>
          {m.account_balance_unavailable()}
        </Text>
      )}
    </Group>
  );
}
