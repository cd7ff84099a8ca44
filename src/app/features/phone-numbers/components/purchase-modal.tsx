import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '@/api/errors';
import { notifySuccess } from '@/lib/notify';
import { useMe } from '@/api/get-me';
import { balanceAfter } from '@/lib/money';
import { usePurchaseNumber } from '../api/purchase-number';
import type { AvailableNumber } from '../api/schemas';
import { countryName } from '../lib/countries';
import { m } from '@/i18n';
import { DASH, formatCurrency } from '@/i18n/format';

/**
 * The last step of buying: what it costs, what is left after, and one button that cannot fire twice.
 * A refusal (gone meanwhile, balance short) stays in the dialog in the service's words.
 */
export function PurchaseModal({ number, onClose, onBought }: { number: AvailableNumber | null; onClose: () => void; onBought?: (phoneNumber: string) => void }) {
  const me = useMe();
  const purchase = usePurchaseNumber();
  const [error, setError] = useState<string | null>(null);
  // isPending only turns true on the next render: a double click lands before it.
  const inFlight = useRef(false);
  const balance = me.data?.total_balance ?? null;
  const price = number?.price ?? null;
  const after = balanceAfter(balance, price);
  const display = number?.phone_number_formatted || number?.phone_number || '';

  function close() {
    if (purchase.isPending) return;
    setError(null);
    purchase.reset();
    onClose();
  }

  async function buy() {
    if (!number?.phone_number || inFlight.current) return;
    inFlight.current = true;
    setError(null);
    try {
      const answer = await purchase.mutateAsync(number.phone_number);
      notifySuccess(answer.message ?? m.numbers_bought_message({ number: display }), m.numbers_bought());
      onBought?.(number.phone_number);
      purchase.reset();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Modal opened={number !== null} onClose={close} title={m.numbers_purchase_title()} centered closeOnClickOutside={!purchase.isPending} closeOnEscape={!purchase.isPending}>
      {number ? (
        <Stack gap="md">
          <Text ff="monospace" fw={700} size="xl" data-testid="purchase-number">
            {display}
          </Text>
          <Table variant="vertical" layout="fixed" withRowBorders={false} highlightOnHover={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={150}>{m.numbers_country()}</Table.Th>
                <Table.Td>{countryName(number.country_code) ?? DASH}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.numbers_price()}</Table.Th>
                <Table.Td data-testid="purchase-price">{price !== null ? m.numbers_per_month({ price: formatCurrency(price) }) : DASH}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.numbers_balance_now()}</Table.Th>
                <Table.Td data-testid="purchase-balance">{me.isPending ? m.common_loading() : formatCurrency(balance)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{m.numbers_balance_after()}</Table.Th>
                <Table.Td fw={600} c={after !== null && after < 0 ? 'red' : undefined} data-testid="purchase-balance-after">
                  {formatCurrency(after)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {m.numbers_purchase_note()}
          </Text>
          {after !== null && after < 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />}>
              {m.numbers_purchase_short()}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" role="alert" title={m.numbers_not_bought()} data-testid="purchase-error">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={purchase.isPending}>
              {m.common_cancel()}
            </Button>
            <Button onClick={() => void buy()} loading={purchase.isPending} disabled={!number.phone_number}>
              {price !== null ? m.numbers_buy_for({ price: formatCurrency(price) }) : m.numbers_buy_number()}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
