import { useState, type FormEvent } from 'react';
import { Badge, Button, EmptyState, Group, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { QueryState } from '@/components/query-state';
import { LookupCard } from '@/components/lookup-card';
import { useSearchNumbers } from '../api/search-numbers';
import type { AvailableNumber } from '../api/schemas';
import { cleanDigits, countryName, PURCHASE_COUNTRIES } from '../lib/countries';
import { PurchaseModal } from './purchase-modal';
import { m } from '@/i18n';
import { DASH, formatCurrency, formatNumber } from '@/i18n/format';
import { ScrollTable } from '@/components/scroll-table';

/** The countries to choose from, named in the reader's language (made at render: the language is read then). */
const countryOptions = () => PURCHASE_COUNTRIES.map((code) => ({ value: code, label: m.numbers_country_option({ country: countryName(code) ?? code, code }) }));

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

  const place = search.country ? (countryName(search.country) ?? search.country) : '';
  const where = place && search.contains ? m.numbers_where_containing({ country: place, digits: search.contains }) : place;

  return (
    <LookupCard
      title={m.numbers_buy_title()}
      testId="buy-number"
      refreshing={query.isFetching && !query.isPending}
      description={m.numbers_buy_description()}
    >
      <form onSubmit={submit} aria-label={m.numbers_search_form()}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={m.numbers_country()}
            placeholder={m.numbers_country_placeholder()}
            data={countryOptions()}
            value={country}
            onChange={setCountry}
            searchable
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={m.numbers_contains()}
            placeholder={m.numbers_contains_placeholder()}
            inputMode="numeric"
            value={contains}
            onChange={(e) => setContains(cleanDigits(e.currentTarget.value))}
            maxLength={10}
            w={{ base: '100%', xs: 160 }}
            autoComplete="off"
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} disabled={!country} loading={query.isFetching && query.isPlaceholderData}>
            {m.common_search()}
          </Button>
        </Group>
      </form>
      {search.country === null ? null : (
        <QueryState
          query={query}
          errorTitle={m.numbers_search_error()}
          loading={
            <Group gap="xs" py="sm">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {m.numbers_searching({ where })}
              </Text>
            </Group>
          }
          isEmpty={(d) => d.length === 0}
          empty={<EmptyState title={m.numbers_none_for_sale()} description={m.numbers_none_for_sale_description({ where })} size="sm" py="md" />}
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
        {m.numbers_for_sale_count({ count: formatNumber(numbers.length), where })}
      </Text>
      <ScrollTable
        minWidth={compact ? 0 : 480}
        scroll={{ type: 'native' }}
        data-testid="available-numbers"
        horizontalSpacing={compact ? 4 : 'xs'}
        titles={[m.numbers_col_number(), ...(compact ? [] : [m.numbers_country(), 'SMS']), { title: m.numbers_col_per_month(), ta: 'right' }]}
        actions={m.numbers_buy()}
      >
        {numbers.map((n, i) => {
          const display = n.phone_number_formatted || n.phone_number;
          // A number for sale has no id, and a host may list one twice: its place keeps the key unique.
          return (
            <Table.Tr key={`${i}-${n.phone_number ?? ''}`} data-testid="available-number-row" data-number={n.phone_number ?? ''}>
              <Table.Td>
                <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {display ?? DASH}
                </Text>
                {compact ? (
                  <Text size="xs" c="dimmed">
                    {n.sms_capable ? m.numbers_voice_and_sms() : m.numbers_voice_only()}
                  </Text>
                ) : null}
              </Table.Td>
              {compact ? null : (
                <Table.Td>
                  <Text size="sm">{countryName(n.country_code) ?? DASH}</Text>
                </Table.Td>
              )}
              {compact ? null : (
                <Table.Td>
                  <Badge variant="light" color={n.sms_capable ? 'teal' : 'gray'} radius="sm" tt="none">
                    {n.sms_capable ? 'SMS' : m.numbers_voice_only()}
                  </Badge>
                </Table.Td>
              )}
              <Table.Td ta="right">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="available-number-price">
                  {formatCurrency(n.price)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconShoppingCart size={14} aria-hidden />}
                  disabled={!n.phone_number}
                  onClick={() => onChoose(n)}
                  aria-label={m.numbers_buy_aria({ number: display ?? m.numbers_this_number() })}
                >
                  {m.numbers_buy()}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ScrollTable>
    </>
  );
}
