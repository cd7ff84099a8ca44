import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, EmptyState, SegmentedControl, Table, Text } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import type { PhoneNumber } from '@contract/lookups';
import { QueryState } from '@/components/query-state';
import { phoneNumbersQuery, type PhoneNumberType } from '@/api/get-phone-numbers';
import { LookupCard } from '@/components/lookup-card';
import { hostTypeLabel } from '@/lib/number-type-label';
import { regionName as countryName } from '@/lib/region-name';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

export type PhoneFilter = 'all' | PhoneNumberType;

const typeColors: Record<string, string> = { Normal: 'blue', SIP: 'violet', 'Caller ID': 'orange' };

const descriptions: Record<PhoneFilter, () => string> = {
  all: m.lookups_phones_all,
  inbound: m.lookups_phones_inbound,
  outbound: m.lookups_phones_outbound,
};

const emptyText: Record<PhoneFilter, () => string> = {
  all: m.lookups_phones_empty_all,
  inbound: m.lookups_phones_empty_inbound,
  outbound: m.lookups_phones_empty_outbound,
};

export function PhoneNumbersCard({ filter, onFilterChange }: { filter: PhoneFilter; onFilterChange: (f: PhoneFilter) => void }) {
  const query = useQuery({ ...phoneNumbersQuery(filter === 'all' ? undefined : filter), placeholderData: keepPreviousData });
  return (
    <LookupCard
      title={m.lookups_phones_title()}
      testId="phone-numbers"
      count={query.data?.length}
      refreshing={query.isFetching && query.isPlaceholderData}
      description={descriptions[filter]()}
      controls={
        <SegmentedControl
          size="xs"
          aria-label={m.lookups_phones_filter()}
          value={filter}
          onChange={(v) => onFilterChange(v as PhoneFilter)}
          data={[
            { value: 'all', label: m.common_all() },
            { value: 'inbound', label: m.lookups_inbound() },
            { value: 'outbound', label: m.lookups_outbound() },
          ]}
        />
      }
    >
      <QueryState
        query={query}
        errorTitle={m.lookups_phones_error()}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconPhoneOff size={24} aria-hidden />} title={m.lookups_phones_empty()} description={emptyText[filter]()} size="sm" py="md" />}
      >
        {(numbers) => <PhoneNumbersTable numbers={numbers} />}
      </QueryState>
    </LookupCard>
  );
}

function PhoneNumbersTable({ numbers }: { numbers: PhoneNumber[] }) {
  return (
    <Table.ScrollContainer minWidth={480} type="native" tabIndex={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.lookups_col_number()}</Table.Th>
            <Table.Th>{m.lookups_col_country()}</Table.Th>
            <Table.Th>{m.lookups_col_type()}</Table.Th>
            <Table.Th>{m.lookups_col_availability()}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {numbers.map((n) => {
            const country = countryName(n.country_code);
            return (
              <Table.Tr key={n.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {n.phone_number ?? DASH}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {country ?? n.country_code ?? DASH}
                    {country && n.country_code ? (
                      <Text span c="dimmed" size="xs" ml={6}>
                        {n.country_code.toUpperCase()}
                      </Text>
                    ) : null}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {n.type_label ? (
                    <Badge variant="light" color={typeColors[n.type_label] ?? 'gray'} radius="sm" tt="none">
                      {hostTypeLabel(n.type_label)}
                    </Badge>
                  ) : (
                    <Text c="dimmed" size="sm">
                      {DASH}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={n.is_available ? 'teal' : 'gray'} radius="sm" tt="none">
                    {n.is_available ? m.lookups_available() : m.lookups_in_use()}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
