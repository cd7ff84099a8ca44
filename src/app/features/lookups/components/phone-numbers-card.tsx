import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, EmptyState, SegmentedControl, Table, Text } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import type { PhoneNumber } from '../../../../contract/lookups';
import { QueryState } from '../../../components/query-state';
import { phoneNumbersQuery, type PhoneNumberType } from '../api/get-phone-numbers';
import { LookupCard } from './lookup-card';

export type PhoneFilter = 'all' | PhoneNumberType;

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

function countryName(code: string | null): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    return regionNames?.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

const typeColors: Record<string, string> = { Normal: 'blue', SIP: 'violet', 'Caller ID': 'orange' };

const descriptions: Record<PhoneFilter, string> = {
  all: 'Every number of your account. A number is available when no inbound assistant holds it.',
  inbound: 'Numbers an inbound assistant can take now: caller-ID numbers and numbers already held are left out.',
  outbound: 'Numbers outbound assistants and campaigns can call from.',
};

const emptyText: Record<PhoneFilter, string> = {
  all: 'This account has no phone numbers yet.',
  inbound: 'No number is free for an inbound assistant: each one is held already, or is a caller ID.',
  outbound: 'No number can place outbound calls.',
};

export function PhoneNumbersCard({ filter, onFilterChange }: { filter: PhoneFilter; onFilterChange: (f: PhoneFilter) => void }) {
  const query = useQuery({ ...phoneNumbersQuery(filter === 'all' ? undefined : filter), placeholderData: keepPreviousData });
  return (
    <LookupCard
      title="Phone numbers"
      testId="phone-numbers"
      count={query.data?.length}
      refreshing={query.isFetching && query.isPlaceholderData}
      description={descriptions[filter]}
      controls={
        <SegmentedControl
          size="xs"
          aria-label="Which phone numbers"
          value={filter}
          onChange={(v) => onFilterChange(v as PhoneFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'inbound', label: 'Inbound' },
            { value: 'outbound', label: 'Outbound' },
          ]}
        />
      }
    >
      <QueryState
        query={query}
        errorTitle="Could not load the phone numbers"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={<IconPhoneOff size={24} aria-hidden />} title="No phone numbers" description={emptyText[filter]} size="sm" py="md" />}
      >
        {(numbers) => <PhoneNumbersTable numbers={numbers} />}
      </QueryState>
    </LookupCard>
  );
}

function PhoneNumbersTable({ numbers }: { numbers: PhoneNumber[] }) {
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Country</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Availability</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {numbers.map((n) => {
            const country = countryName(n.country_code);
            return (
              <Table.Tr key={n.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {n.phone_number ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {country ?? n.country_code ?? '—'}
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
                      {n.type_label}
                    </Badge>
                  ) : (
                    <Text c="dimmed" size="sm">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={n.is_available ? 'teal' : 'gray'} radius="sm" tt="none">
                    {n.is_available ? 'Available' : 'In use'}
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
