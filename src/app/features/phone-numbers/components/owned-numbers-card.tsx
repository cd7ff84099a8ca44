import { useRef, useState } from 'react';
import { Alert, Badge, Button, Card, CloseButton, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoneOff, IconTrash } from '@tabler/icons-react';
import { errorMessage } from '@/api/errors';
import { QueryState } from '@/components/query-state';
import { TableHeader } from '@/components/table-header';
import { confirmAction } from '@/lib/confirm';
import { notifySuccess } from '@/lib/notify';
import { LookupCard } from '@/components/lookup-card';
import { useOwnedNumbers } from '../api/get-owned-numbers';
import { useReleaseNumber } from '../api/release-number';
import type { OwnedNumber } from '../api/schemas';
import { countryName } from '../lib/countries';
import { numberTypeLabel, servedBy } from '../lib/format';
import { m } from '@/i18n';
import { DASH, formatCurrency } from '@/i18n/format';

const SEPARATOR = ' · ';

function confirmRelease(n: OwnedNumber): Promise<boolean> {
  const user = servedBy(n);
  return confirmAction({
    title: m.numbers_release_title({ number: n.phone_number ?? m.numbers_number_hash({ id: String(n.id) }) }),
    danger: true,
    confirmLabel: m.numbers_release_confirm(),
    children: (
      <Text size="sm">
        {m.numbers_release_body()}
        {user ? ` ${m.numbers_release_in_use({ user })}` : ''}
      </Text>
    ),
  });
}

/** The account's own numbers (GET /user/phone-numbers/all), each with a release. */
export function OwnedNumbersCard() {
  const query = useOwnedNumbers();
  const release = useReleaseNumber();
  // A refusal stays on screen (not only as a toast): it says what to change before trying again.
  const [refusal, setRefusal] = useState<{ number: string; message: string } | null>(null);
  // One release at a time, from the first click on (isPending turns true a render later).
  const inFlight = useRef(false);

  async function onRelease(n: OwnedNumber) {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      if (await confirmRelease(n)) await releaseNow(n);
    } finally {
      inFlight.current = false;
    }
  }

  async function releaseNow(n: OwnedNumber) {
    setRefusal(null);
    try {
      const answer = await release.mutateAsync(n.id);
      notifySuccess(answer.message ?? m.numbers_released_message({ number: n.phone_number ?? m.numbers_the_number() }), m.numbers_released());
    } catch (e) {
      setRefusal({ number: n.phone_number ?? `#${n.id}`, message: errorMessage(e) });
    }
  }

  return (
    <LookupCard
      title={m.numbers_owned_title()}
      testId="owned-numbers"
      count={query.data?.length}
      description={m.numbers_owned_description()}
    >
      {refusal ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={m.numbers_not_released({ number: refusal.number })}
          data-testid="release-refusal"
          withCloseButton={false}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{refusal.message}</Text>
            <CloseButton size="sm" aria-label={m.numbers_dismiss()} onClick={() => setRefusal(null)} />
          </Group>
        </Alert>
      ) : null}
      <QueryState
        query={query}
        errorTitle={m.numbers_owned_error()}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconPhoneOff size={24} aria-hidden />} title={m.numbers_owned_empty()} description={m.numbers_owned_empty_description()} size="sm" py="md" />}
      >
        {(numbers) => (
          <OwnedNumbersTable
            numbers={numbers}
            releasingId={release.isPending ? (release.variables ?? null) : null}
            busy={release.isPending}
            onRelease={(n) => void onRelease(n)}
          />
        )}
      </QueryState>
    </LookupCard>
  );
}

interface TableProps {
  numbers: OwnedNumber[];
  releasingId: number | null;
  busy: boolean;
  onRelease: (n: OwnedNumber) => void;
}

function ReleaseButton({ n, releasingId, busy, onRelease }: Omit<TableProps, 'numbers'> & { n: OwnedNumber }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      loading={releasingId === n.id}
      disabled={busy && releasingId !== n.id}
      onClick={() => onRelease(n)}
      aria-label={m.numbers_release_aria({ number: n.phone_number ?? m.numbers_number_plain({ id: String(n.id) }) })}
    >
      {m.numbers_release()}
    </Button>
  );
}

function OwnedNumbersTable(props: TableProps) {
  // On a phone a five-column table hides the action off-screen: one small card per number instead.
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  return compact ? <OwnedNumbersList {...props} /> : <OwnedNumbersWide {...props} />;
}

function OwnedNumbersList({ numbers, ...actions }: TableProps) {
  return (
    <Stack gap="xs">
      {numbers.map((n) => {
        const user = servedBy(n);
        const label = numberTypeLabel(n);
        return (
          <Card key={n.id} withBorder padding="xs" data-testid="owned-number-row" data-number={n.phone_number ?? ''}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text ff="monospace" size="sm" fw={600}>
                  {n.phone_number ?? DASH}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {[countryName(n.country_code), label, n.monthly_price !== null ? m.numbers_per_month({ price: formatCurrency(n.monthly_price) }) : null].filter(Boolean).join(SEPARATOR) || DASH}
                </Text>
                <Text size="xs" truncate>
                  {user ? m.numbers_serves_user({ user }) : m.numbers_not_in_use()}
                </Text>
              </Stack>
              <div style={{ flexShrink: 0 }}>
                <ReleaseButton n={n} {...actions} />
              </div>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

function OwnedNumbersWide({ numbers, ...actions }: TableProps) {
  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table>
        <TableHeader titles={[m.numbers_col_number(), m.numbers_country(), m.numbers_col_type(), m.numbers_col_serves()]} actions={m.common_actions()} />
        <Table.Tbody>
          {numbers.map((n) => {
            const user = servedBy(n);
            const price = n.monthly_price;
            const label = numberTypeLabel(n);
            return (
              <Table.Tr key={n.id} data-testid="owned-number-row" data-number={n.phone_number ?? ''}>
                <Table.Td>
                  <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {n.phone_number ?? DASH}
                  </Text>
                  {n.nickname ? (
                    <Text size="xs">{n.nickname}</Text>
                  ) : null}
                  {price !== null ? (
                    <Text size="xs" c="dimmed">
                      {m.numbers_per_month({ price: formatCurrency(price) })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{countryName(n.country_code) ?? DASH}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {label ? (
                      <Badge variant="light" color="gray" radius="sm" tt="none">
                        {label}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {DASH}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td maw={260}>
                  {user ? (
                    <Text size="sm" truncate title={user}>
                      {user}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {DASH}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <ReleaseButton n={n} {...actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
