import { useState, type ReactNode } from 'react';
import { ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { m } from '@/i18n';
import { DASH } from '@/i18n/format';

interface FilterableTableProps<T extends { id: number; name: string }> {
  rows: T[];
  /** The sentence when nothing matches the filter text ("No voice matches “x”."). */
  noMatch: (text: string) => string;
  filterLabel: string;
  filterPlaceholder: string;
  /** Whether a row matches the lowercased, trimmed filter text. */
  matches: (row: T, needle: string) => boolean;
  /** The middle column: its heading and cell. */
  column: { header: string; cell: (row: T) => ReactNode };
}

/**
 * A lookup as a scrolling table of name, one more column and id, with a filter box once the list is
 * longer than a screenful of the card.
 */
export function FilterableTable<T extends { id: number; name: string }>({ rows, noMatch, filterLabel, filterPlaceholder, matches, column }: FilterableTableProps<T>) {
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const shown = needle ? rows.filter((r) => matches(r, needle)) : rows;
  return (
    <>
      {rows.length > 8 ? (
        <TextInput
          size="xs"
          placeholder={filterPlaceholder}
          aria-label={filterLabel}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      ) : null}
      <ScrollArea.Autosize mah={380} type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.common_name()}</Table.Th>
              <Table.Th>{column.header}</Table.Th>
              <Table.Th ta="right">ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Text size="sm">{r.name || DASH}</Text>
                </Table.Td>
                <Table.Td>{column.cell(r)}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed" ff="monospace">
                    {r.id}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            {noMatch(text.trim())}
          </Text>
        ) : null}
      </ScrollArea.Autosize>
    </>
  );
}
