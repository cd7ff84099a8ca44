import { Code, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { keyValues } from '../lib/key-values';

/** An object (or a list of {name, value} entries) as a two-column table of text. */
export function KeyValueTable({ data, empty, label }: { data: unknown; empty: string; label: string }) {
  const rows = useMemo(() => keyValues(data), [data]);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label={label} fz="sm">
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={`${row.key}-${i}`}>
            <Table.Th w="35%" style={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
              {row.key}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {row.structured ? <Code>{row.value}</Code> : row.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
