import { useState, type FormEvent } from 'react';
import { Badge, Button, EmptyState, Group, Loader, Select, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { LookupCard } from '../../lookups/components/lookup-card';
import { formatMoney } from '../../account/lib/money';
import { useSearchNumbers } from '../api/search-numbers';
import type { AvailableNumber } from '../api/schemas';
import { cleanDigits, countryName, PURCHASE_COUNTRIES } from '../lib/countries';
import { PurchaseModal } from './purchase-modal';

const countryOptions = PURCHASE_COUNTRIES.map((code) => ({ value: code, label: `${countryName(code) ?? code} (${code})` }));

export interface NumberSearch {
  country: string | null;
  contains: string;
}

/**
 * Search the stock for sale by country and digits, pick a number, confirm. The search lives in the URL
 * (the page passes it in), so a reload or a shared link shows the same numbers.
 */
export function BuyNumberCard({ search, onSearch }: { search: NumberSearch; onSearch: (next: NumberSearch) => void }) {
  const [country, setCountry] = useState<string | null>(search.country);
  const [contains, setContains] = useState(search.contains);
  const [chosen, setChosen] = useState<AvailableNumber | null>(null);
  const query = useSearchNumbers(search.country, search.contains);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!country) return;
    if (country === search.country && contains === search.contains) void query.refetch();
    else onSearch({ country, contains });
  }

  const where = search.country ? `${countryName(search.country) ?? search.country}${search.contains ? ` containing ${search.contains}` : ''}` : '';

  return (
    <LookupCard
      title="Buy a number"
      testId="buy-number"
      refreshing={query.isFetching && !query.isPending}
      description="Choose a country, optionally digits the number should contain, and search. Prices are per month, charged to your balance."
    >
      <form onSubmit={submit} aria-label="Search numbers for sale">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Country"
            placeholder="Choose a country"
            data={countryOptions}
            value={country}
            onChange={setCountry}
            searchable
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Contains digits"
            placeholder="e.g. 555"
            inputMode="numeric"
            value={contains}
            onChange={(e) => setContains(cleanDigits(e.currentTarget.value))}
            maxLength={10}
            w={{ base: '100%', xs: 160 }}
            autoComplete="off"
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} disabled={!country} loading={query.isFetching && query.isPlaceholderData}>
            Search
          </Button>
        </Group>
      </form>
      {search.country === null ? null : (
        <QueryState
          query={query}
          errorTitle="Could not search the numbers for sale"
          loading={
            <Group gap="xs" py="sm">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Searching {where}…
              </Text>
            </Group>
          }
          isEmpty={(d) => d.length === 0}
          empty={<EmptyState title="No numbers for sale" description={`Nothing in ${where} right now. Try other digits or another country.`} size="sm" py="md" />}
        >
          {(numbers) => <AvailableNumbersTable numbers={numbers} where={where} onChoose={setChosen} />}
        </QueryState>
      )}
      <PurchaseModal number={chosen} onClose={() => setChosen(null)} />
    </LookupCard>
  );
}

function AvailableNumbersTable({ numbers, where, onChoose }: { numbers: AvailableNumber[]; where: string; onChoose: (n: AvailableNumber) => void }) {
  // On a phone: number, price and Buy only (the country is the one searched; SMS goes under the number).
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <>
      <Text size="sm" c="dimmed" aria-live="polite">
        {numbers.length} number{numbers.length === 1 ? '' : 's'} for sale in {where}
      </Text>
      <Table.ScrollContainer minWidth={compact ? 0 : 480} type="native">
        <Table data-testid="available-numbers" horizontalSpacing={compact ? 4 : 'xs'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              {compact ? null : <Table.Th>Country</Table.Th>}
              {compact ? null : <Table.Th>SMS</Table.Th>}
              <Table.Th ta="right">Per month</Table.Th>
              <Table.Th>
                <VisuallyHidden>Buy</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {numbers.map((n, i) => {
              const display = n.phone_number_formatted || n.phone_number;
              // A number for sale has no id, and a host may list one twice: its place keeps the key unique.
              return (
                <Table.Tr key={`${i}-${n.phone_number ?? ''}`} data-testid="available-number-row" data-number={n.phone_number ?? ''}>
                  <Table.Td>
                    <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {display ?? '—'}
                    </Text>
                    {compact ? (
                      <Text size="xs" c="dimmed">
                        {n.sms_capable ? 'Voice and SMS' : 'Voice only'}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {compact ? null : (
                    <Table.Td>
                      <Text size="sm">{countryName(n.country_code) ?? '—'}</Text>
                    </Table.Td>
                  )}
                  {compact ? null : (
                    <Table.Td>
                      <Badge variant="light" color={n.sms_capable ? 'teal' : 'gray'} radius="sm" tt="none">
                        {n.sms_capable ? 'SMS' : 'Voice only'}
                      </Badge>
                    </Table.Td>
                  )}
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="available-number-price">
                      {formatMoney(n.price)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconShoppingCart size={14} aria-hidden />}
                      disabled={!n.phone_number}
                      onClick={() => onChoose(n)}
                      aria-label={`Buy ${display ?? 'this number'}`}
                    >
                      Buy
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
